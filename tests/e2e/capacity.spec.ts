import { chooseTheme, expectFitsPhone, expectTheme, PHONE_360 } from "./appearance";
import { PEOPLE, signIn } from "./sign-in";
import { expect, gotoHydrated, test } from "./support";

// Issue 45, part 6 (docs/decisions/0054-business-at-a-glance.md): the coach, who may not open Business,
// opens Capacity from the admin nav on a phone; its tables turn into cards below 768 px, in both themes.

for (const theme of ["dark", "light"] as const) {
  test(`the coach reads capacity on a phone in the ${theme} theme`, async ({ page, baseURL }) => {
    await chooseTheme(page, baseURL, theme);
    await page.setViewportSize(PHONE_360);
    await signIn(page, PEOPLE.coach, { to: "/admin" });
    await expect(
      page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Business" }),
    ).toHaveCount(0);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Capacity" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Capacity and clients" })).toBeVisible();
    await gotoHydrated(page, "/admin/capacity");
    await expectTheme(page, theme);
    // The seed's clients have plans: a row per service, each figure labelled on its card.
    const perService = page.getByRole("table", {
      name: "Sessions and reviews per service, across all clients",
    });
    await expect(perService.getByRole("rowheader", { name: "Mock interview" })).toBeVisible();
    await expect(perService.locator('td[data-label="Remaining:"]').first()).toBeVisible();
    const week = page.getByRole("table", { name: "Bookings per day for the next 7 days" });
    await expect(week.locator("tbody tr")).toHaveCount(7);
    const leads = page.getByRole("table", { name: /^Leads per month over the last 12 months/ });
    await expect(leads.locator("tbody tr")).toHaveCount(12);
    await expect(page.getByRole("heading", { name: "Homework turnaround" })).toBeVisible();
    // The practice's settings are the admin's to change (docs/decisions/0055-no-shows-and-expiry.md): the
    // coach reads them, with no form.
    await expect(
      page.getByText(
        "A no-show counts as a used session. Unused sessions never expire. Only an admin changes these.",
      ),
    ).toBeVisible();
    await expect(page.getByLabel("Unused sessions expire after N months")).toHaveCount(0);
    await expectFitsPhone(page, "Capacity");
    await page.screenshot({ path: `test-results/capacity-360-${theme}.png`, fullPage: true });
  });
}
