import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, test } from "vitest";
import { authorize } from "~/server/policy.server";
import { auditEvents, emailOutbox, paymentEvents, payments } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { chargeEvent, stripeEvent } from "../support/fake-stripe";
import { paymentsForFile } from "../support/payments";

// After the checkout: instalments, failures, cancellation, refunds, receipts, disputes, and Stripe's shapes.
// On a real database with the official Stripe client against an in-process fake (tests/support/payments.ts;
// docs/decisions/0027-payments.md, 0038-stripe-api-version.md): every event is typed as the SDK's for its
// type at the pinned version, so a field Stripe does not send fails `tsc`.

const {
  db,
  fake,
  person,
  deliver,
  profileOf,
  orderOf,
  countOf,
  auditCount,
  checkout,
  invoice,
  instalmentIntent,
  subscribed,
  paidInvoice,
  charging,
} = paymentsForFile();

describe(`instalments, failures, cancellation and refunds on ${databaseLabel}`, () => {
  test("Pro in 12 CAD instalments: invoices before the session, a failure, and a stop after the last", async () => {
    const lead = await person("lead");
    const { order, completed, subscription } = await checkout(lead, "pro", "CAD", "financing");
    await deliver(paidInvoice(order, subscription, 1));
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
    await deliver(paidInvoice(order, subscription, 2));
    expect((await orderOf(order.id)).status).toBe("active");
    expect(await hasFailedPayment(db(), authorize(asClient, "portal.read-own"))).toBe(false);
    await deliver(
      stripeEvent("invoice.payment_failed", invoice(order, subscription, 2, { attempt_count: 1 })),
    );
    expect((await orderOf(order.id)).status).toBe("active");

    for (let n = 3; n <= 12; n++) await deliver(paidInvoice(order, subscription, n));
    expect(await orderOf(order.id)).toMatchObject({ status: "completed", paidInstalments: 12 });
    const charges = await db()
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.kind, "charge")));
    expect(charges.map((c) => c.paymentIntent).sort()).toEqual(
      Array.from({ length: 12 }, (_, i) => instalmentIntent(order, i + 1)).sort(),
    );
    // The end was fixed when the subscription started: no call now.
    expect(fake().canceledSubscriptions).not.toContain(subscription);
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

  test("an instalment that isn't the order's price to the cent records nothing and counts for nothing", async () => {
    const { order, subscription } = await subscribed(await person("lead"), "pro", "CAD", "financing");
    expect((await orderOf(order.id)).paidInstalments).toBe(1);
    for (const amount of [order.unitAmount - 1, order.unitAmount + 1]) {
      const off = paidInvoice(order, subscription, 2, charging(amount));
      await deliver(off);
      const [stored] = await db().select().from(paymentEvents).where(eq(paymentEvents.id, off.id));
      expect(stored?.outcome).toMatch(/^ignored: invoiced \d+ cad before tax, an instalment is \d+ CAD$/);
    }
    expect((await orderOf(order.id)).paidInstalments).toBe(1);
    expect(
      await countOf(payments, and(eq(payments.orderId, order.id), eq(payments.kind, "charge")) as never),
    ).toBe(1);
  });

  test("Monthly Sessions is a subscription; cancelling it is recorded, history kept", async () => {
    const lead = await person("lead");
    const { order, subscription } = await subscribed(lead, "monthly", "CAD", "upfront", 2);
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
      chargeEvent("charge.refunded", `ch_${order.id.slice(0, 8)}`, session.payment_intent, {
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
    const [byStripe] = await db()
      .select({ actorId: auditEvents.actorId, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, lead.id), eq(auditEvents.action, "order.refunded")));
    expect(byStripe).toMatchObject({ actorId: null, after: { via: "stripe" } });
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

describe(`receipts, on ${databaseLabel}`, () => {
  test("a one-time payment's receipt comes with its fulfilment; a charge before its checkout is ignored, not retried", async () => {
    const lead = await person("lead");
    const { order, session, completed } = await checkout(lead, "pro", "USD", "upfront");
    const charge = chargeEvent("charge.succeeded", "ch_receipt", session.payment_intent, {
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
    fake().failing.add(`/v1/payment_intents/${session.payment_intent}`);
    expect((await deliver(completed)).status).toBe(200);
    fake().failing.clear();
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
    const { order } = await subscribed(await person("lead"), "basic", "CAD", "financing", 3);
    const refund = chargeEvent(
      "charge.refunded",
      `ch_${order.id.slice(0, 8)}_2`,
      instalmentIntent(order, 2),
      {
        amount: order.unitAmount,
        amount_refunded: order.unitAmount,
        receipt_url: "https://pay.stripe.test/receipts/refund-2",
      },
    );
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
    const { order, completed, subscription } = await checkout(lead, "pro", "CAD", "financing");
    expect(fake().subscriptionEnds.has(subscription)).toBe(false);
    await deliver(completed);
    const endsAt = fake().subscriptionEnds.get(subscription) as number;
    const started = new Date(completed.created * 1000);
    const monthsLater = (n: number) => {
      const date = new Date(started);
      date.setUTCMonth(date.getUTCMonth() + n);
      return date.getTime() / 1000;
    };
    expect(order.instalments).toBe(12);
    expect(endsAt).toBeGreaterThan(monthsLater(11));
    expect(endsAt).toBeLessThan(monthsLater(12));
    const update = fake().requests.find(
      (r) => r.method === "POST" && r.path === `/v1/subscriptions/${subscription}`,
    );
    expect(update?.form.get("proration_behavior")).toBe("none");
  });

  test("if the end can't be set, the completion answers 503 and is not stored, so Stripe delivers it again", async () => {
    const lead = await person("lead");
    const { order, completed, subscription } = await checkout(lead, "premium", "CAD", "financing");
    fake().failing.add(`/v1/subscriptions/${subscription}`);
    expect((await deliver(completed)).status).toBe(503);
    expect(await countOf(paymentEvents, eq(paymentEvents.id, completed.id) as never)).toBe(0);
    expect((await orderOf(order.id)).status).toBe("pending");
    fake().failing.clear();
    expect((await deliver(completed)).status).toBe(200);
    expect(fake().subscriptionEnds.has(subscription)).toBe(true);
    expect((await orderOf(order.id)).status).toBe("active");
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
