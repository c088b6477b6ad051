import { EMAIL_KINDS } from "../../app/domain/email";
import { chooseTheme, expectFitsPhone, expectTheme, PHONE_360 } from "./appearance";
import { PEOPLE, signedInPage, signIn } from "./sign-in";
import { patientExpect as expect, test } from "./support";

// Issue 43: a coach sees what each kind of email says, filled in with sample data, from the Emails page;
// the HTML part in a sandboxed frame of the page itself, the plain text beside it. Nothing is sent.

for (const theme of ["dark", "light"] as const) {
  test(`a coach opens a kind of email from the Emails page and reads its HTML and text (${theme}, 360 px)`, async ({
    page,
    baseURL,
  }) => {
    await chooseTheme(page, baseURL, theme);
    await page.setViewportSize(PHONE_360);
    await signIn(page, PEOPLE.coach, { to: "/admin/emails" });
    await page.getByRole("link", { name: "Preview every kind of email" }).click();
    await expect(page.getByRole("heading", { name: "Email previews", level: 1 })).toBeVisible();
    await expectTheme(page, theme);
    const clients = page.getByRole("region", { name: "To clients" });
    const staff = page.getByRole("region", { name: "To coach and admin" });
    // Every kind the product sends, and the daily digest that gathers them.
    const links = (await clients.getByRole("link").count()) + (await staff.getByRole("link").count());
    expect(links).toBe(EMAIL_KINDS.length + 1);
    await expect(staff.getByRole("link", { name: "A payment received" })).toBeVisible();
    await expectFitsPhone(page, "/admin/emails/preview");

    await clients.getByRole("link", { name: "Payment receipts" }).click();
    await expect(page).toHaveURL(/\/admin\/emails\/preview\/payment-receipt$/);
    await expect(page.getByRole("heading", { name: "Payment receipts", level: 1 })).toBeVisible();
    await expect(page.getByText(/^Receipt: .+ for Pro$/)).toBeVisible();
    // The HTML as the client's mail program shows it, without scripts or same-origin access.
    const frame = page.frameLocator('iframe[title="Payment receipts: the HTML part"]');
    await expect(frame.getByRole("heading", { name: "Thank you for your payment" })).toBeVisible();
    await expect(frame.getByText("FRIEND20", { exact: false })).toBeVisible();
    // Its inline styles apply under the page's own policy (srcdoc inherits it): the button keeps its shape.
    await expect(frame.getByRole("link", { name: "See your billing" })).toHaveCSS("border-radius", "8px");
    await expect(page.locator("iframe")).toHaveAttribute("sandbox", "");
    const text = page.getByRole("region", { name: "Plain text" });
    await expect(text).toContainText("Hi Jordan Lee,");
    await expect(text).toContainText("Discount: code FRIEND20");
    await expectFitsPhone(page, "/admin/emails/preview/payment-receipt", { exclude: "iframe" });

    // The admin navigation marks Emails here too.
    await expect(
      page.getByRole("navigation", { name: "Admin", exact: true }).locator('[aria-current="page"]'),
    ).toHaveText("Emails");
  });
}

test("an unknown kind is not found, and a client is sent away from the previews", async ({
  page,
  newPage,
}) => {
  await signIn(page, PEOPLE.coach, { to: "/admin/emails/preview" });
  const missing = await page.goto("/admin/emails/preview/no-such-kind");
  expect(missing?.status()).toBe(404);
  const client = await signedInPage(newPage, PEOPLE.basicClient, "/dashboard");
  await client.page.goto("/admin/emails/preview/welcome");
  await expect(client.page).toHaveURL(/\/dashboard$/);
});
