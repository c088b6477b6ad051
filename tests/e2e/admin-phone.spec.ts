import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { ADMIN_PAGES, adminNav, adminPagesOfPeople } from "./admin-pages";
import { PHONE_360 } from "./appearance";
import { PEOPLE, signedInPage, signIn } from "./sign-in";
import { patientExpect as expect, region, test } from "./support";

// The admin area on a phone, every page of it (docs/decisions/0051-finished-screens.md): nothing wider than
// the screen, and no table or box that hides a column until the person scrolls it sideways; one navigation
// that marks where you are.

/** What sticks out at the right, of the page or inside a box of its own that scrolls sideways. */
async function sidewaysOverflow(page: Page) {
  return page.evaluate(() => {
    const page = (document.scrollingElement?.scrollWidth ?? 0) - window.innerWidth;
    const boxes = [...document.body.querySelectorAll<HTMLElement>("*")]
      .filter((element) => {
        const { overflowX } = getComputedStyle(element);
        return (
          (overflowX === "auto" || overflowX === "scroll") &&
          element.tagName !== "PRE" &&
          element.scrollWidth > element.clientWidth + 1
        );
      })
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}">`);
    return { page, boxes };
  });
}

test("every admin page fits a 360 px phone, with the one admin navigation marking where you are", async ({
  newPage,
}) => {
  const { page } = await signedInPage(newPage, PEOPLE.admin, "/admin");
  // Something in each list: a sponsor code with a long note (the seed has payments and people).
  const code = `PHONE${Date.now().toString(36).toUpperCase()}`;
  const made = await page.request.post("/admin/codes", {
    form: {
      intent: "create-code",
      code,
      percent: "25",
      note: "The Computer Science Student Society of a university with a rather long name",
    },
  });
  expect(made.status()).toBe(200);
  // A lead with no name and a long address without a place to break (dots are none): the people list
  // heads its card with the address, and the emails list carries it in the "New lead" subject.
  const longAddress = `alexandria.worthington.montgomery.${randomUUID().slice(0, 8)}@students.example.com`;
  const lead = await newPage();
  await signIn(lead, { sub: `long-${longAddress}`, email: longAddress, name: "" });
  await lead.context().close();
  const pages = [
    ...ADMIN_PAGES,
    ...(await adminPagesOfPeople(page, PEOPLE.proClient.email, PEOPLE.lead.email)),
  ];
  await page.setViewportSize(PHONE_360);
  for (const { path, current } of pages) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await sidewaysOverflow(page), `${path} at 360 px`).toEqual({ page: 0, boxes: [] });
    const nav = adminNav(page);
    await expect(nav.getByRole("link", { name: "Overview", exact: true })).toHaveAttribute("href", "/admin");
    const marked = nav.locator('[aria-current="page"]');
    if (current) await expect(marked, path).toHaveText(current);
    else await expect(marked, path).toHaveCount(0);
    // One way back: the navigation, not a "← Admin" link on some pages.
    await expect(page.getByRole("link", { name: "← Admin", exact: true })).toHaveCount(0);
  }
  await page.goto(`/admin/clients?${new URLSearchParams({ q: longAddress })}`);
  await expect(page.getByRole("cell", { name: longAddress })).toBeVisible();
  // The codes list holds the new code, its columns named on the phone.
  await page.goto("/admin/codes");
  const row = page.getByRole("row").filter({ hasText: code });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").filter({ hasText: "25%" })).toBeVisible();
});

test("a client page never asked for the intake says so, and its button asks for the first time", async ({
  newPage,
}) => {
  // The seeded clients were made clients by the seed, so none was asked (app/server/seed.server.ts).
  const { page } = await signedInPage(newPage, PEOPLE.admin, "/admin/clients");
  await page.goto(`/admin/clients?q=${encodeURIComponent(PEOPLE.basicClient.email)}`);
  await page.getByRole("link", { name: "Open", exact: true }).click();
  const intake = region(page, "Intake");
  await expect(intake.getByText("Not asked to fill in the questionnaire yet.")).toBeVisible();
  await expect(intake.getByRole("button", { name: "Ask to fill in the questionnaire" })).toBeVisible();
  await expect(intake.getByRole("button", { name: "Ask to fill in again" })).toHaveCount(0);
});
