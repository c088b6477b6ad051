import type { Page } from "@playwright/test";
import { PHONE_360 } from "./appearance";
import { freshIdentity, openAs, PEOPLE, signIn } from "./sign-in";
import { patientExpect as expect, gotoHydrated, test } from "./support";

// A buyer refused at checkout stays on their checkout: too many codes tried, whether found by Apply (a GET)
// or by the payment button (a POST), is said beside the code field, with the offer, currency and option
// kept (docs/decisions/0049-code-refusals.md). With JavaScript and without: both forms work without it.

const CHECKOUT = "/checkout?offer=basic&currency=CAD&option=financing";
const TOO_MANY = "Too many codes tried in a short time. Please wait a minute and try again.";

async function referralCode(page: Page): Promise<string> {
  await openAs(page, PEOPLE.basicClient, "/billing");
  const code = await page.getByRole("region", { name: "Refer a friend" }).locator("[data-referral-code]");
  await expect(code).toHaveText(/^MAYA-/);
  return (await code.textContent()) ?? "";
}

/** Still the Basic checkout in CAD, in instalments, with no error page. */
async function expectSameCheckout(page: Page) {
  await expect(page.getByRole("heading", { level: 1, name: "Checkout: Basic" })).toBeVisible();
  const url = new URL(page.url());
  expect(url.pathname).toBe("/checkout");
  expect(
    Object.fromEntries(["offer", "currency", "option"].map((k) => [k, url.searchParams.get(k)])),
  ).toEqual({
    offer: "basic",
    currency: "CAD",
    option: "financing",
  });
  await expect(page.locator("dl").first()).toContainText("CAD");
  await expect(page.getByText("Go to the home page")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: /Internal Server Error|\d{3}/ })).toHaveCount(0);
}

for (const javaScriptEnabled of [true, false]) {
  test(`too many codes tried: the buyer stays on their checkout, told beside the code (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    newPage,
  }) => {
    const code = await referralCode(await newPage());
    const paying = await newPage({ javaScriptEnabled });
    const guessing = await paying.context().newPage();
    const field = (page: Page) => page.getByRole("textbox", { name: "Discount or referral code" });

    await test.step("a new buyer opens the checkout from a referral link: the code applies", async () => {
      await signIn(paying, freshIdentity("Refused"), { to: `${CHECKOUT}&ref=${code}` });
      if (javaScriptEnabled) await gotoHydrated(paying, `${CHECKOUT}&ref=${code}`);
      await expect(paying.getByText(`${code}: 10% off`)).toBeVisible();
    });

    await test.step("in another tab, ten wrong codes, then Apply: the limit is said beside the field", async () => {
      if (javaScriptEnabled) await gotoHydrated(guessing, CHECKOUT);
      else await guessing.goto(CHECKOUT);
      // Sent at once, as Apply sends them, so the rest of the test falls within the limit's minute.
      const guesses = await Promise.all(
        Array.from({ length: 10 }, (_, i) => guessing.request.get(`${CHECKOUT}&code=GUESS-${i}X`)),
      );
      for (const [i, guess] of guesses.entries()) {
        expect(guess.status()).toBe(200);
        expect(await guess.text()).toContain(`There&#x27;s no code &quot;GUESS-${i}X&quot;`);
      }
      await field(guessing).fill("ANOTHER-TRY");
      // Apply's own answer: a live change about this new person may revalidate the page meanwhile (200).
      const answer = guessing.waitForResponse(
        (r) => new URL(r.url()).searchParams.get("code") === "ANOTHER-TRY",
      );
      await guessing.getByRole("button", { name: "Apply" }).click();
      expect((await answer).status()).toBe(429);
      await expect(guessing.locator("#checkout-code-error")).toHaveText(TOO_MANY);
      await expect(field(guessing)).toHaveAttribute("aria-invalid", "true");
      await expectSameCheckout(guessing);
    });

    await test.step("the first tab's payment button: refused the same way, on the same checkout", async () => {
      const answer = paying.waitForResponse((r) => r.request().method() === "POST");
      await paying.getByRole("button", { name: "Continue to the test checkout" }).click();
      // With JavaScript, React Router's own .data answer (202) carries the 429 inside.
      const status = (await answer).status();
      if (!javaScriptEnabled) expect(status).toBe(429);
      await expect(paying.getByRole("alert").filter({ hasText: TOO_MANY })).toBeVisible();
      await expectSameCheckout(paying);
      // The link's code is kept for when the minute has passed.
      await expect(paying.locator('input[type="hidden"][name="ref"]')).toHaveValue(code);
    });
  });
}

for (const javaScriptEnabled of [true, false]) {
  test(`a code link that can't be used says why on the pricing page, visibly, at 360 px (JavaScript ${javaScriptEnabled ? "on" : "off"})`, async ({
    newPage,
  }) => {
    const page = await newPage({ javaScriptEnabled, viewport: PHONE_360 });
    await page.goto("/pricing?ref=NO-SUCH-CLUB");
    const said = page.getByRole("status").filter({ hasText: `There's no code "NO-SUCH-CLUB"` });
    await expect(said).toBeVisible();
    await expect(page.getByRole("link", { name: "Enroll in Basic" }).first()).not.toHaveAttribute(
      "href",
      /ref=/,
    );
  });
}
