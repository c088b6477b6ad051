import { and, count, eq, inArray, ne, sql, sum } from "drizzle-orm";
import type Stripe from "stripe";
import { instalmentsEndAt } from "~/domain/orders";
import { PLANS, type Plan } from "~/domain/plans";
import { can } from "~/domain/policy";
import type { Viewer } from "~/domain/viewer";
import { forgetPerson } from "../auth/session-cache.server";
import type { Db, DbOrTx } from "../db.server";
import { publishChange } from "../live/bus.server";
import { logger } from "../logger.server";
import { notifyDispute, notifyPaymentFailed, notifyPaymentReceived } from "../mail/notify.server";
import { audit } from "../models/audit.server";
import { changeProfileIn, type Person } from "../models/people.server";
import { creditReferralIn, recordRedemptionIn } from "../models/referrals.server";
import { grant } from "../policy.server";
import { type Order, orders, paymentEvents, payments, profiles } from "../schema";

// Fulfilment (docs/decisions/0027-payments.md, 0038-stripe-api-version.md): each event id is stored
// once and every change locks the order first, so replays and races change things once.
// Longer than ~300 lines on purpose: every way an event changes an order sits beside the others, read in one place.

/** What a webhook payload does not carry (the local test checkout answers for its own objects). */
export type ProviderCalls = {
  /** An event's invoice leaves `payments` unexpanded. */
  invoicePaymentIntent(invoiceId: string): Promise<string | null>;
  receiptOf(paymentIntent: string): Promise<string | null>;
  /** Null: not ours. */
  orderOfPaymentIntent(paymentIntent: string): Promise<string | null>;
  /** No proration, so no later call is needed to stop charging. */
  endSubscriptionAt(subscriptionId: string, at: Date): Promise<void>;
};

/** What became of a provider event or a success-page check, as the caller reads it. */
export type FulfilmentOutcome = {
  outcome: string;
  orderId: string | null;
};

export type CompletedCheckout = {
  sessionId: string;
  orderId: string | null;
  paid: boolean;
  amountTotal: number | null;
  /** Stripe's `total_details.amount_discount`: null when the session says nothing of it. */
  amountDiscount: number | null;
  /** Stripe Tax's `total_details.amount_tax`, in `amountTotal`; null when automatic tax was off. */
  amountTax?: number | null;
  currency: string | null;
  paymentIntent: string | null;
  customer: string | null;
  subscription: string | null;
  receiptUrl?: string | null;
};

const idOf = (value: string | { id?: string } | null | undefined): string | null =>
  typeof value === "string" ? value || null : (value?.id ?? null);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const orderIdIn = (metadata: Stripe.Metadata | null | undefined): string | null => {
  const id = metadata?.order_id;
  return id && UUID.test(id) ? id : null;
};

export function completedCheckout(session: Stripe.Checkout.Session): CompletedCheckout {
  const paymentIntent = session.payment_intent;
  const charge = typeof paymentIntent === "object" ? paymentIntent?.latest_charge : null;
  return {
    sessionId: session.id,
    orderId:
      orderIdIn(session.metadata) ??
      (session.client_reference_id && UUID.test(session.client_reference_id)
        ? session.client_reference_id
        : null),
    paid: session.payment_status === "paid" || session.payment_status === "no_payment_required",
    amountTotal: session.amount_total ?? null,
    amountDiscount: session.total_details?.amount_discount ?? null,
    amountTax: session.automatic_tax?.enabled ? (session.total_details?.amount_tax ?? 0) : null,
    currency: session.currency ?? null,
    paymentIntent: idOf(paymentIntent),
    customer: idOf(session.customer),
    subscription: idOf(session.subscription),
    receiptUrl: typeof charge === "object" && charge ? charge.receipt_url : null,
  };
}

/**
 * One event's outcome inside its transaction, plus the person whose role or plan it changed: their
 * cached session is forgotten once the transaction commits.
 */
type OutcomeInTransaction = FulfilmentOutcome & {
  personId?: string | null;
  /** Money was taken but the event is ignored: a later refund or dispute of it is ignored too (orderOfCharge). */
  paymentIntent?: string | null;
};

/** Asked before the transaction, so no call holds a row lock. */
type Fetched = { invoicePaymentIntent?: string | null; receiptUrl?: string | null };

/**
 * Applies one verified event once. Events about something not ours are stored as ignored (200); only
 * our own failures throw, so that Stripe delivers the event again.
 */
export async function applyProviderEvent(
  db: Db,
  event: Stripe.Event,
  provider: ProviderCalls,
): Promise<FulfilmentOutcome> {
  const [seen] = await db
    .select({ id: paymentEvents.id })
    .from(paymentEvents)
    .where(eq(paymentEvents.id, event.id));
  if (seen) return { outcome: "replay", orderId: null };
  const fetched = await fetchFor(db, event, provider);
  const result = await db.transaction(async (tx): Promise<OutcomeInTransaction> => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type, outcome: "applying" })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return { outcome: "replay", orderId: null };
    const effect = await applyEventIn(tx, event, fetched, provider);
    await tx
      .update(paymentEvents)
      .set({ outcome: effect.outcome, orderId: effect.orderId, paymentIntent: effect.paymentIntent ?? null })
      .where(eq(paymentEvents.id, event.id));
    return effect;
  });
  if (result.personId) forgetPerson(result.personId);
  if (result.outcome.startsWith("ignored")) {
    logger.info({ event: event.id, type: event.type, outcome: result.outcome }, "payment event ignored");
  }
  return { outcome: result.outcome, orderId: result.orderId };
}

async function orderRow(db: DbOrTx, id: string | null): Promise<Order | null> {
  if (!id) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order ?? null;
}

async function fetchFor(db: Db, event: Stripe.Event, provider: ProviderCalls): Promise<Fetched> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      const checkout = completedCheckout(event.data.object);
      const order = await orderRow(db, checkout.orderId);
      if (!order || !checkout.paid) return {};
      const endsAt = instalmentsEndAt(order, new Date(event.created * 1000));
      // Checkout cannot set the number of instalments.
      if (endsAt && checkout.subscription) await provider.endSubscriptionAt(checkout.subscription, endsAt);
      if (!checkout.paymentIntent) return {};
      // The receipt is a convenience: charge.succeeded fills it otherwise.
      const receiptUrl = await provider.receiptOf(checkout.paymentIntent).catch((error: Error) => {
        logger.warn({ err: error.message, event: event.id }, "payment receipt not fetched");
        return null;
      });
      return { receiptUrl };
    }
    case "invoice.paid": {
      const invoice = event.data.object;
      const order = await orderRow(db, await orderIdForInvoice(db, invoice));
      if (!order || !invoice.id) return {};
      return { invoicePaymentIntent: await provider.invoicePaymentIntent(invoice.id) };
    }
    default:
      return {};
  }
}

/** Hands an event to the change its type makes, inside the event's transaction. */
function applyEventIn(
  tx: DbOrTx,
  event: Stripe.Event,
  fetched: Fetched,
  provider: ProviderCalls,
): Promise<OutcomeInTransaction> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return fulfilIn(tx, { ...completedCheckout(event.data.object), receiptUrl: fetched.receiptUrl });
    case "checkout.session.expired":
      return expire(tx, completedCheckout(event.data.object));
    case "invoice.paid":
      return invoicePaid(tx, event.data.object, fetched.invoicePaymentIntent ?? null);
    case "invoice.payment_failed":
      return invoiceFailed(tx, event.data.object);
    case "customer.subscription.deleted":
      return subscriptionEnded(tx, event.data.object);
    case "charge.refunded":
      return refunded(tx, event.data.object, provider);
    case "charge.succeeded":
      return receipt(tx, event.data.object);
    case "charge.dispute.created":
    case "charge.dispute.updated":
    case "charge.dispute.closed":
      return disputed(tx, event.data.object, provider);
    default:
      return Promise.resolve({ outcome: `ignored: ${event.type} is not used`, orderId: null });
  }
}

export async function fulfilCheckout(db: Db, checkout: CompletedCheckout): Promise<FulfilmentOutcome> {
  const result = await db.transaction((tx) => fulfilIn(tx, checkout));
  if (result.personId) forgetPerson(result.personId);
  return result;
}

async function lockOrder(tx: DbOrTx, id: string | null): Promise<Order | null> {
  if (!id) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return order ?? null;
}

async function orderIdForInvoice(db: DbOrTx, invoice: Stripe.Invoice): Promise<string | null> {
  const details = invoice.parent?.subscription_details;
  return orderIdFor(db, details?.metadata ?? invoice.metadata, details ? idOf(details.subscription) : null);
}

async function orderIdFor(
  db: DbOrTx,
  metadata: Stripe.Metadata | null,
  subscription: string | null,
): Promise<string | null> {
  const byMetadata = orderIdIn(metadata);
  if (byMetadata) return byMetadata;
  if (!subscription) return null;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.subscriptionId, subscription));
  return row?.id ?? null;
}

const rank = (plan: Plan | null) => (plan ? PLANS.indexOf(plan) : -1);

const paymentNotice = (order: Order) => ({
  offer: order.offer,
  amount: order.unitAmount,
  currency: order.currency,
  order,
});

async function buyerOf(tx: DbOrTx, order: Order): Promise<Viewer | null> {
  if (!order.personId) return null;
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, order.personId));
  return row
    ? { id: row.id, email: row.email, fullName: row.fullName, role: row.role, plan: row.plan }
    : null;
}

async function fulfilIn(tx: DbOrTx, checkout: CompletedCheckout): Promise<OutcomeInTransaction> {
  const order = await lockOrder(tx, checkout.orderId);
  if (!order) return { outcome: "ignored: no such order", orderId: null };
  const ignored = (why: string): OutcomeInTransaction => ({ outcome: `ignored: ${why}`, orderId: order.id });
  if (order.checkoutSessionId && order.checkoutSessionId !== checkout.sessionId) {
    return ignored("the session is not this order's");
  }
  if (!checkout.paid) return ignored("not paid yet");
  const paidButIgnored = (why: string) => ({ ...ignored(why), paymentIntent: checkout.paymentIntent });
  // Before the tax Stripe Tax added, the order's own amount to the cent (README, "Taxes").
  const tax = checkout.amountTax ?? null;
  const beforeTax = checkout.amountTotal === null ? null : checkout.amountTotal - (tax ?? 0);
  if (beforeTax !== order.unitAmount || checkout.currency !== order.currency.toLowerCase()) {
    return paidButIgnored(
      `paid ${beforeTax} ${checkout.currency} before tax, the order is ${order.unitAmount} ${order.currency}`,
    );
  }
  // The discount Stripe reports must be the order's own (docs/decisions/0044-discount-codes.md).
  const discount = order.listUnitAmount === null ? 0 : order.listUnitAmount - order.unitAmount;
  if (checkout.amountDiscount !== null && checkout.amountDiscount !== discount) {
    return paidButIgnored(
      `a discount of ${checkout.amountDiscount}, the order's is ${discount} ${order.currency}`,
    );
  }
  await tx
    .update(orders)
    .set({
      customerId: order.customerId ?? checkout.customer,
      subscriptionId: order.subscriptionId ?? checkout.subscription,
    })
    .where(eq(orders.id, order.id));
  if (order.fulfilledAt) return { outcome: "applied: already fulfilled", orderId: order.id };

  // "expired": released by the buyer's next checkout with its code, yet paid before Stripe expired it (0044).
  const opening = order.status === "pending" || order.status === "expired";
  const status = order.mode === "payment" ? "paid" : opening ? "active" : order.status;
  await tx.update(orders).set({ status, fulfilledAt: new Date() }).where(eq(orders.id, order.id));
  await recordRedemptionIn(tx, order);
  if (order.mode === "payment") {
    const [charged] = await tx
      .insert(payments)
      .values({
        orderId: order.id,
        kind: "charge",
        amount: order.unitAmount + (tax ?? 0),
        taxAmount: tax,
        currency: order.currency,
        reference: checkout.paymentIntent ?? checkout.sessionId,
        paymentIntent: checkout.paymentIntent,
        receiptUrl: checkout.receiptUrl?.startsWith("https://") ? checkout.receiptUrl : null,
      })
      .onConflictDoNothing()
      .returning({ id: payments.id });
    if (charged)
      await creditReferralIn(tx, order, { id: charged.id, kind: "charge", amount: order.unitAmount });
    if (charged && order.personId) {
      await notifyPaymentReceived(tx, order.personId, {
        ...paymentNotice(order),
        amount: order.unitAmount + (tax ?? 0),
        tax,
      });
    }
  }
  const buyer = await buyerOf(tx, order);
  if (!buyer) return { outcome: "applied: the buyer's account is gone", orderId: order.id };
  // The buyer's own standing to buy is the permit for the changes made on their behalf.
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
  // Through the admin's own change path; the plan only rises.
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

async function expire(tx: DbOrTx, checkout: CompletedCheckout): Promise<OutcomeInTransaction> {
  const order = await lockOrder(tx, checkout.orderId);
  if (!order) return { outcome: "ignored: no such order", orderId: null };
  if (order.status !== "pending") return { outcome: `ignored: order is ${order.status}`, orderId: order.id };
  await tx.update(orders).set({ status: "expired" }).where(eq(orders.id, order.id));
  return { outcome: "applied", orderId: order.id };
}

const chargesOf = (tx: DbOrTx, orderId: string) =>
  tx
    .select({ n: count(), total: sum(payments.amount) })
    .from(payments)
    .where(and(eq(payments.orderId, orderId), eq(payments.kind, "charge")));

/**
 * The tax Stripe Tax added to an instalment: at the pinned version an invoice lists it in `total_taxes`
 * (Stripe.Invoice.TotalTax, node_modules/stripe/esm/resources/Invoices.d.ts); exclusive taxes are on top
 * of the price. Null when automatic tax was off.
 */
function taxOfInvoice(invoice: Stripe.Invoice): number | null {
  if (!invoice.automatic_tax?.enabled) return null;
  return (invoice.total_taxes ?? [])
    .filter((t) => t.tax_behavior === "exclusive")
    .reduce((sum, t) => sum + t.amount, 0);
}

const subscriptionOf = (invoice: Stripe.Invoice): string | null => {
  const details = invoice.parent?.subscription_details;
  return details ? idOf(details.subscription) : null;
};

async function invoicePaid(
  tx: DbOrTx,
  invoice: Stripe.Invoice,
  paymentIntent: string | null,
): Promise<OutcomeInTransaction> {
  const subscription = subscriptionOf(invoice);
  const order = await lockOrder(tx, await orderIdForInvoice(tx, invoice));
  if (!order) return { outcome: "ignored: no order for this invoice", orderId: null };
  if (!invoice.id) return { outcome: "ignored: invoice without id", orderId: order.id };
  // What was charged; less than the invoice when the customer's credit balance paid part of it.
  const amount = invoice.amount_paid;
  const invoiceTax = taxOfInvoice(invoice);
  // The row's tax stays inside what was charged (payments_tax_within_amount).
  const tax = invoiceTax === null ? null : Math.min(invoiceTax, amount);
  if (invoice.currency !== order.currency.toLowerCase()) {
    return {
      outcome: `ignored: invoice in ${invoice.currency}, order in ${order.currency}`,
      orderId: order.id,
      paymentIntent,
    };
  }
  // Each instalment is the order's discounted price to the cent, before tax, as the first charge is
  // (the code's coupon lasts "forever" on a subscription: app/server/payments/line-items.server.ts).
  // The invoice's own total is checked, not `amount_paid`, which a credit balance lowers: at the pinned
  // version Stripe.Invoice has `total` ("after discounts and taxes") and `total_excluding_tax` ("including
  // all discounts but excluding all tax", nullable) in node_modules/stripe/esm/resources/Invoices.d.ts.
  const invoiced = invoice.total_excluding_tax ?? invoice.total - (invoiceTax ?? 0);
  if (invoiced !== order.unitAmount) {
    return {
      outcome: `ignored: invoiced ${invoiced} ${invoice.currency} before tax, an instalment is ${order.unitAmount} ${order.currency}`,
      orderId: order.id,
      paymentIntent,
    };
  }
  const [recorded] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      kind: "charge",
      amount,
      taxAmount: tax,
      currency: order.currency,
      reference: invoice.id,
      paymentIntent,
      receiptUrl: invoice.hosted_invoice_url ?? null,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (!recorded) return { outcome: "applied: invoice already recorded", orderId: order.id };
  // The referrer's share is of the price, not of the tax.
  await creditReferralIn(tx, order, { id: recorded.id, kind: "charge", amount: amount - (tax ?? 0) });
  if (order.personId) {
    await notifyPaymentReceived(tx, order.personId, { ...paymentNotice(order), amount, tax });
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
  return { outcome: "applied", orderId: order.id };
}

async function invoiceFailed(tx: DbOrTx, invoice: Stripe.Invoice): Promise<OutcomeInTransaction> {
  const order = await lockOrder(tx, await orderIdForInvoice(tx, invoice));
  if (!order) return { outcome: "ignored: no order for this invoice", orderId: null };
  const invoiceId = invoice.id;
  if (!invoiceId) return { outcome: "ignored: invoice without id", orderId: order.id };
  const failedAmount = invoice.amount_due;
  const [failed] = await tx
    .insert(payments)
    .values({
      orderId: order.id,
      kind: "failed",
      amount: failedAmount,
      currency: order.currency,
      reference: `${invoiceId}#${invoice.attempt_count || 1}`,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (failed && order.personId) {
    await notifyPaymentFailed(tx, order.personId, { ...paymentNotice(order), amount: failedAmount });
  }
  // Events out of order: a failure after the same invoice was paid changes nothing.
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

async function subscriptionEnded(
  tx: DbOrTx,
  subscription: Stripe.Subscription,
): Promise<OutcomeInTransaction> {
  const order = await lockOrder(tx, await orderIdFor(tx, subscription.metadata, subscription.id));
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

async function receipt(tx: DbOrTx, charge: Stripe.Charge): Promise<OutcomeInTransaction> {
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

/** Rolls the event back and answers 503, so the provider redelivers it. */
export class RetryLater extends Error {
  override name = "RetryLater";
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

const isOutcome = (found: Order | OutcomeInTransaction): found is OutcomeInTransaction => "outcome" in found;

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

async function refunded(
  tx: DbOrTx,
  charge: Stripe.Charge,
  provider: ProviderCalls,
): Promise<OutcomeInTransaction> {
  const paymentIntent = idOf(charge.payment_intent);
  if (!paymentIntent) return { outcome: "ignored: charge without payment intent", orderId: null };
  const order = await orderOfCharge(tx, paymentIntent, provider);
  if (!order) return { outcome: "ignored: no order for this charge", orderId: null };
  if (isOutcome(order)) return order;
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
  if (buyer) {
    // The plan stays: the coach decides what a refund means for access.
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
async function disputed(
  tx: DbOrTx,
  dispute: Stripe.Dispute,
  provider: ProviderCalls,
): Promise<OutcomeInTransaction> {
  const paymentIntent = idOf(dispute.payment_intent);
  if (!paymentIntent) return { outcome: "ignored: dispute without payment intent", orderId: null };
  const order = await orderOfCharge(tx, paymentIntent, provider);
  if (!order) return { outcome: "ignored: no order for this dispute", orderId: null };
  if (isOutcome(order)) return order;
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
