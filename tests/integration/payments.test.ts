import { and, count, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Plan, Role } from "~/domain/plans";
import type { Viewer } from "~/domain/viewer";
import type { PaymentsConfig } from "~/server/env.server";
import type { LiveEvent } from "~/server/live/bus.server";
import { confirmCheckout, startCheckout } from "~/server/payments/checkout.server";
import { payLocally, payNextLocally } from "~/server/payments/local-checkout.server";
import { stripeWebhook } from "~/server/payments/stripe-webhook.server";
import { authorize } from "~/server/policy.server";
import { auditEvents, emailOutbox, orders, paymentEvents, payments, profiles } from "~/server/schema";
import { databaseLabel, freshDatabase } from "../support/database";
import {
  type FakeStripe,
  signed,
  startFakeStripe,
  stripeEvent,
  TEST_SECRET_KEY,
  TEST_WEBHOOK_SECRET,
} from "../support/fake-stripe";
import { insertPerson } from "../support/people";

// Payments on a real database with the official Stripe client against an in-process fake
// (docs/decisions/0027-payments.md, 0038-stripe-api-version.md): every event is typed as the SDK's for its
// type at the pinned version, so a field Stripe does not send fails `tsc`.

let database: Awaited<ReturnType<typeof freshDatabase>>;
let fake: FakeStripe;
const db = () => database.db;
const STRIPE = { mode: "stripe", secretKey: TEST_SECRET_KEY, webhookSecret: TEST_WEBHOOK_SECRET } as const;
const ORIGIN = "http://localhost:3000";

beforeAll(async () => {
  database = await freshDatabase();
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake?.close();
  await database?.dispose();
});

const person = (role: Role, plan: Plan | null = null) => insertPerson(db(), role, plan, `${role} buyer`);

/** POST /webhooks/stripe as the app answers it, with this test's keys (the fake Stripe's) and database. */
const send = (body: string, signature: string | undefined, opened = async () => db()) =>
  stripeWebhook.handle(Buffer.from(body), signature, { payments: STRIPE, db: opened });

function deliver(event: unknown, secret = TEST_WEBHOOK_SECRET) {
  const { body, signature } = signed(event, secret);
  return send(body, signature);
}

async function profileOf(id: string) {
  const [row] = await db().select().from(profiles).where(eq(profiles.id, id));
  return { role: row?.role, plan: row?.plan };
}
async function orderOf(id: string) {
  const [row] = await db().select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error("no order");
  return row;
}
async function countOf(
  table: typeof auditEvents | typeof payments | typeof paymentEvents,
  where?: ReturnType<typeof eq>,
) {
  const [row] = await db().select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}
const auditCount = (targetId: string, action: string) =>
  countOf(
    auditEvents,
    and(eq(auditEvents.targetId, targetId), eq(auditEvents.action, action)) as ReturnType<typeof eq>,
  );

const buy = (buyer: Viewer) => authorize(buyer, "checkout.start");

async function checkout(buyer: Viewer, offer: string, currency: string, option: string) {
  const url = await startCheckout(db(), buy(buyer), STRIPE, { offer, currency, option }, ORIGIN);
  const sessionId = url.split("/").pop() as string;
  const session = fake.pay(sessionId);
  const [order] = await db().select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
  if (!order) throw new Error("no order for the session");
  return { order, session, completed: stripeEvent("checkout.session.completed", { ...session }) };
}

/** No top-level `payment_intent` and `payments` left out at the pinned version (docs/decisions/0038-stripe-api-version.md). */
function invoice(
  order: { id: string; unitAmount: number },
  subscription: string,
  n: number,
  extra: Partial<Stripe.Invoice> = {},
): Partial<Stripe.Invoice> {
  const id = `in_${order.id.slice(0, 8)}_${n}`;
  fake.invoices.set(id, { paymentIntent: instalmentIntent(order, n), orderId: order.id });
  return {
    id,
    object: "invoice",
    amount_paid: order.unitAmount,
    amount_due: order.unitAmount,
    attempt_count: 1,
    currency: "cad",
    hosted_invoice_url: `https://invoice.stripe.test/${n}`,
    metadata: {},
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription, metadata: { order_id: order.id } },
    },
    ...extra,
  };
}
const instalmentIntent = (order: { id: string }, n: number) => `pi_${order.id.slice(0, 8)}_${n}`;

describe(`checkout start on ${databaseLabel}`, () => {
  test("creates a Checkout Session whose line item is the pricing page's price, for the buyer's order", async () => {
    const lead = await person("lead");
    const before = fake.requests.length;
    const url = await startCheckout(
      db(),
      buy(lead),
      STRIPE,
      { offer: "pro", currency: "CAD", option: "financing" },
      ORIGIN,
    );
    expect(url).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);
    const request = fake.requests.slice(before).find((r) => r.path === "/v1/checkout/sessions");
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
    const before = fake.requests.length;
    const refusal = await startCheckout(db(), buy(lead), STRIPE, input, ORIGIN).catch((e) => e);
    expect(refusal).toMatchObject({ init: { status } });
    expect(JSON.stringify(refusal.data)).toContain(message);
    expect(fake.requests.length).toBe(before);
    expect(await countOf(orders as never, eq(orders.personId, lead.id) as never)).toBe(0);
  });

  test.each(["coach", "admin"] as const)(
    "a %s gets no checkout permit: 403, no order and no Stripe call",
    async (role) => {
      const staff = await person(role);
      const before = fake.requests.length;
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
      expect(fake.requests.length).toBe(before);
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

describe(`the webhook's signature check on ${databaseLabel}`, () => {
  test("a missing, wrong or tampered signature is 400 and stores nothing", async () => {
    const lead = await person("lead");
    const { order, completed } = await checkout(lead, "pro", "USD", "upfront");
    const events = await countOf(paymentEvents);
    const { body, signature } = signed(completed);
    const answers = await Promise.all([
      send(body, undefined),
      send(body, signed(completed, "whsec_someoneelse").signature),
      send(body.replace('"amount_total":64900', '"amount_total":1'), signature),
      send(`${body} `, signature),
      send(body, "t=1,v1=deadbeef"),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await countOf(paymentEvents)).toBe(events);
    expect((await orderOf(order.id)).status).toBe("pending");
    expect(await profileOf(lead.id)).toEqual({ role: "lead", plan: null });
  });

  test("a signed body that is not JSON, or not an event, is 400; a body too large is 413", async () => {
    const notJson = "this is not json";
    const header = signed("x").signature.replace(/t=\d+/, "t=0");
    expect((await send(notJson, header)).status).toBe(400);
    const { stripeWebhooks } = await import("~/server/payments/stripe.server");
    const sign = (payload: string) =>
      stripeWebhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET });
    expect((await send(notJson, sign(notJson))).status).toBe(400);
    expect((await send("[1,2]", sign("[1,2]"))).status).toBe(400);
    const huge = JSON.stringify({
      id: "evt_huge",
      type: "x",
      data: { object: { pad: "a".repeat(300_000) } },
    });
    expect((await send(huge, sign(huge))).status).toBe(413);
    expect(await countOf(paymentEvents, eq(paymentEvents.id, "evt_huge") as never)).toBe(0);
  });

  test("without Stripe's keys there is no webhook (404); a body not kept raw is 400", async () => {
    const { body, signature } = signed(stripeEvent("customer.created", { id: "cus_y", object: "customer" }));
    const answer = (raw: unknown, payments: PaymentsConfig) =>
      stripeWebhook.handle(raw, signature, { payments, db: async () => db() });
    expect((await answer(Buffer.from(body), { mode: "off" })).status).toBe(404);
    expect((await answer(Buffer.from(body), { mode: "local" })).status).toBe(404);
    expect(await answer(body, STRIPE)).toEqual({ status: 400, body: { error: "Expected a raw body." } });
  });

  test("an event of a type we don't use is 200, stored as ignored, and changes nothing", async () => {
    const event = stripeEvent("customer.created", { id: "cus_x", object: "customer" });
    const answer = await deliver(event);
    expect(answer).toMatchObject({ status: 200, body: { outcome: "ignored: customer.created is not used" } });
  });
});

describe(`fulfilment, exactly once, on ${databaseLabel}`, () => {
  test("a paid Pro checkout turns a lead into a client on Pro, with the trail and the live update", async () => {
    const lead = await person("lead");
    const { order, completed } = await checkout(lead, "pro", "CAD", "upfront");
    const heard: LiveEvent[] = [];
    const stop = await database.bus.subscribe((event) => heard.push(event));
    const answer = await deliver(completed);
    expect(answer).toMatchObject({ status: 200, body: { outcome: "applied" } });
    expect(await profileOf(lead.id)).toEqual({ role: "client", plan: "pro" });
    const paid = await orderOf(order.id);
    expect(paid.status).toBe("paid");
    expect(paid.fulfilledAt).not.toBeNull();
    const charges = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(charges).toMatchObject([{ kind: "charge", amount: 90000, currency: "CAD" }]);
    expect(await auditCount(lead.id, "order.paid")).toBe(1);
    const [change] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, lead.id), eq(auditEvents.action, "payment.fulfil")));
    expect(change).toMatchObject({
      before: { role: "lead", plan: null },
      after: { role: "client", plan: "pro" },
    });
    await expect.poll(() => heard.map((e) => e.kind)).toEqual(expect.arrayContaining(["profile", "payment"]));
    stop();

    const again = await deliver(completed);
    expect(again).toMatchObject({ status: 200, body: { outcome: "replay" } });
    expect(await auditCount(lead.id, "order.paid")).toBe(1);
    expect(await countOf(payments, eq(payments.orderId, order.id) as never)).toBe(1);
  });

  test("20 concurrent deliveries of one event fulfil once", async () => {
    const lead = await person("lead");
    const { order, completed } = await checkout(lead, "premium", "USD", "upfront");
    const { body, signature } = signed(completed);
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(body, signature)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => "outcome" in a.body && a.body.outcome === "applied")).toHaveLength(1);
    expect(await auditCount(lead.id, "order.paid")).toBe(1);
    expect(await auditCount(lead.id, "payment.fulfil")).toBe(1);
    expect(await countOf(payments, eq(payments.orderId, order.id) as never)).toBe(1);
    expect(await profileOf(lead.id)).toEqual({ role: "client", plan: "premium" });
  });

  test("the success page and the webhook arriving together fulfil once", async () => {
    const lead = await person("lead");
    const { order, session } = await checkout(lead, "basic", "USD", "upfront");
    const events = Array.from({ length: 5 }, () => stripeEvent("checkout.session.completed", { ...session }));
    await Promise.all([
      ...events.map((e) => deliver(e)),
      confirmCheckout(db(), buy(lead), STRIPE, session.id),
      confirmCheckout(db(), buy(lead), STRIPE, session.id),
    ]);
    expect(await auditCount(lead.id, "order.paid")).toBe(1);
    expect(await countOf(payments, eq(payments.orderId, order.id) as never)).toBe(1);
    expect((await orderOf(order.id)).status).toBe("paid");
  });

  test("the success page alone fulfils once Stripe says paid, and not before", async () => {
    const lead = await person("lead");
    const url = await startCheckout(
      db(),
      buy(lead),
      STRIPE,
      { offer: "pro", currency: "USD", option: "upfront" },
      ORIGIN,
    );
    const sessionId = url.split("/").pop() as string;
    expect((await confirmCheckout(db(), buy(lead), STRIPE, sessionId)).status).toBe("pending");
    expect(await profileOf(lead.id)).toEqual({ role: "lead", plan: null });
    fake.pay(sessionId);
    expect((await confirmCheckout(db(), buy(lead), STRIPE, sessionId)).status).toBe("paid");
    expect(await profileOf(lead.id)).toEqual({ role: "client", plan: "pro" });
    const other = await person("lead");
    await expect(confirmCheckout(db(), buy(other), STRIPE, sessionId)).rejects.toMatchObject({
      init: { status: 404 },
    });
  });

  test("an amount or currency that differs from the order fulfils nothing", async () => {
    const lead = await person("lead");
    const { order, session } = await checkout(lead, "pro", "CAD", "upfront");
    for (const change of [{ amount_total: 100 }, { currency: "usd" }]) {
      const answer = await deliver(stripeEvent("checkout.session.completed", { ...session, ...change }));
      expect(answer.status).toBe(200);
      expect("outcome" in answer.body && answer.body.outcome).toMatch(/^ignored: paid/);
    }
    expect((await orderOf(order.id)).status).toBe("pending");
    expect(await profileOf(lead.id)).toEqual({ role: "lead", plan: null });
    expect(await countOf(payments, eq(payments.orderId, order.id) as never)).toBe(0);
  });

  test("a purchase never lowers a higher plan; a lower client rises", async () => {
    const premium = await person("client", "premium");
    await deliver((await checkout(premium, "basic", "USD", "upfront")).completed);
    expect(await profileOf(premium.id)).toEqual({ role: "client", plan: "premium" });
    expect(await auditCount(premium.id, "order.paid")).toBe(1);
    const basic = await person("client", "basic");
    await deliver((await checkout(basic, "pro", "USD", "upfront")).completed);
    expect(await profileOf(basic.id)).toEqual({ role: "client", plan: "pro" });
  });

  test("a single session makes a lead a client without setting a plan", async () => {
    const lead = await person("lead");
    await deliver((await checkout(lead, "single", "USD", "upfront")).completed);
    expect(await profileOf(lead.id)).toEqual({ role: "client", plan: null });
  });

  test("an expired session, even delivered after the payment, does no harm", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "basic", "CAD", "upfront");
    await deliver(completed);
    await deliver(stripeEvent("checkout.session.expired", { ...session, payment_status: "unpaid" }));
    expect((await orderOf(order.id)).status).toBe("paid");
    const other = await person("lead");
    const abandoned = await checkout(other, "basic", "CAD", "upfront");
    await deliver(
      stripeEvent("checkout.session.expired", { ...abandoned.session, payment_status: "unpaid" }),
    );
    expect((await orderOf(abandoned.order.id)).status).toBe("expired");
  });
});

describe(`instalments, failures, cancellation and refunds on ${databaseLabel}`, () => {
  test("Pro in 12 CAD instalments: invoices before the session, a failure, and a stop after the last", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "pro", "CAD", "financing");
    const subscription = session.subscription as string;
    await deliver(stripeEvent("invoice.paid", invoice(order, subscription, 1)));
    await deliver(completed);
    expect(await orderOf(order.id)).toMatchObject({
      status: "active",
      paidInstalments: 1,
      subscriptionId: subscription,
    });
    expect(await profileOf(lead.id)).toEqual({ role: "client", plan: "pro" });

    // Past due: the coach decides (the plan stays); a retry pays it.
    const { hasFailedPayment, pastDueOrders } = await import("~/server/models/orders.server");
    const asClient = { ...lead, role: "client" as const };
    expect(await hasFailedPayment(db(), authorize(asClient, "portal.read-own"))).toBe(false);
    await deliver(
      stripeEvent("invoice.payment_failed", invoice(order, subscription, 2, { attempt_count: 1 })),
    );
    expect((await orderOf(order.id)).status).toBe("past_due");
    expect(await profileOf(lead.id)).toEqual({ role: "client", plan: "pro" });
    expect(await hasFailedPayment(db(), authorize(asClient, "portal.read-own"))).toBe(true);
    const coach = await person("coach");
    expect((await pastDueOrders(db(), authorize(coach, "payments.read"))).map((o) => o.id)).toContain(
      order.id,
    );
    await deliver(stripeEvent("invoice.paid", invoice(order, subscription, 2)));
    expect((await orderOf(order.id)).status).toBe("active");
    expect(await hasFailedPayment(db(), authorize(asClient, "portal.read-own"))).toBe(false);
    await deliver(
      stripeEvent("invoice.payment_failed", invoice(order, subscription, 2, { attempt_count: 1 })),
    );
    expect((await orderOf(order.id)).status).toBe("active");

    for (let n = 3; n <= 12; n++) await deliver(stripeEvent("invoice.paid", invoice(order, subscription, n)));
    expect(await orderOf(order.id)).toMatchObject({ status: "completed", paidInstalments: 12 });
    const charges = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, "charge")));
    expect(charges.map((c) => c.paymentIntent).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => instalmentIntent(order, i + 1)).sort(),
    );
    // The end was fixed when the subscription started: no call now.
    expect(fake.canceledSubscriptions).not.toContain(subscription);
    await deliver(
      stripeEvent("customer.subscription.deleted", {
        id: subscription,
        object: "subscription",
        metadata: { order_id: order.id },
      }),
    );
    expect((await orderOf(order.id)).status).toBe("completed");
    expect(
      await countOf(payments, and(eq(payments.orderId, order.id), eq(payments.kind, "charge")) as never),
    ).toBe(12);
    expect(
      await countOf(payments, and(eq(payments.orderId, order.id), eq(payments.kind, "failed")) as never),
    ).toBe(1);
  });

  test("Monthly Sessions is a subscription; cancelling it is recorded, history kept", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "monthly", "CAD", "upfront");
    const subscription = session.subscription as string;
    await deliver(completed);
    await deliver(stripeEvent("invoice.paid", invoice(order, subscription, 1)));
    await deliver(stripeEvent("invoice.paid", invoice(order, subscription, 2)));
    expect(await orderOf(order.id)).toMatchObject({
      status: "active",
      paidInstalments: 2,
      instalments: null,
    });
    await deliver(stripeEvent("customer.subscription.deleted", { id: subscription, object: "subscription" }));
    expect((await orderOf(order.id)).status).toBe("canceled");
    expect(await auditCount(lead.id, "order.canceled")).toBe(1);
    expect(await countOf(payments, eq(payments.orderId, order.id) as never)).toBe(2);
  });

  test("refunds are recorded once each, out of order too, and never delete the charge", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "pro", "USD", "upfront");
    await deliver(completed);
    const charge = (refunded: number) =>
      stripeEvent("charge.refunded", {
        id: `ch_${order.id.slice(0, 8)}`,
        object: "charge",
        payment_intent: session.payment_intent,
        amount: 64900,
        amount_refunded: refunded,
        receipt_url: "https://pay.stripe.test/receipts/1",
      });
    await deliver(charge(64900));
    await deliver(charge(10000));
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((r) => [r.kind, r.amount]).sort()).toEqual([
      ["charge", 64900],
      ["refund", 64900],
    ]);
    expect((await orderOf(order.id)).status).toBe("refunded");
    expect(await auditCount(lead.id, "order.refunded")).toBe(1);
    // The coach decides what a refund means for access.
    expect(await profileOf(lead.id)).toEqual({ role: "client", plan: "pro" });
  });

  test("a partial refund leaves the order paid", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "basic", "USD", "upfront");
    await deliver(completed);
    await deliver(
      stripeEvent("charge.refunded", {
        id: "ch_partial",
        payment_intent: session.payment_intent,
        amount_refunded: 5000,
      }),
    );
    expect((await orderOf(order.id)).status).toBe("paid");
    expect(
      await countOf(payments, and(eq(payments.orderId, order.id), eq(payments.kind, "refund")) as never),
    ).toBe(1);
  });
});

async function localCheckout(buyer: Viewer, offer: string) {
  const url = await startCheckout(
    db(),
    buy(buyer),
    { mode: "local" },
    { offer, currency: "CAD", option: "financing" },
    ORIGIN,
  );
  return { url, orderId: new URL(url, ORIGIN).searchParams.get("order") as string };
}

describe(`the local test checkout on ${databaseLabel}`, () => {
  test("pays through the same signature check and fulfilment, once", async () => {
    const lead = await person("lead");
    const { url, orderId } = await localCheckout(lead, "pro");
    expect(url).toBe(`/checkout/local?order=${orderId}`);
    const before = fake.requests.length;
    await Promise.all([payLocally(db(), buy(lead), orderId), payLocally(db(), buy(lead), orderId)]);
    await payLocally(db(), buy(lead), orderId);
    expect(fake.requests.length).toBe(before);
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
    const before = fake.requests.length;
    const asClient = authorize({ ...buyer, role: "client" as const }, "portal.read-own");
    const url = await billingPortalUrl(db(), asClient, STRIPE, ORIGIN);
    expect(url).toBe(`https://billing.stripe.test/p/session/${session.customer}`);
    const request = fake.requests.slice(before).find((r) => r.path === "/v1/billing_portal/sessions");
    expect(request?.form.get("return_url")).toBe(`${ORIGIN}/billing`);
    const other = await person("client", "basic");
    expect(await billingPortalUrl(db(), authorize(other, "portal.read-own"), STRIPE, ORIGIN)).toBeNull();
    expect(await billingPortalUrl(db(), asClient, { mode: "local" }, ORIGIN)).toBeNull();
  });
});

describe(`receipts, on ${databaseLabel}`, () => {
  test("a one-time payment's receipt comes with its fulfilment; a charge before its checkout is ignored, not retried", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "pro", "USD", "upfront");
    const charge = stripeEvent("charge.succeeded", {
      id: "ch_receipt",
      object: "charge",
      payment_intent: session.payment_intent,
      receipt_url: "https://pay.stripe.test/receipts/ch_receipt",
    });
    // Nothing to attach it to yet; 200, as the fulfilment fetches the receipt itself.
    expect(await deliver(charge)).toEqual({
      status: 200,
      body: { received: true, outcome: "ignored: no payment of ours for this charge" },
    });
    await deliver(completed);
    const [row] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(row?.receiptUrl).toBe(`https://pay.stripe.test/receipts/${session.payment_intent}`);
  });

  test("a charge.succeeded after the fulfilment fills a missing receipt link and keeps one there", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "basic", "USD", "upfront");
    fake.failing.add(`/v1/payment_intents/${session.payment_intent}`);
    expect((await deliver(completed)).status).toBe(200);
    fake.failing.clear();
    expect((await orderOf(order.id)).status).toBe("paid");
    const charge = (url: string) =>
      stripeEvent("charge.succeeded", {
        id: "ch_late",
        payment_intent: session.payment_intent,
        receipt_url: url,
      });
    await deliver(charge("https://pay.stripe.test/receipts/first"));
    await deliver(charge("https://pay.stripe.test/receipts/second"));
    const [row] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(row?.receiptUrl).toBe("https://pay.stripe.test/receipts/first");
  });
});

describe(`Stripe's shapes at the pinned API version, on ${databaseLabel}`, () => {
  test("an instalment's payment intent comes from its invoice's payments, so refunding any instalment is recorded", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "basic", "CAD", "financing");
    const subscription = session.subscription as string;
    await deliver(completed);
    for (const n of [1, 2, 3]) await deliver(stripeEvent("invoice.paid", invoice(order, subscription, n)));
    const refund = stripeEvent("charge.refunded", {
      id: `ch_${order.id.slice(0, 8)}_2`,
      object: "charge",
      payment_intent: instalmentIntent(order, 2),
      amount: order.unitAmount,
      amount_refunded: order.unitAmount,
      receipt_url: "https://pay.stripe.test/receipts/refund-2",
    });
    expect(await deliver(refund)).toEqual({ status: 200, body: { received: true, outcome: "applied" } });
    const refunds = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, "refund")));
    expect(refunds.map((r) => [r.amount, r.paymentIntent])).toEqual([
      [order.unitAmount, instalmentIntent(order, 2)],
    ]);
    expect((await orderOf(order.id)).status).toBe("active");
  });

  test("the number of instalments is fixed as the subscription starts: it ends inside the last one's period", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "pro", "CAD", "financing");
    const subscription = session.subscription as string;
    expect(fake.subscriptionEnds.has(subscription)).toBe(false);
    await deliver(completed);
    const endsAt = fake.subscriptionEnds.get(subscription) as number;
    const started = new Date(completed.created * 1000);
    const monthsLater = (n: number) => {
      const date = new Date(started);
      date.setUTCMonth(date.getUTCMonth() + n);
      return date.getTime() / 1000;
    };
    expect(order.instalments).toBe(12);
    expect(endsAt).toBeGreaterThan(monthsLater(11));
    expect(endsAt).toBeLessThan(monthsLater(12));
    const update = fake.requests.find(
      (r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscription}`,
    );
    expect(update?.form.get("proration_behavior")).toBe("none");
  });

  test("if the end can't be set, the completion answers 503 and is not stored, so Stripe delivers it again", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "premium", "CAD", "financing");
    const subscription = session.subscription as string;
    fake.failing.add(`/v1/subscriptions/${subscription}`);
    expect((await deliver(completed)).status).toBe(503);
    expect(await countOf(paymentEvents, eq(paymentEvents.id, completed.id) as never)).toBe(0);
    expect((await orderOf(order.id)).status).toBe("pending");
    fake.failing.clear();
    expect((await deliver(completed)).status).toBe(200);
    expect(fake.subscriptionEnds.has(subscription)).toBe(true);
    expect((await orderOf(order.id)).status).toBe("active");
  });
});

async function readmeEventTypes(): Promise<string[]> {
  const { readFile } = await import("node:fs/promises");
  const readme = await readFile(new URL("../../README.md", import.meta.url), "utf8");
  const list = readme.slice(
    readme.indexOf("with these events:"),
    readme.indexOf("Copy its **signing secret**"),
  );
  return [...list.matchAll(/`([a-z_.]+)`/g)].map((m) => m[1] as string);
}

describe(`only our own failures are 5xx, on ${databaseLabel}`, () => {
  function eventsFor(
    type: string,
    mine: { order: { id: string; unitAmount: number }; session: FakeSessionLike } | null,
  ) {
    const foreignIntent = `pi_elsewhere_${Math.random().toString(36).slice(2, 8)}`;
    fake.paymentIntents.set(foreignIntent, { metadata: {}, receiptUrl: null });
    const intent = mine ? (mine.session.payment_intent as string) : foreignIntent;
    const orderMetadata: Stripe.Metadata = mine ? { order_id: mine.order.id } : {};
    const subscription = mine ? (mine.session.subscription as string | null) : "sub_elsewhere";
    switch (type) {
      case "checkout.session.completed":
      case "checkout.session.async_payment_succeeded":
      case "checkout.session.expired":
        return stripeEvent(
          type,
          mine
            ? { ...mine.session }
            : {
                id: "cs_elsewhere",
                object: "checkout.session",
                metadata: {},
                client_reference_id: null,
                payment_status: "paid",
                amount_total: 100,
                currency: "usd",
                mode: "payment",
                payment_intent: foreignIntent,
                customer: null,
                subscription: null,
              },
        );
      case "invoice.paid":
      case "invoice.payment_failed": {
        const id = `in_${mine ? "ours" : "elsewhere"}_${Math.random().toString(36).slice(2, 8)}`;
        if (mine) fake.invoices.set(id, { paymentIntent: `pi_${id}`, orderId: mine.order.id });
        return stripeEvent(type, {
          id,
          object: "invoice",
          amount_paid: 100,
          amount_due: 100,
          attempt_count: 1,
          currency: "cad",
          hosted_invoice_url: null,
          metadata: {},
          parent: {
            type: "subscription_details",
            quote_details: null,
            subscription_details: { subscription: subscription ?? "sub_elsewhere", metadata: orderMetadata },
          },
        });
      }
      case "customer.subscription.deleted":
        return stripeEvent(type, {
          id: subscription ?? "sub_elsewhere",
          object: "subscription",
          metadata: orderMetadata,
        });
      case "charge.succeeded":
      case "charge.refunded":
        return stripeEvent(type, {
          id: `ch_${intent}`,
          object: "charge",
          payment_intent: intent,
          amount: 100,
          amount_refunded: 100,
          metadata: {},
          receipt_url: "https://pay.stripe.test/receipts/elsewhere",
        });
      case "charge.dispute.created":
      case "charge.dispute.updated":
      case "charge.dispute.closed":
        return stripeEvent(type, {
          id: `du_${intent}`,
          object: "dispute",
          amount: 100,
          charge: `ch_${intent}`,
          currency: "usd",
          payment_intent: intent,
          reason: "fraudulent",
          status: type === "charge.dispute.closed" ? "lost" : "needs_response",
          metadata: {},
        });
      default:
        throw new Error(`no fixture for ${type}: add one here when the README lists a new event`);
    }
  }
  type FakeSessionLike = Awaited<ReturnType<typeof checkout>>["session"];

  test("every event type the README lists answers below 500, about our objects and about others'", async () => {
    const types = await readmeEventTypes();
    expect(types).toContain("invoice.paid");
    expect(types).toContain("charge.dispute.closed");
    for (const type of types) {
      const foreign = await deliver(eventsFor(type, null));
      expect(foreign.status, `${type} about another product's object`).toBe(200);
      expect(JSON.stringify(foreign.body), type).toContain("ignored");
      const lead = await person("lead");
      const mine = await checkout(lead, "single", "USD", "upfront");
      if (!type.startsWith("checkout.session")) await deliver(mine.completed);
      const ours = await deliver(eventsFor(type, mine));
      expect(ours.status, `${type} about our own order`).toBe(200);
    }
  });

  test("a refund of a payment of ours not recorded yet waits (503); one the metadata doesn't name is ignored", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "single", "USD", "upfront");
    const refund = stripeEvent("charge.refunded", {
      id: "ch_early",
      object: "charge",
      payment_intent: session.payment_intent,
      amount_refunded: order.unitAmount,
    });
    expect((await deliver(refund)).status).toBe(503);
    expect(await countOf(paymentEvents, eq(paymentEvents.id, refund.id) as never)).toBe(0);
    await deliver(completed);
    expect((await deliver(refund)).status).toBe(200);
    expect((await orderOf(order.id)).status).toBe("refunded");
    fake.paymentIntents.set("pi_other_product", { metadata: { product: "ebook" }, receiptUrl: null });
    const theirs = await deliver(
      stripeEvent("charge.refunded", {
        id: "ch_other",
        payment_intent: "pi_other_product",
        amount_refunded: 5,
      }),
    );
    expect(theirs).toEqual({
      status: 200,
      body: { received: true, outcome: "ignored: no order for this charge" },
    });
    // Another account's, or a test object in live mode: not ours either.
    const unknown = await deliver(
      stripeEvent("charge.refunded", {
        id: "ch_unknown",
        payment_intent: "pi_unknown_here",
        amount_refunded: 5,
      }),
    );
    expect(unknown.status).toBe(200);
  });

  test("with the database down, the answer is 503", async () => {
    const down = await freshDatabase();
    await down.dispose();
    const { body, signature } = signed(stripeEvent("customer.created", { id: "cus_x", object: "customer" }));
    expect((await send(body, signature, async () => down.db)).status).toBe(503);
    const unopened = () => Promise.reject(new Error("connection refused"));
    expect(await send(body, signature, unopened)).toEqual({
      status: 503,
      body: { error: "Could not apply the event now; try again." },
    });
  });
});

describe(`disputes, on ${databaseLabel}`, () => {
  const dispute = (intent: string, status: Stripe.Dispute.Status, id = `du_${intent}`) => ({
    id,
    object: "dispute" as const,
    amount: 24900,
    charge: `ch_${intent}`,
    currency: "usd",
    payment_intent: intent,
    reason: "product_not_received",
    status,
    metadata: {},
  });
  const staffEmails = (kind: string) => countOf(emailOutbox as never, eq(emailOutbox.kind, kind) as never);

  test("opened, then lost: recorded on the order, staff told each time, and counted like a refund", async () => {
    const lead = await person("lead");
    await person("coach");
    const { order, session, completed } = await checkout(lead, "basic", "USD", "upfront");
    await deliver(completed);
    const intent = session.payment_intent as string;
    const before = await staffEmails("staff-payment-disputed");
    await deliver(stripeEvent("charge.dispute.created", dispute(intent, "needs_response")));
    expect(await orderOf(order.id)).toMatchObject({ dispute: "open", status: "paid" });
    const opened = await staffEmails("staff-payment-disputed");
    expect(opened).toBeGreaterThan(before);
    await deliver(stripeEvent("charge.dispute.updated", dispute(intent, "under_review")));
    expect(await staffEmails("staff-payment-disputed")).toBe(opened);
    await deliver(stripeEvent("charge.dispute.closed", dispute(intent, "lost")));
    expect(await orderOf(order.id)).toMatchObject({ dispute: "lost", status: "refunded" });
    expect(await staffEmails("staff-payment-disputed")).toBeGreaterThan(opened);
    const rows = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(rows.map((r) => [r.kind, r.amount]).sort()).toEqual([
      ["charge", 24900],
      ["chargeback", 24900],
    ]);
    await deliver(stripeEvent("charge.dispute.updated", dispute(intent, "under_review")));
    expect((await orderOf(order.id)).dispute).toBe("lost");
    expect(await profileOf(lead.id)).toEqual({ role: "client", plan: "basic" });
  });

  test("won: the order stays paid and says so", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "basic", "USD", "upfront");
    await deliver(completed);
    const intent = session.payment_intent as string;
    await deliver(stripeEvent("charge.dispute.created", dispute(intent, "needs_response")));
    await deliver(stripeEvent("charge.dispute.closed", dispute(intent, "won")));
    expect(await orderOf(order.id)).toMatchObject({ dispute: "won", status: "paid" });
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
