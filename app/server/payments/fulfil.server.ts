import { and, count, eq, sql, sum } from "drizzle-orm";
import { PLANS, type Plan } from "~/domain/plans";
import { can } from "~/domain/policy";
import type { Viewer } from "~/domain/viewer";
import { forgetPerson } from "../auth/session-cache.server";
import type { Db } from "../db.server";
import { publishChange } from "../live/bus.server";
import { logger } from "../logger.server";
import { notifyPaymentFailed, notifyPaymentReceived } from "../mail/notify.server";
import { audit, type Tx } from "../models/audit.server";
import { changeProfileIn, type Person } from "../models/people.server";
import { grant } from "../policy.server";
import { type Order, orders, paymentEvents, payments, profiles } from "../schema";

// Fulfilment (docs/decisions/0027-payments.md): every provider event, whoever delivers it (Stripe's
// webhook, the local test checkout), and the success page's own check go through here. Each event id is
// stored once in the transaction that applies it, and every change locks the order row first, so
// replays, concurrent duplicates and the success page racing the webhook change things once.
// Longer than ~300 lines on purpose: every way an event changes an order sits beside the others, so
// the once-only and locking rules are read (and reviewed) in one place.

/** The part of a Stripe event we read (the webhook has verified its signature). */
export type ProviderEvent = { id: string; type: string; data: { object: Record<string, unknown> } };

export type Applied = {
  /** `applied`, `replay` (seen before: nothing done), or `ignored: why`. */
  outcome: string;
  orderId: string | null;
  /** A subscription whose last instalment is now paid: the caller cancels it at the provider. */
  stopSubscription?: string;
};

/** What a completed Checkout Session says, from an event or from retrieving it on the success page. */
export type CompletedCheckout = {
  sessionId: string;
  orderId: string | null;
  paid: boolean;
  amountTotal: number | null;
  currency: string | null;
  paymentIntent: string | null;
  customer: string | null;
  subscription: string | null;
};

const str = (value: unknown): string | null => (typeof value === "string" && value ? value : null);
const num = (value: unknown): number | null => (typeof value === "number" ? value : null);
const obj = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" ? (value as Record<string, unknown>) : {};
/** An expandable field: an id, or the object with its id. */
const idOf = (value: unknown): string | null => str(value) ?? str(obj(value).id);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const orderIdIn = (metadata: unknown): string | null => {
  const id = str(obj(metadata).order_id);
  return id && UUID.test(id) ? id : null;
};

export function completedCheckout(session: Record<string, unknown>): CompletedCheckout {
  return {
    sessionId: str(session.id) ?? "",
    orderId:
      orderIdIn(session.metadata) ??
      (UUID.test(String(session.client_reference_id)) ? String(session.client_reference_id) : null),
    paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
    amountTotal: num(session.amount_total),
    currency: str(session.currency),
    paymentIntent: idOf(session.payment_intent),
    customer: idOf(session.customer),
    subscription: idOf(session.subscription),
  };
}

type Effect = {
  outcome: string;
  orderId: string | null;
  personId?: string | null;
  stopSubscription?: string;
};

/** Applies one verified event once. A replay (its id already stored) changes nothing. */
export async function applyProviderEvent(db: Db, event: ProviderEvent): Promise<Applied> {
  const result = await db.transaction(async (tx): Promise<Effect> => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, outcome: "applying" })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return { outcome: "replay", orderId: null };
    const effect = await dispatch(tx, event);
    await tx
      .update(paymentEvents)
      .set({ outcome: effect.outcome, orderId: effect.orderId })
      .where(eq(paymentEvents.id, event.id));
    return effect;
  });
  if (result.personId) forgetPerson(result.personId);
  if (result.outcome.startsWith("ignored")) {
    logger.warn({ event: event.id, type: event.type, outcome: result.outcome }, "payment event ignored");
  }
  return { outcome: result.outcome, orderId: result.orderId, stopSubscription: result.stopSubscription };
}

function dispatch(tx: Tx, event: ProviderEvent): Promise<Effect> {
  const object = obj(event.data?.object);
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return fulfilIn(tx, completedCheckout(object));
    case "checkout.session.expired":
      return expire(tx, completedCheckout(object));
    case "invoice.paid":
      return invoicePaid(tx, object);
    case "invoice.payment_failed":
      return invoiceFailed(tx, object);
    case "customer.subscription.deleted":
      return subscriptionEnded(tx, object);
    case "charge.refunded":
      return refunded(tx, object);
    case "charge.succeeded":
      return receipt(tx, object);
    default:
      return Promise.resolve({ outcome: `ignored: ${event.type} is not used`, orderId: null });
  }
}

/** The success page: the same fulfilment, for a session retrieved from the provider. */
export async function fulfilCheckout(db: Db, checkout: CompletedCheckout): Promise<Applied> {
  const result = await db.transaction((tx) => fulfilIn(tx, checkout));
  if (result.personId) forgetPerson(result.personId);
  return result;
}

async function lockOrder(tx: Tx, id: string | null): Promise<Order | null> {
  if (!id) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return order ?? null;
}

async function orderForSubscription(tx: Tx, object: Record<string, unknown>, subscription: string | null) {
  const byMetadata =
    orderIdIn(object.metadata) ?? orderIdIn(obj(obj(object.parent).subscription_details).metadata);
  if (byMetadata) return lockOrder(tx, byMetadata);
  if (!subscription) return null;
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.subscriptionId, subscription));
  return lockOrder(tx, row?.id ?? null);
}

const rank = (plan: Plan | null) => (plan ? PLANS.indexOf(plan) : -1);

const paymentNotice = (order: Order) => ({
  offer: order.offer,
  amount: order.unitAmount,
  currency: order.currency,
});

async function buyerOf(tx: Tx, order: Order): Promise<Viewer | null> {
  if (!order.personId) return null;
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, order.personId));
  return row
    ? { id: row.id, email: row.email, fullName: row.fullName, role: row.role, plan: row.plan }
    : null;
}

async function fulfilIn(tx: Tx, checkout: CompletedCheckout): Promise<Effect> {
  const order = await lockOrder(tx, checkout.orderId);
  if (!order) return { outcome: "ignored: no such order", orderId: null };
  const ignored = (why: string): Effect => ({ outcome: `ignored: ${why}`, orderId: order.id });
  if (order.checkoutSessionId && order.checkoutSessionId !== checkout.sessionId) {
    return ignored("the session is not this order's");
  }
  if (!checkout.paid) return ignored("not paid yet");
  if (checkout.amountTotal !== order.unitAmount || checkout.currency !== order.currency.toLowerCase()) {
    return ignored(
      `paid ${checkout.amountTotal} ${checkout.currency}, the order is ${order.unitAmount} ${order.currency}`,
    );
  }
  // The provider's ids, whichever delivery brings them first.
  await tx
    .update(orders)
    .set({
      customerId: order.customerId ?? checkout.customer,
      subscriptionId: order.subscriptionId ?? checkout.subscription,
    })
    .where(eq(orders.id, order.id));
  if (order.fulfilledAt) return { outcome: "applied: already fulfilled", orderId: order.id };

  const status = order.mode === "payment" ? "paid" : order.status === "pending" ? "active" : order.status;
  await tx.update(orders).set({ status, fulfilledAt: new Date() }).where(eq(orders.id, order.id));
  if (order.mode === "payment") {
    const [charged] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        kind: "charge",
        amount: order.unitAmount,
        currency: order.currency,
        reference: checkout.paymentIntent ?? checkout.sessionId,
        paymentIntent: checkout.paymentIntent,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    // The receipt and staff's notice, once per recorded charge (issue #17).
    if (charged && order.personId) await notifyPaymentReceived(tx, order.personId, paymentNotice(order));
  }
  const buyer = await buyerOf(tx, order);
  if (!buyer) return { outcome: "applied: the buyer's account is gone", orderId: order.id };
  // The buyer's own standing to buy is the permit for the changes the payment makes on their behalf.
  const permit = grant(buyer, "checkout.start");
  if (!permit)
    return { outcome: "applied: the buyer is staff now; role and plan unchanged", orderId: order.id };
  await audit(tx, permit, {
    action: "order.paid",
    targetId: buyer.id,
    entity: "order",
    entityId: order.id,
    after: { offer: order.offer, option: order.option, amount: order.unitAmount, currency: order.currency },
  });
  // Through the admin's own change (audit row, live update): a lead becomes a client; the plan only rises.
  await changeProfileIn(tx, permit, buyer.id, "payment.fulfil", (current: Person) => {
    if (can(current, "admin.enter")) return null;
    const change: { role?: "client"; plan?: Plan } = {};
    if (current.role === "lead") change.role = "client";
    if (order.plan && (current.role === "lead" || rank(order.plan) > rank(current.plan)))
      change.plan = order.plan;
    return change;
  });
  await publishChange(tx, { kind: "payment", clientId: buyer.id });
  return { outcome: "applied", orderId: order.id, personId: buyer.id };
}

async function expire(tx: Tx, checkout: CompletedCheckout): Promise<Effect> {
  const order = await lockOrder(tx, checkout.orderId);
  if (!order) return { outcome: "ignored: no such order", orderId: null };
  if (order.status !== "pending") return { outcome: `ignored: order is ${order.status}`, orderId: order.id };
  await tx.update(orders).set({ status: "expired" }).where(eq(orders.id, order.id));
  return { outcome: "applied", orderId: order.id };
}

const chargesOf = (tx: Tx, orderId: string) =>
  tx
    .select({ n: count(), total: sum(payments.amount) })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, "charge")));

async function invoicePaid(tx: Tx, invoice: Record<string, unknown>): Promise<Effect> {
  const subscription =
    idOf(invoice.subscription) ?? idOf(obj(obj(invoice.parent).subscription_details).subscription);
  const order = await orderForSubscription(tx, invoice, subscription);
  if (!order) return { outcome: "ignored: no order for this invoice", orderId: null };
  const invoiceId = str(invoice.id);
  const amount = num(invoice.amount_paid);
  if (!invoiceId || amount === null)
    return { outcome: "ignored: invoice without id or amount", orderId: order.id };
  if (str(invoice.currency) !== order.currency.toLowerCase()) {
    return {
      outcome: `ignored: invoice in ${str(invoice.currency)}, order in ${order.currency}`,
      orderId: order.id,
    };
  }
  const paymentIntent =
    idOf(invoice.payment_intent) ?? idOf(obj(obj(obj(invoice.payments).data as unknown)[0]).payment);
  const [recorded] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      kind: "charge",
      amount,
      currency: order.currency,
      reference: invoiceId,
      paymentIntent,
      receiptUrl: str(invoice.hosted_invoice_url),
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (!recorded) return { outcome: "applied: invoice already recorded", orderId: order.id };
  if (order.personId) {
    await notifyPaymentReceived(tx, order.personId, { ...paymentNotice(order), amount });
  }
  const [tally] = await chargesOf(tx, order.id);
  const paid = tally?.n ?? 0;
  const done = order.instalments !== null && paid >= order.instalments;
  const status = done
    ? "completed"
    : order.status === "past_due" || (order.status === "pending" && order.fulfilledAt)
      ? "active"
      : order.status;
  await tx
    .update(orders)
    .set({
      paidInstalments: Math.min(paid, 32767),
      status,
      subscriptionId: order.subscriptionId ?? subscription,
    })
    .where(eq(orders.id, order.id));
  if (order.personId) await publishChange(tx, { kind: "payment", clientId: order.personId });
  return {
    outcome: "applied",
    orderId: order.id,
    ...(done && (order.subscriptionId ?? subscription)
      ? { stopSubscription: (order.subscriptionId ?? subscription) as string }
      : {}),
  };
}

async function invoiceFailed(tx: Tx, invoice: Record<string, unknown>): Promise<Effect> {
  const subscription =
    idOf(invoice.subscription) ?? idOf(obj(obj(invoice.parent).subscription_details).subscription);
  const order = await orderForSubscription(tx, invoice, subscription);
  if (!order) return { outcome: "ignored: no order for this invoice", orderId: null };
  const invoiceId = str(invoice.id);
  if (!invoiceId) return { outcome: "ignored: invoice without id", orderId: order.id };
  const failedAmount = num(invoice.amount_due) ?? order.unitAmount;
  const [failed] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      kind: "failed",
      amount: failedAmount,
      currency: order.currency,
      reference: `${invoiceId}#${num(invoice.attempt_count) ?? 1}`,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  // The buyer and staff hear of each failed attempt once (issue #17).
  if (failed && order.personId) {
    await notifyPaymentFailed(tx, order.personId, { ...paymentNotice(order), amount: failedAmount });
  }
  // A failure reported after the same invoice was paid (events out of order) changes nothing.
  const [paidAlready] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.kind, "charge"), eq(payments.reference, invoiceId)));
  if (!paidAlready && (order.status === "active" || order.status === "pending")) {
    await tx.update(orders).set({ status: "past_due" }).where(eq(orders.id, order.id));
  }
  if (order.personId) await publishChange(tx, { kind: "payment", clientId: order.personId });
  return { outcome: "applied", orderId: order.id };
}

async function subscriptionEnded(tx: Tx, subscription: Record<string, unknown>): Promise<Effect> {
  const order = await orderForSubscription(tx, subscription, str(subscription.id));
  if (!order) return { outcome: "ignored: no order for this subscription", orderId: null };
  if (order.status === "completed" || order.status === "canceled" || order.status === "refunded") {
    return { outcome: `applied: already ${order.status}`, orderId: order.id };
  }
  await tx.update(orders).set({ status: "canceled" }).where(eq(orders.id, order.id));
  const buyer = await buyerOf(tx, order);
  if (buyer) {
    const permit = grant(buyer, "checkout.start");
    if (permit)
      await audit(tx, permit, {
        action: "order.canceled",
        targetId: buyer.id,
        entity: "order",
        entityId: order.id,
        before: { status: order.status },
        after: { status: "canceled" },
      });
    await publishChange(tx, { kind: "payment", clientId: buyer.id });
  }
  return { outcome: "applied", orderId: order.id };
}

/** A one-time payment's receipt link, from its charge (a Checkout Session does not carry it). */
async function receipt(tx: Tx, charge: Record<string, unknown>): Promise<Effect> {
  const paymentIntent = idOf(charge.payment_intent);
  const url = str(charge.receipt_url);
  if (!paymentIntent || !url?.startsWith("https://"))
    return { outcome: "ignored: no receipt", orderId: null };
  const updated = await tx
    .update(payments)
    .set({ receiptUrl: url })
    .where(and(eq(payments.kind, "charge"), eq(payments.paymentIntent, paymentIntent)))
    .returning({ orderId: payments.orderId });
  const orderId = updated[0]?.orderId ?? null;
  if (!orderId) {
    // The charge came before its checkout's completion: Stripe tries again later.
    throw new RetryLater("the receipt's payment is not recorded yet");
  }
  const [order] = await tx.select({ personId: orders.personId }).from(orders).where(eq(orders.id, orderId));
  if (order?.personId) await publishChange(tx, { kind: "payment", clientId: order.personId });
  return { outcome: "applied", orderId };
}

/** Thrown to roll an event back and answer 503, so the provider delivers it again later. */
export class RetryLater extends Error {
  override name = "RetryLater";
}

async function refunded(tx: Tx, charge: Record<string, unknown>): Promise<Effect> {
  const paymentIntent = idOf(charge.payment_intent);
  const chargeId = str(charge.id);
  const refundedSoFar = num(charge.amount_refunded);
  if (!paymentIntent || !chargeId || refundedSoFar === null) {
    return { outcome: "ignored: charge without payment intent or amount", orderId: null };
  }
  const [paid] = await tx
    .select({ orderId: payments.orderId })
    .from(payments)
    .where(and(eq(payments.kind, "charge"), eq(payments.paymentIntent, paymentIntent)));
  const order = await lockOrder(tx, paid?.orderId ?? null);
  if (!order) return { outcome: "ignored: no order for this charge", orderId: null };
  const [before] = await tx
    .select({ total: sum(payments.amount) })
    .from(payments)
    .where(and(eq(payments.kind, "refund"), eq(payments.paymentIntent, paymentIntent)));
  // Cumulative on the charge: an older event (smaller total) arriving late adds nothing.
  const more = refundedSoFar - Number(before?.total ?? 0);
  if (more <= 0) return { outcome: "applied: refund already recorded", orderId: order.id };
  await tx.insert(payments).values({
    orderId: order.id,
    kind: "refund",
    amount: more,
    currency: order.currency,
    reference: `${chargeId}:${refundedSoFar}`,
    paymentIntent,
    receiptUrl: str(charge.receipt_url),
  });
  const [totals] = await tx
    .select({
      charged: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'charge'), 0)::int`,
      refunded: sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = 'refund'), 0)::int`,
    })
    .from(payments)
    .where(eq(payments.orderId, order.id));
  const whole = (totals?.refunded ?? 0) >= (totals?.charged ?? 0);
  if (whole) await tx.update(orders).set({ status: "refunded" }).where(eq(orders.id, order.id));
  const buyer = await buyerOf(tx, order);
  if (buyer) {
    // The plan stays: the coach decides what a refund means for the client's access.
    const permit = grant(buyer, "checkout.start");
    if (permit)
      await audit(tx, permit, {
        action: "order.refunded",
        targetId: buyer.id,
        entity: "order",
        entityId: order.id,
        after: { amount: more, currency: order.currency, whole },
      });
    await publishChange(tx, { kind: "payment", clientId: buyer.id });
  }
  return { outcome: "applied", orderId: order.id };
}
