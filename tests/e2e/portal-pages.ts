import type { Locator, Page } from "@playwright/test";
import { expect as baseExpect, region } from "./support";

// The client portal's page parts, found as a person finds them (by role and name), for the portal specs.

/** The portal specs wait generously on a busy server too (never with fixed sleeps). */
export const expect = baseExpect.configure({ timeout: 15_000 });

/** The portal's pages, in the order of its tabs. */
export const PORTAL_PATHS = ["/dashboard", "/lessons", "/homework", "/resources", "/plan"] as const;

export const main = (page: Page) => page.getByRole("main");
export const heading1 = (page: Page, name: string) =>
  page.getByRole("heading", { level: 1, name, exact: true });
export const demoBanner = (page: Page) => page.getByRole("complementary", { name: "Demo" });
export const loadingStatus = (page: Page) => main(page).getByRole("status").filter({ hasText: "Loading…" });

export function quotaCard(page: Page, label: string): Locator {
  return region(page, "Sessions and mock interviews")
    .locator(".grid > div")
    .filter({ has: page.getByRole("heading", { level: 3, name: label, exact: true }) });
}

export async function expectQuota(
  page: Page,
  label: string,
  used: number,
  included: number,
  percent: number,
) {
  const card = quotaCard(page, label);
  await expect(card).toContainText(`${used} of ${included} used`);
  const bar = page.getByRole("progressbar", { name: label, exact: true });
  await expect(bar).toHaveAttribute("aria-valuenow", String(percent));
  await expect(bar).toHaveAttribute("aria-valuetext", `${used} of ${included} used`);
  await expect(card).not.toContainText("Not included in your plan");
}

export async function expectNotIncluded(page: Page, label: string) {
  const card = quotaCard(page, label);
  await expect(card).toContainText("Not included in your plan");
  await expect(page.getByRole("progressbar", { name: label, exact: true })).toHaveCount(0);
}

export async function specialItems(page: Page): Promise<[string, string][]> {
  const rows = region(page, "Reviews and extras").locator("ul > li");
  await expect(rows.first()).toBeVisible();
  return rows.evaluateAll((items) =>
    items.map((li) => [
      li.children[0]?.textContent?.trim() ?? "",
      li.children[1]?.textContent?.replace("✓", "").trim() ?? "",
    ]),
  ) as Promise<[string, string][]>;
}

export function activityEntries(page: Page): Locator {
  return region(page, "Recent activity").locator("ol > li");
}

export async function expectNewestFirst(times: Locator) {
  const stamps = (await times.evaluateAll((els) => els.map((el) => el.getAttribute("datetime") ?? ""))).map(
    (s) => Date.parse(s),
  );
  expect(stamps.every((t) => Number.isFinite(t))).toBe(true);
  expect(stamps, "newest first").toEqual([...stamps].sort((a, b) => b - a));
}

export const itemTitles = (page: Page) => main(page).getByRole("heading", { level: 2 });

/** The pro client's special items as the seed leaves them (the pro demo shows the same). */
export const PRO_SPECIALS: [string, string][] = [
  ["Resume review", "Completed"],
  ["LinkedIn review", "Completed"],
  ["GitHub review", "Pending"],
  ["Personal website review", "Pending"],
  ["Strategy call (90m)", "Completed"],
  ["DSA survey", "Pending"],
  ["Networking playbook", "Pending"],
];
