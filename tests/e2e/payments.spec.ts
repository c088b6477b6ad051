import { sessionsBar } from "./admin-pages";
import { freshIdentity, PEOPLE, payOnTestCheckout, signIn, toTestCheckout } from "./sign-in";
import { patientExpect as expect, gotoHydrated, markDocument, sameDocument, test } from "./support";

// Pro in CAD bought on the local test checkout (the same fulfilment as Stripe's webhook: docs/decisions/0027-payments.md);
// the dashboard left open in another tab turns from the demo into Pro without a reload.

test("a lead buys Pro in CAD on the local test checkout; the open dashboard shows Pro without a reload", async ({
  baseURL,
  newPage,
}) => {
  const buyer = freshIdentity("Buyer");
  const shop = await newPage();

  await test.step("a visitor chooses Pro, pays upfront in CAD, and is asked to sign in first", async () => {
    await shop.context().addCookies([{ name: "currency", value: "CAD", url: baseURL as string }]);
    await gotoHydrated(shop, "/pricing");
    const pro = shop.getByRole("article", { name: "Pro", exact: true });
    await pro.getByRole("button", { name: "See upfront price" }).click();
    await expect(pro.getByText("$900", { exact: true })).toBeVisible();
    await pro.getByRole("link", { name: "Enroll in Pro" }).click();
    await shop.waitForURL((url) => url.pathname === "/login");
    expect(new URL(shop.url()).searchParams.get("redirectTo")).toBe(
      "/checkout?offer=pro&currency=CAD&option=upfront",
    );
  });

  await test.step("signing in returns to the offer, with the price from the pricing page", async () => {
    await signIn(shop, buyer, { from: shop.url(), expectPath: "/checkout" });
    await expect(shop.getByRole("heading", { name: "Checkout: Pro" })).toBeVisible();
    await expect(shop.getByText("$900 CAD", { exact: true })).toBeVisible();
  });

  const dashboard = await shop.context().newPage();
  await test.step("the lead's dashboard, open in another tab, is the demo", async () => {
    await gotoHydrated(dashboard, "/dashboard");
    await expect(dashboard.getByRole("complementary", { name: "Demo" })).toBeVisible();
    await markDocument(dashboard);
  });

  await test.step("the test checkout takes the payment and the success page says Pro", async () => {
    await shop.getByRole("button", { name: "Continue to the test checkout" }).click();
    await shop.waitForURL((url) => url.pathname === "/checkout/local");
    await expect(shop.getByText("Local test mode: no card, no money.", { exact: false })).toBeVisible();
    await payOnTestCheckout(shop, "Pay $900 CAD (test)");
    await shop.waitForURL((url) => url.pathname === "/checkout/success");
    await expect(shop.getByRole("status")).toHaveText("Pro is yours. Your portal now shows your Pro plan.");
  });

  await test.step("the open dashboard shows Pro's allowances, without a reload", async () => {
    await expect(dashboard.getByRole("complementary", { name: "Demo" })).toHaveCount(0);
    await expect(sessionsBar(dashboard)).toHaveAttribute("aria-valuetext", "0 of 4 used");
    expect(await sameDocument(dashboard), "the dashboard was reloaded").toBe(true);
  });

  await test.step("the Billing tab shows what was bought", async () => {
    await dashboard
      .getByRole("navigation", { name: "Portal" })
      .getByRole("link", { name: "Billing" })
      .click();
    await dashboard.waitForURL((url) => url.pathname === "/billing");
    const order = dashboard.getByRole("article", { name: "Pro" });
    await expect(order).toContainText("Paid");
    await expect(order).toContainText("$900 CAD");
    await expect(order.getByRole("listitem")).toContainText(["Payment"]);
  });
});

test("the coach sees the purchase in Payments and on the client's page", async ({ newPage }) => {
  const page = await newPage();
  const buyer = freshIdentity("Payer");
  await toTestCheckout(page, buyer, "/checkout?offer=basic&currency=USD&option=upfront");
  await payOnTestCheckout(page, "Pay $249 USD (test)");

  const coach = await newPage();
  await signIn(coach, PEOPLE.coach, { to: "/admin/payments" });
  await gotoHydrated(coach, "/admin/payments?currency=USD");
  const row = coach.getByRole("row").filter({ hasText: buyer.name });
  await expect(row).toContainText("Basic");
  await expect(row).toContainText("$249");
  await expect(row).toContainText("Paid");
  await row.getByRole("link", { name: buyer.name }).click();
  await coach.waitForURL(/\/admin\/clients\/[0-9a-f-]{36}$/);
  const section = coach.getByRole("region", { name: "Payments" });
  await expect(section.getByRole("article", { name: "Basic" })).toContainText("$249 USD");
});

test("on the local test checkout, Billing pays each later instalment until the plan is paid in full", async ({
  newPage,
}) => {
  const page = await newPage();
  await toTestCheckout(
    page,
    freshIdentity("Instalments"),
    "/checkout?offer=basic&currency=CAD&option=financing",
  );
  await payOnTestCheckout(page, /^Pay .* \(test\)$/);

  await gotoHydrated(page, "/billing");
  const order = page.getByRole("article", { name: "Basic" });
  await expect(order).toContainText("1 paid, 5 left");
  for (let n = 2; n <= 6; n++) {
    await page.getByRole("button", { name: `Pay instalment ${n} of Basic (test)` }).click();
    await expect(order).toContainText(`${n} paid, ${6 - n} left`);
  }
  await expect(order).toContainText("Paid in full");
  await expect(page.getByRole("button", { name: /Pay instalment/ })).toHaveCount(0);
  await expect(order.getByRole("listitem").filter({ hasText: "Payment" })).toHaveCount(6);
});
