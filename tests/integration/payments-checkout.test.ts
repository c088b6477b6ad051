import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { startCheckout } from "~/server/payments/checkout.server";
import { payLocally, payNextLocally } from "~/server/payments/local-checkout.server";
import { authorize } from "~/server/policy.server";
import { orders, payments } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { ORIGIN, paymentsForFile, STRIPE } from "../support/payments";

// Buying: checkout start, the local test checkout and its later instalments, who sees payments, and Manage
// payment method.
// On a real database with the official Stripe client against an in-process fake (tests/support/payments.ts;
// docs/decisions/0027-payments.md, 0038-stripe-api-version.md): every event is typed as the SDK's for its
// type at the pinned version, so a field Stripe does not send fails `tsc`.

const { db, fake, person, deliver, profileOf, orderOf, countOf, auditCount, buy, checkout, localCheckout } =
  paymentsForFile();

describe(`checkout start on ${databaseLabel}`, () => {
  test("creates a Checkout Session whose line item is the pricing page's price, for the buyer's order", async () => {
    const lead = await person("lead");
    const before = fake().requests.length;
    const url = await startCheckout(
      db(),
      buy(lead),
      STRIPE,
      { offer: "pro", currency: "CAD", option: "financing" },
      ORIGIN,
    );
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const request = fake()
      .requests.slice(before)
      .find((r) => r.path === "/v1/checkout/sessions");
    expect(request?.form.get("mode")).toBe("subscription");
    expect(request?.form.get("line_items[0][price_data][unit_amount]")).toBe("8000");
    expect(request?.form.get("line_items[0][price_data][currency]")).toBe("cad");
    expect(request?.form.get("line_items[0][price_data][recurring][interval]")).toBe("month");
    expect(request?.form.get("customer_email")).toBe(lead.email);
    const [order] = await db().select().from(orders).where(eq(orders.personId, lead.id));
    expect(order).toMatchObject({
      offer: "pro",
      unitAmount: 8000,
      instalments: 12,
      status: "pending",
      plan: "pro",
    });
    expect(request?.form.get("metadata[order_id]")).toBe(order?.id);
    expect(request?.idempotencyKey).toBe(`checkout-${order?.id}`);
  });

  test.each([
    [{ offer: "gold", currency: "CAD", option: "upfront" }, 400, "That offer doesn't exist"],
    [{ offer: "pro", currency: "EUR", option: "upfront" }, 400, "Choose CAD or USD."],
    [{ offer: "pro", currency: "USD", option: "financing" }, 400, "can't be paid in instalments"],
    [{ offer: "single", currency: "CAD", option: "upfront" }, 400, "billed in USD only"],
  ])("bad input %j → %i, no order and no Stripe call", async (input, status, message) => {
    const lead = await person("lead");
    const before = fake().requests.length;
    const refusal = await startCheckout(db(), buy(lead), STRIPE, input, ORIGIN).catch((e) => e);
    expect(refusal).toMatchObject({ init: { status } });
    expect(JSON.stringify(refusal.data)).toContain(message);
    expect(fake().requests.length).toBe(before);
    expect(await countOf(orders as never, eq(orders.personId, lead.id) as never)).toBe(0);
  });

  test.each(["coach", "admin"] as const)(
    "a %s gets no checkout permit: 403, no order and no Stripe call",
    async (role) => {
      const staff = await person(role);
      const before = fake().requests.length;
      const refusal = await (async () =>
        startCheckout(
          db(),
          buy(staff),
          STRIPE,
          { offer: "pro", currency: "USD", option: "upfront" },
          ORIGIN,
        ))().catch((e) => e);
      // The words staff read are the checkout routes' (tests/system/payments.test.ts).
      expect(refusal).toMatchObject({ init: { status: 403 } });
      expect(fake().requests.length).toBe(before);
      expect(await countOf(orders as never, eq(orders.personId, staff.id) as never)).toBe(0);
    },
  );

  test("without Stripe or the local checkout, nothing starts", async () => {
    const lead = await person("lead");
    const refusal = await startCheckout(
      db(),
      buy(lead),
      { mode: "off" },
      { offer: "pro", currency: "USD", option: "upfront" },
      ORIGIN,
    ).catch((e) => e);
    expect(refusal).toMatchObject({ init: { status: 404 } });
  });
});

describe(`the local test checkout on ${databaseLabel}`, () => {
  test("pays through the same signature check and fulfilment, once", async () => {
    const lead = await person("lead");
    const { url, orderId } = await localCheckout(lead, "pro");
    expect(url).toBe(`/checkout/local?order=${orderId}`);
    const before = fake().requests.length;
    await Promise.all([payLocally(db(), buy(lead), orderId), payLocally(db(), buy(lead), orderId)]);
    await payLocally(db(), buy(lead), orderId);
    expect(fake().requests.length).toBe(before);
    expect(await orderOf(orderId)).toMatchObject({ status: "active", paidInstalments: 1, provider: "local" });
    expect(await profileOf(lead.id)).toEqual({ role: "client", plan: "pro" });
    expect(await auditCount(lead.id, "order.paid")).toBe(1);
    const other = await person("lead");
    await expect(payLocally(db(), buy(other), orderId)).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe(`who sees payments, on ${databaseLabel}`, () => {
  test("a buyer sees their own; staff see anyone's; a client never another's; the list pages by 50 and filters", async () => {
    const { listOrders, ownOrders, personOrders, ORDERS_PAGE_SIZE } = await import(
      "~/server/models/orders.server"
    );
    const buyer = await person("lead");
    const { order, completed } = await checkout(buyer, "premium", "CAD", "upfront");
    await deliver(completed);
    const asClient = { ...buyer, role: "client" as const };
    expect((await ownOrders(db(), authorize(asClient, "portal.read-own"))).map((o) => o.id)).toEqual([
      order.id,
    ]);
    const coach = await person("coach");
    const admin = await person("admin");
    expect(
      (await personOrders(db(), authorize(coach, "payments.read"), buyer.id))[0]?.payments,
    ).toMatchObject([{ kind: "charge", amount: 200000 }]);
    const stranger = await person("client", "basic");
    expect(() => authorize(stranger, "payments.read")).toThrow();
    expect((await ownOrders(db(), authorize(stranger, "portal.read-own"))).map((o) => o.id)).not.toContain(
      order.id,
    );

    for (let i = 0; i < ORDERS_PAGE_SIZE; i++) {
      await db().insert(orders).values({
        personId: stranger.id,
        offer: "single",
        currency: "USD",
        option: "upfront",
        mode: "payment",
        unitAmount: 14900,
        provider: "local",
        status: "paid",
      });
    }
    const first = await listOrders(db(), authorize(coach, "payments.read"), {});
    expect(first.rows).toHaveLength(ORDERS_PAGE_SIZE);
    expect(first.total).toBeGreaterThan(ORDERS_PAGE_SIZE);
    const second = await listOrders(db(), authorize(admin, "payments.read"), { page: 2 });
    expect(second.rows.length).toBe(
      first.total - ORDERS_PAGE_SIZE > 50 ? 50 : first.total - ORDERS_PAGE_SIZE,
    );
    const cad = await listOrders(db(), authorize(admin, "payments.read"), { currency: "CAD" });
    expect(cad.rows.every((r) => r.order.currency === "CAD")).toBe(true);
    expect(cad.rows.map((r) => r.order.id)).toContain(order.id);
    const refunded = await listOrders(db(), authorize(admin, "payments.read"), { status: "refunded" });
    expect(refunded.rows.every((r) => r.order.status === "refunded")).toBe(true);
    expect(
      (await listOrders(db(), authorize(admin, "payments.read"), {})).rows.some(
        (r) => r.order.status === "pending",
      ),
    ).toBe(false);
  });
});

describe(`Manage payment method, on ${databaseLabel}`, () => {
  test("opens Stripe's billing portal for the buyer's own customer; none without a Stripe purchase", async () => {
    const { billingPortalUrl } = await import("~/server/payments/checkout.server");
    const buyer = await person("lead");
    const { completed, session } = await checkout(buyer, "monthly", "USD", "upfront");
    await deliver(completed);
    const before = fake().requests.length;
    const asClient = authorize({ ...buyer, role: "client" as const }, "portal.read-own");
    const url = await billingPortalUrl(db(), asClient, STRIPE, ORIGIN);
    expect(url).toBe(`https://billing.stripe.test/p/session/${session.customer}`);
    const request = fake()
      .requests.slice(before)
      .find((r) => r.path === "/v1/billing_portal/sessions");
    expect(request?.form.get("return_url")).toBe(`${ORIGIN}/billing`);
    const other = await person("client", "basic");
    expect(await billingPortalUrl(db(), authorize(other, "portal.read-own"), STRIPE, ORIGIN)).toBeNull();
    expect(await billingPortalUrl(db(), asClient, { mode: "local" }, ORIGIN)).toBeNull();
  });
});

describe(`the local test checkout's later instalments, on ${databaseLabel}`, () => {
  test("pays every instalment in turn through the webhook code, each with its payment intent, then stops", async () => {
    const lead = await person("lead");
    const { orderId } = await localCheckout(lead, "basic");
    await payLocally(db(), buy(lead), orderId);
    const client = { ...lead, role: "client" as const };
    const { instalments } = await orderOf(orderId);
    for (let n = 2; n <= (instalments ?? 0); n++) await payNextLocally(db(), buy(client), orderId);
    expect(await orderOf(orderId)).toMatchObject({ status: "completed", paidInstalments: instalments });
    const charges = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.kind, "charge")));
    expect(charges).toHaveLength(instalments ?? 0);
    expect(charges.every((c) => c.paymentIntent?.startsWith("pi_local_"))).toBe(true);
    await expect(payNextLocally(db(), buy(client), orderId)).rejects.toMatchObject({ init: { status: 409 } });
  });
});
