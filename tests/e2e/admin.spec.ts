import type { Page } from "@playwright/test";
import { homeCard, plusOne, quotaBar, rowOf, specialRow } from "./admin-pages";
import {
  chooseTheme,
  expectAccessibleIn,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  PHONE_360,
} from "./appearance";
import { openAs, PEOPLE } from "./sign-in";
import { patientExpect as expect, gotoHydrated, test } from "./support";

// The admin home, and a client's detail page on its own, as coach and admin see them
// (docs/product/screens.md and roles.md); seeded people are only looked at.

test("the admin home links to Add Lesson and Leads & Clients, without accessibility violations", async ({
  page,
  baseURL,
}) => {
  await openAs(page, PEOPLE.admin, "/admin");
  await expect(page.getByRole("heading", { level: 1, name: "Admin" })).toBeVisible();
  await expect(homeCard(page, "Add Lesson")).toHaveAttribute("href", "/admin/lessons/new");
  const people = homeCard(page, "Leads & Clients");
  await expect(people).toHaveAttribute("href", "/admin/clients");
  await expect(people).toContainText("Open any lead or client; convert leads, set plans, track sessions");
  await expectAccessibleIn(page, "dark");

  const leadsCard = page.getByRole("link", { name: /^Leads: \d+$/ });
  await expect(leadsCard).toHaveAttribute("href", "/admin/clients?filter=leads");
  // The mouse clicks where the label is on screen, so bring it on screen first (more cards push it down).
  const leadsLabel = page.locator("dt", { hasText: /^Leads$/ });
  await leadsLabel.scrollIntoViewIfNeeded();
  const label = await leadsLabel.boundingBox();
  if (!label) throw new Error("no 'Leads' label on the admin home");
  await page.mouse.click(label.x + label.width / 2, label.y + label.height / 2);
  await expect(page).toHaveURL(/\/admin\/clients\?filter=leads$/);
  await gotoHydrated(page, "/admin");

  await people.click();
  await expect(page).toHaveURL(/\/admin\/clients$/);
  await expect(page.getByRole("heading", { level: 1, name: "Leads & Clients" })).toBeVisible();

  await chooseTheme(page, baseURL, "light");
  await gotoHydrated(page, "/admin");
  await expectAccessibleIn(page, "light");

  await expect(page.getByRole("link", { name: /^Homework awaiting review: \d+$/ })).toHaveAttribute(
    "href",
    "/admin/homework",
  );
  await gotoHydrated(page, "/admin/homework");
  await expect(page.getByRole("heading", { level: 1, name: "Homework awaiting review" })).toBeVisible();
  await expectNoAxeViolations(page);
});

test("a coach's admin home promises only what a coach may do", async ({ page }) => {
  await openAs(page, PEOPLE.coach, "/admin");
  const people = homeCard(page, "Leads & Clients");
  await expect(people).toContainText(
    "Open any lead or client; assign and review homework and share resources.",
  );
  for (const notTheirs of ["Convert leads", "convert leads", "set plans", "track sessions", "log activity"]) {
    await expect(page.getByRole("main")).not.toContainText(notTheirs);
  }
});

async function openSofia(page: Page, path = "/admin/clients?q=sofia.alvarez") {
  await openAs(page, PEOPLE.admin, path);
  await rowOf(page, PEOPLE.premiumClient.email).getByRole("link", { name: "Open", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sofia Alvarez" })).toBeVisible();
  const detailPath = new URL(page.url()).pathname;
  await gotoHydrated(page, detailPath);
  await expect(quotaBar(page, "30-minute coaching session")).toBeVisible();
  await expect(page.getByRole("button", { name: "Mark reviewed" }).first()).toBeVisible();
  return detailPath;
}

test("the client detail page fits a 360 px wide phone: no sideways scroll, the controls whole", async ({
  page,
}) => {
  await page.setViewportSize(PHONE_360);
  const detailPath = await openSofia(page);
  await expectNoSidewaysScroll(page, detailPath);
  for (const control of [
    plusOne(page, "30-minute coaching session"),
    specialRow(page, "Resume review").getByRole("button"),
    page.getByRole("button", { name: "Add activity" }),
    page.getByRole("button", { name: "Mark reviewed" }).first(),
  ]) {
    await control.scrollIntoViewIfNeeded();
    await expect(control).toBeInViewport({ ratio: 1 });
  }
  await expectNoSidewaysScroll(page, `${detailPath} scrolled down`);
});

for (const theme of ["dark", "light"] as const) {
  test(`the client detail page has no accessibility violations in the ${theme} theme`, async ({
    page,
    baseURL,
  }) => {
    await chooseTheme(page, baseURL, theme);
    await openSofia(page);
    await expectAccessibleIn(page, theme);
  });
}
