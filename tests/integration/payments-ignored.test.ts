import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { paymentEvents, payments } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { chargeEvent, stripeEvent } from "../support/fake-stripe";
import { paymentsForFile } from "../support/payments";

// A payment stored as ignored (its amount failed the check) and what follows it, and an instalment part
// paid by the customer's credit balance (docs/decisions/0044-discount-codes.md, "Tax, as an option").

const {
  db,
  fake,
  person,
  deliver,
  orderOf,
  countOf,
  checkout,
  subscribed,
  invoice,
  paidInvoice,
  charging,
  instalmentIntent,
} = paymentsForFile();

const outcomeOf = async (id: string) =>
  (await db().select().from(paymentEvents).where(eq(paymentEvents.id, id)))[0]?.outcome;

describe(`a paid but ignored payment, later refunded or disputed, on ${databaseLabel}`, () => {
  test("a Checkout Session of the wrong amount: its refund and lost dispute are ignored with 200, nothing recorded", async () => {
    const lead = await person("lead");
    const { order, session } = await checkout(lead, "pro", "CAD", "upfront");
    const paid = stripeEvent("checkout.session.completed", { ...session, amount_total: 100 });
    expect((await deliver(paid)).status).toBe(200);
    expect(await outcomeOf(paid.id)).toMatch(/^ignored: paid 100 cad/);
    const intent = session.payment_intent as string;
    const refund = chargeEvent("charge.refunded", `ch_${order.id.slice(0, 8)}`, intent, {
      amount: 100,
      amount_refunded: 100,
    });
    const lost = stripeEvent("charge.dispute.closed", {
      id: `du_${intent}`,
      object: "dispute",
      amount: 100,
      charge: `ch_${order.id.slice(0, 8)}`,
      currency: "cad",
      payment_intent: intent,
      reason: "fraudulent",
      status: "lost",
      metadata: {},
    });
    for (const event of [refund, lost]) {
      const answer = await deliver(event);
      expect(answer.status, event.type).toBe(200);
      expect(await outcomeOf(event.id)).toBe(
        `ignored: its payment was ignored (event ${paid.id}), so nothing was recorded to take back`,
      );
    }
    expect(await countOf(payments, eq(payments.orderId, order.id) as never)).toBe(0);
    expect(await orderOf(order.id)).toMatchObject({ status: "pending", dispute: null });
  });

  test("an instalment of the wrong amount: its refund is ignored with 200; another instalment's still waits", async () => {
    const { order, subscription } = await subscribed(await person("lead"), "basic", "CAD", "financing");
    const off = order.unitAmount + 1;
    await deliver(paidInvoice(order, subscription, 2, charging(off)));
    // An instalment's intent carries no metadata of ours: its invoice's subscription names the order.
    for (const n of [2, 3])
      fake().paymentIntents.set(instalmentIntent(order, n), { metadata: {}, receiptUrl: null });
    const refund = (n: number) =>
      chargeEvent("charge.refunded", `ch_${order.id.slice(0, 8)}_${n}`, instalmentIntent(order, n), {
        amount: off,
        amount_refunded: off,
      });
    expect((await deliver(refund(2))).status).toBe(200);
    // Not paid yet as far as we know: Stripe is asked to deliver it again.
    invoice(order, subscription, 3);
    expect((await deliver(refund(3))).status).toBe(503);
    expect((await orderOf(order.id)).paidInstalments).toBe(1);
    expect(
      (await db().select().from(payments).where(eq(payments.orderId, order.id))).map((p) => p.kind),
    ).toEqual(["charge"]);
  });
});

describe(`an instalment part paid by a credit balance, on ${databaseLabel}`, () => {
  test("the invoice's own total is checked, and the row records what was charged", async () => {
    const lead = await person("lead");
    const { order, completed, subscription } = await checkout(lead, "basic", "CAD", "financing");
    await deliver(completed);
    const charged = order.unitAmount - 500;
    const paid = paidInvoice(order, subscription, 1, { amount_paid: charged, amount_due: charged });
    await deliver(paid);
    expect(await outcomeOf(paid.id)).toBe("applied");
    expect((await orderOf(order.id)).paidInstalments).toBe(1);
    const [row] = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(row).toMatchObject({ kind: "charge", amount: charged, taxAmount: null });
  });
});
