import { and, count, eq, sum } from "drizzle-orm";
import type Stripe from "stripe";
import type { Db, DbOrTx } from "../../db.server";
import { publishChange } from "../../live/bus.server";
import { notifyPaymentFailed, notifyPaymentReceived } from "../../mail/notify.server";
import { creditReferralIn } from "../../models/referrals.server";
import { orders, payments } from "../../schema";
import {
  buyerOf,
  idOf,
  lockOrder,
  type OutcomeInTransaction,
  orderIdFor,
  orderRow,
  type ProviderCalls,
  paymentNotice,
  recordOrderChange,
} from "./order.server";

// invoice.* and customer.subscription.*: each instalment recorded once and counted, a failed one
// marks the order past due, a subscription ended cancels it.

export async function orderIdForInvoice(db: DbOrTx, invoice: Stripe.Invoice): Promise<string | null> {
  const details = invoice.parent?.subscription_details;
  return orderIdFor(db, details?.metadata ?? invoice.metadata, details ? idOf(details.subscription) : null);
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

export async function invoicePaid(
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

export async function invoiceFailed(tx: DbOrTx, invoice: Stripe.Invoice): Promise<OutcomeInTransaction> {
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

export async function subscriptionEnded(
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
    await recordOrderChange(tx, order, buyer.id, {
      action: "order.canceled",
      before: { status: order.status },
      after: { status: "canceled" },
    });
  }
  return { outcome: "applied", orderId: order.id };
}

/** Asked of the provider before the event's transaction: an event's invoice leaves `payments` unexpanded. */
export async function beforeInvoicePaid(
  db: Db,
  invoice: Stripe.Invoice,
  provider: ProviderCalls,
): Promise<{ invoicePaymentIntent?: string | null }> {
  const order = await orderRow(db, await orderIdForInvoice(db, invoice));
  if (!order || !invoice.id) return {};
  return { invoicePaymentIntent: await provider.invoicePaymentIntent(invoice.id) };
}
