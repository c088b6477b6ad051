import { and, eq, inArray, ne, sql, sum } from "drizzle-orm";
import type Stripe from "stripe";
import type { DbOrTx } from "../../db.server";
import { publishChange } from "../../live/bus.server";
import { notifyDispute } from "../../mail/notify.server";
import { creditReferralIn } from "../../models/referrals.server";
import { type Order, orders, paymentEvents, payments } from "../../schema";
import {
  buyerOf,
  idOf,
  lockOrder,
  type OutcomeInTransaction,
  orderRow,
  type ProviderCalls,
  paymentNotice,
  RetryLater,
  recordOrderChange,
} from "./order.server";

// charge.*: a charge's receipt, its refunds and its disputes. A refund or a lost dispute is recorded once
// (cumulative amounts), credits the referrer back in the charge's proportion, and marks the order refunded
// when all was returned; access is the coach's call.

export async function receipt(tx: DbOrTx, charge: Stripe.Charge): Promise<OutcomeInTransaction> {
  const paymentIntent = idOf(charge.payment_intent);
  const url = charge.receipt_url;
  if (!paymentIntent || !url?.startsWith("https://"))
    return { outcome: "ignored: no receipt", orderId: null };
  const updated = await tx
    .update(payments)
    .set({ receiptUrl: sql`coalesce(${payments.receiptUrl}, ${url})` })
    .where(and(eq(payments.kind, "charge"), eq(payments.paymentIntent, paymentIntent)))
    .returning({ orderId: payments.orderId });
  const orderId = updated[0]?.orderId ?? null;
  // The checkout's fulfilment fetches the receipt itself, so nothing waits on this.
  if (!orderId) return { outcome: "ignored: no payment of ours for this charge", orderId: null };
  const [order] = await tx.select({ personId: orders.personId }).from(orders).where(eq(orders.id, orderId));
  if (order?.personId) await publishChange(tx, { kind: "payment", clientId: order.personId });
  return { outcome: "applied", orderId };
}

/**
 * Locked. Paid but stored as ignored (its amount failed the check): an outcome ignoring this event too,
 * as there is nothing of it to take back. Not recorded yet but carrying our order id: RetryLater;
 * otherwise someone else's payment.
 */
async function orderOfCharge(
  tx: DbOrTx,
  paymentIntent: string,
  provider: ProviderCalls,
): Promise<Order | OutcomeInTransaction | null> {
  const [paid] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.kind, "charge"), eq(payments.paymentIntent, paymentIntent)));
  if (paid) return lockOrder(tx, paid.orderId);
  const [ignored] = await tx
    .select({ id: paymentEvents.id, orderId: paymentEvents.orderId })
    .from(paymentEvents)
    .where(eq(paymentEvents.paymentIntent, paymentIntent))
    .limit(1);
  if (ignored) {
    return {
      outcome: `ignored: its payment was ignored (event ${ignored.id}), so nothing was recorded to take back`,
      orderId: ignored.orderId,
    };
  }
  const ours = await orderRow(tx, await provider.orderOfPaymentIntent(paymentIntent));
  if (ours) throw new RetryLater(`the payment of order ${ours.id} is not recorded yet`);
  return null;
}

const isOutcome = <T extends object>(found: T | OutcomeInTransaction): found is OutcomeInTransaction =>
  "outcome" in found;

/** The locked order a refunded or disputed charge paid, with its payment intent; or why the event is ignored. */
async function orderPaidBy(
  tx: DbOrTx,
  what: "charge" | "dispute",
  intent: Stripe.Charge["payment_intent"],
  provider: ProviderCalls,
): Promise<{ order: Order; paymentIntent: string } | OutcomeInTransaction> {
  const paymentIntent = idOf(intent);
  if (!paymentIntent) return { outcome: `ignored: ${what} without payment intent`, orderId: null };
  const order = await orderOfCharge(tx, paymentIntent, provider);
  if (!order) return { outcome: `ignored: no order for this ${what}`, orderId: null };
  return isOutcome(order) ? order : { order, paymentIntent };
}

async function totalsOf(tx: DbOrTx, orderId: string) {
  const [totals] = await tx
    .select({
      charged: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'charge'), 0)::int`,
      returned: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} in ('refund', 'chargeback')), 0)::int`,
    })
    .from(payments)
    .where(eq(payments.orderId, orderId));
  return { charged: totals?.charged ?? 0, returned: totals?.returned ?? 0 };
}

async function markIfAllReturned(tx: DbOrTx, orderId: string): Promise<boolean> {
  const { charged, returned } = await totalsOf(tx, orderId);
  const whole = returned >= charged;
  if (whole) await tx.update(orders).set({ status: "refunded" }).where(eq(orders.id, orderId));
  return whole;
}

export async function refunded(
  tx: DbOrTx,
  charge: Stripe.Charge,
  provider: ProviderCalls,
): Promise<OutcomeInTransaction> {
  const found = await orderPaidBy(tx, "charge", charge.payment_intent, provider);
  if (isOutcome(found)) return found;
  const { order, paymentIntent } = found;
  const refundedSoFar = charge.amount_refunded;
  const [before] = await tx
    .select({ total: sum(payments.amount) })
    .from(payments)
    .where(and(eq(payments.kind, "refund"), eq(payments.paymentIntent, paymentIntent)));
  // Cumulative on the charge: an older event arriving late adds nothing.
  const more = refundedSoFar - Number(before?.total ?? 0);
  if (more <= 0) return { outcome: "applied: refund already recorded", orderId: order.id };
  const [refund] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      kind: "refund",
      amount: more,
      currency: order.currency,
      reference: `${charge.id}:${refundedSoFar}`,
      paymentIntent,
      receiptUrl: charge.receipt_url,
    })
    .returning({ id: payments.id });
  if (refund) {
    const price = await priceReturned(tx, paymentIntent, refund.id, more);
    await creditReferralIn(tx, order, { id: refund.id, kind: "refund", ...price });
  }
  const whole = await markIfAllReturned(tx, order.id);
  const buyer = await buyerOf(tx, order);
  // The plan stays: the coach decides what a refund means for access.
  if (buyer) {
    await recordOrderChange(tx, order, buyer.id, {
      action: "order.refunded",
      after: { amount: more, currency: order.currency, whole },
    });
  }
  return { outcome: "applied", orderId: order.id };
}

function disputeState(status: Stripe.Dispute.Status): "open" | "won" | "lost" | null {
  if (status === "won") return "won";
  if (status === "lost") return "lost";
  // "prevented" never became a dispute.
  if (status === "warning_closed" || status === "prevented") return null;
  return "open";
}

/**
 * The price (not tax) in money returned on a charge, in the charge's own proportion: this row's part and
 * what earlier refunds and lost disputes of the charge returned, both from the running total, so returns in
 * parts round once over the charge (docs/decisions/0044-discount-codes.md).
 */
async function priceReturned(
  tx: DbOrTx,
  paymentIntent: string,
  rowId: string,
  returned: number,
): Promise<{ amount: number; before: number }> {
  const [[charge], [earlier]] = await Promise.all([
    tx
      .select({ amount: payments.amount, tax: payments.taxAmount })
      .from(payments)
      .where(and(eq(payments.kind, "charge"), eq(payments.paymentIntent, paymentIntent))),
    tx
      .select({ total: sql<number>`coalesce(sum(${payments.amount}), 0)::int` })
      .from(payments)
      .where(
        and(
          inArray(payments.kind, ["refund", "chargeback"]),
          eq(payments.paymentIntent, paymentIntent),
          ne(payments.id, rowId),
        ),
      ),
  ]);
  const price = (total: number) => {
    if (!charge || charge.amount <= 0) return total;
    const capped = Math.min(total, charge.amount);
    return charge.tax ? Math.round((capped * (charge.amount - charge.tax)) / charge.amount) : capped;
  };
  const before = price(earlier?.total ?? 0);
  return { amount: price((earlier?.total ?? 0) + returned) - before, before };
}

/** A lost dispute counts like a refund; access is unchanged, as for a refund. */
export async function disputed(
  tx: DbOrTx,
  dispute: Stripe.Dispute,
  provider: ProviderCalls,
): Promise<OutcomeInTransaction> {
  const found = await orderPaidBy(tx, "dispute", dispute.payment_intent, provider);
  if (isOutcome(found)) return found;
  const { order, paymentIntent } = found;
  const state = disputeState(dispute.status);
  if (!state) return { outcome: `ignored: dispute ${dispute.status}`, orderId: order.id };
  if (state === "open" && (order.dispute === "won" || order.dispute === "lost")) {
    return { outcome: `applied: dispute already ${order.dispute}`, orderId: order.id };
  }
  let changed = order.dispute !== state;
  if (changed) await tx.update(orders).set({ dispute: state }).where(eq(orders.id, order.id));
  if (state === "lost") {
    const [takenBack] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        kind: "chargeback",
        amount: dispute.amount,
        currency: order.currency,
        reference: dispute.id,
        paymentIntent,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (takenBack) {
      changed = true;
      const price = await priceReturned(tx, paymentIntent, takenBack.id, dispute.amount);
      await creditReferralIn(tx, order, { id: takenBack.id, kind: "chargeback", ...price });
      await markIfAllReturned(tx, order.id);
    }
  }
  if (!changed) return { outcome: `applied: dispute already ${state}`, orderId: order.id };
  await notifyDispute(tx, order.personId, {
    ...paymentNotice(order),
    amount: dispute.amount,
    state,
    reason: dispute.reason,
  });
  if (order.personId) await publishChange(tx, { kind: "payment", clientId: order.personId });
  return { outcome: "applied", orderId: order.id };
}
