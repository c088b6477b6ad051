import { freshIdentity, PEOPLE, payOnTestCheckout, signIn, toTestCheckout } from "./sign-in";
import { patientExpect as expect, gotoHydrated, test } from "./support";

// A client shares their referral link, a friend buys with it on the local test checkout, the client sees
// the reward and the admin marks it paid (docs/decisions/0044-discount-codes.md).

test("a referral link from the portal takes 10% off a friend's purchase; the referrer's cash reward is marked paid", async ({
  baseURL,
  newPage,
}) => {
  const referrer = await newPage();
  const friend = await newPage();
  const admin = await newPage();
  const referrerIdentity = freshIdentity("Referrer");
  let code = "";
  let link = "";

  await test.step("a buyer becomes a client and finds their code and link on Billing", async () => {
    await toTestCheckout(referrer, referrerIdentity, "/checkout?offer=single&currency=USD&option=upfront");
    await payOnTestCheckout(referrer, "Pay $149 USD (test)");
    await gotoHydrated(referrer, "/billing");
    const card = referrer.getByRole("region", { name: "Refer a friend" });
    code = (await card.locator("[data-referral-code]").textContent()) ?? "";
    expect(code).toMatch(/^REFERRER-[2-9A-HJKMNP-Z]{3}$/);
    link = await card.getByRole("textbox", { name: "Your referral link" }).inputValue();
    expect(link).toBe(`${baseURL}/pricing?ref=${encodeURIComponent(code)}`);
    await expect(card).toContainText("No purchases with your code yet.");
  });

  await test.step("the friend opens the link: the pricing page shows the code's price", async () => {
    await friend.context().addCookies([{ name: "currency", value: "USD", url: baseURL as string }]);
    await gotoHydrated(friend, new URL(link).pathname + new URL(link).search);
    await expect(friend.getByRole("status").filter({ hasText: code })).toContainText("10% off");
    const basic = friend.getByRole("article", { name: "Basic", exact: true });
    await expect(basic.getByText("$224.10", { exact: true })).toBeVisible();
    await basic.getByRole("link", { name: "Enroll in Basic" }).click();
    await friend.waitForURL((url) => url.pathname === "/login");
  });

  await test.step("signed in, the checkout keeps the code and the test checkout charges the discounted price", async () => {
    await signIn(friend, freshIdentity("Friend"), { from: friend.url(), expectPath: "/checkout" });
    await expect(friend.getByText("$224.10 USD", { exact: true })).toBeVisible();
    await expect(friend.getByText(`${code}: 10% off`)).toBeVisible();
    await friend.getByRole("button", { name: "Continue to the test checkout" }).click();
    await payOnTestCheckout(friend, "Pay $224.10 USD (test)");
  });

  const paidWithCode = () =>
    `List price: $249 USD; Discount: code ${code}, 10% off (−$24.90 USD); Paid: $224.10 USD`;

  await test.step("the friend's Billing reads the list price, the code and what was paid", async () => {
    await gotoHydrated(friend, "/billing");
    await expect(friend.getByRole("article", { name: "Basic" })).toContainText(paidWithCode());
  });

  await test.step("the referrer sees the referral and the cash to come", async () => {
    await gotoHydrated(referrer, "/billing");
    const card = referrer.getByRole("region", { name: "Refer a friend" });
    await expect(card.getByRole("list", { name: "Referred purchases" })).toContainText(
      "Basic: $22.41 USD in cash",
    );
    await expect(card).toContainText("Cash to come: $22.41 USD");
  });

  await test.step("the admin's Payments table reads the same for the friend's order", async () => {
    await signIn(admin, PEOPLE.admin, { to: "/admin/payments" });
    await gotoHydrated(admin, "/admin/payments?currency=USD");
    await expect(admin.getByRole("row").filter({ hasText: code })).toContainText(paidWithCode());
  });

  await test.step("the admin marks the reward paid with a note, and the referrer sees it", async () => {
    await gotoHydrated(admin, "/admin/codes");
    const owed = admin.getByRole("region", { name: "Referral rewards owed" });
    const row = owed
      .getByRole("listitem")
      .filter({ hasText: referrerIdentity.name })
      .filter({ hasText: "$22.41 USD" });
    await row.getByRole("textbox", { name: "Note" }).fill("e-Transfer 26 Nov");
    await row.getByRole("button", { name: "Mark paid" }).click();
    await expect(row).toHaveCount(0);
    await gotoHydrated(referrer, "/billing");
    const card = referrer.getByRole("region", { name: "Refer a friend" });
    await expect(card.getByRole("list", { name: "Rewards paid" })).toContainText(
      "Paid $22.41 USD: e-Transfer 26 Nov",
    );
    await expect(card).not.toContainText("Cash to come");
  });
});
