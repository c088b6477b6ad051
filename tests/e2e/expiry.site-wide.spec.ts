import type { Page } from "@playwright/test";
import { expectFitsPhone, PHONE_360 } from "./appearance";
import { PEOPLE, signedInPage } from "./sign-in";
import { patientExpect as expect, gotoHydrated, test } from "./support";

// Sessions expire (docs/decisions/0055-no-shows-and-expiry.md, "Expiry"): the admin sets a period of one
// month on a phone; the seeded Pro client, whose plan started 43 days ago (app/server/seed.server.ts), sees
// on their open dashboard that their sessions expired, and the capacity page counts them as expired.
// Site-wide: the setting holds for every client, so the defaults are put back at the end, pass or fail.

const CLIENT = PEOPLE.proClient;
const EXPIRED = /^This plan's sessions expired on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/;

const saved = (page: Page) =>
  page
    .locator("[data-sonner-toast]")
    .filter({ has: page.locator("[data-title]", { hasText: "Practice settings saved." }) });

async function setMonths(page: Page, months: string) {
  await gotoHydrated(page, "/admin/capacity");
  await page.getByLabel("Unused sessions expire after N months").fill(months);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(saved(page)).toBeVisible();
}

test("the admin sets a one-month period on a phone; a client whose plan started long ago sees their sessions expired", async ({
  newPage,
}) => {
  test.setTimeout(180_000);
  const phone = { viewport: PHONE_360 };
  const admin = (await signedInPage(newPage, PEOPLE.admin, "/admin/capacity", phone)).page;
  const client = (await signedInPage(newPage, CLIENT, "/dashboard", phone)).page;
  const sessions = client.getByRole("region", { name: "Sessions and mock interviews" });
  try {
    await test.step("with no period, the client's dashboard counts and capacity says nothing expires", async () => {
      await expect(sessions.getByText(/^\d+ of \d+ used$/).first()).toBeVisible();
      await expect(sessions.getByText(EXPIRED)).toHaveCount(0);
      await gotoHydrated(admin, "/admin/capacity");
      await expect(admin.getByText(/No expiry period is set/)).toBeVisible();
    });

    await test.step("a period out of range is refused with its reason; one month is saved", async () => {
      const field = admin.getByLabel("Unused sessions expire after N months");
      await expect(admin.getByRole("checkbox", { name: "A no-show counts as a used session" })).toBeChecked();
      await field.fill("40");
      await admin.getByRole("button", { name: "Save", exact: true }).click();
      await expect(
        admin.getByText("Enter a whole number of months from 1 to 36, or leave it empty for never."),
      ).toBeVisible();
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await field.fill("1");
      await admin.getByRole("button", { name: "Save", exact: true }).click();
      await expect(saved(admin)).toBeVisible();
      await expect(admin.getByText(/expire 1 month after a client's plan starts/)).toBeVisible();
    });

    await test.step("the client's open dashboard says their sessions expired, without a reload", async () => {
      await expect(sessions.getByText(EXPIRED).first()).toBeVisible();
      await expect(sessions.getByText(/^\d+ of \d+ used$/)).toHaveCount(0);
      await expectFitsPhone(client, "Dashboard");
      await client.screenshot({ path: "test-results/expiry-dashboard-360.png", fullPage: true });
      await gotoHydrated(client, "/plan");
      await expect(client.getByText(/^Expired on [A-Z][a-z]+ \d{1,2}, \d{4}$/).first()).toBeVisible();
    });

    await test.step("capacity counts what the seeded clients had left as expired", async () => {
      await gotoHydrated(admin, "/admin/capacity");
      const perService = admin.getByRole("table", {
        name: "Sessions and reviews per service, across all clients",
      });
      const mocks = perService.getByRole("row").filter({ hasText: "Mock interview" });
      await expect(mocks.locator('td[data-label="Expired:"]')).not.toHaveText("0");
      await expectFitsPhone(admin, "Capacity");
      await admin.screenshot({ path: "test-results/expiry-capacity-360.png", fullPage: true });
    });
  } finally {
    await setMonths(admin, "");
  }
  await test.step("back to never: the client counts again", async () => {
    await gotoHydrated(client, "/dashboard");
    await expect(sessions.getByText(/^\d+ of \d+ used$/).first()).toBeVisible();
    await expect(sessions.getByText(EXPIRED)).toHaveCount(0);
  });
});
