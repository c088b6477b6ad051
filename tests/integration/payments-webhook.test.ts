import { and, eq } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, test } from "vitest";
import type { PaymentsConfig } from "~/server/env.server";
import type { LiveEvent } from "~/server/live/bus.server";
import { confirmCheckout, startCheckout } from "~/server/payments/checkout.server";
import { stripeWebhook } from "~/server/payments/stripe-webhook.server";
import { auditEvents, paymentEvents, payments } from "~/server/schema";
import { databaseLabel, freshDatabase } from "../support/database";
import { chargeEvent, signed, stripeEvent, TEST_WEBHOOK_SECRET } from "../support/fake-stripe";
import { ORIGIN, paymentsForFile, STRIPE } from "../support/payments";

// Stripe's webhook: the signature check, fulfilment exactly once, and only our own failures as 5xx.
// On a real database with the official Stripe client against an in-process fake (tests/support/payments.ts;
// docs/decisions/0027-payments.md, 0038-stripe-api-version.md): every event is typed as the SDK's for its
// type at the pinned version, so a field Stripe does not send fails `tsc`.

const { db, bus, fake, person, send, deliver, profileOf, orderOf, countOf, auditCount, buy, checkout } =
  paymentsForFile();

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
    const webhooks = await stripeWebhooks();
    const sign = (payload: string) =>
      webhooks.generateTestHeaderString({ payload, secret: TEST_WEBHOOK_SECRET });
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
    const stop = await bus().subscribe((event) => heard.push(event));
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
    // Stripe made these changes, not the buyer: no actor, `via: "stripe"` (the trail says "Stripe").
    const byStripe = await db()
      .select({ action: auditEvents.action, actorId: auditEvents.actorId, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, lead.id));
    expect(byStripe.map((e) => [e.action, e.actorId, e.after?.via]).sort()).toEqual([
      ["order.paid", null, "stripe"],
      ["payment.fulfil", null, "stripe"],
    ]);
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
    fake().pay(sessionId);
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
    fake().paymentIntents.set(foreignIntent, { metadata: {}, receiptUrl: null });
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
        if (mine) fake().invoices.set(id, { paymentIntent: `pi_${id}`, orderId: mine.order.id });
        return stripeEvent(type, {
          id,
          object: "invoice",
          amount_paid: 100,
          amount_due: 100,
          total: 100,
          total_excluding_tax: 100,
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
        return chargeEvent(type, `ch_${intent}`, intent, {
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
    const refund = chargeEvent("charge.refunded", "ch_early", session.payment_intent, {
      amount_refunded: order.unitAmount,
    });
    expect((await deliver(refund)).status).toBe(503);
    expect(await countOf(paymentEvents, eq(paymentEvents.id, refund.id) as never)).toBe(0);
    await deliver(completed);
    expect((await deliver(refund)).status).toBe(200);
    expect((await orderOf(order.id)).status).toBe("refunded");
    fake().paymentIntents.set("pi_other_product", { metadata: { product: "ebook" }, receiptUrl: null });
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
