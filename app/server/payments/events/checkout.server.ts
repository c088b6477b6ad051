import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { instalmentsEndAt } from "~/domain/orders";
import { PLANS, type Plan } from "~/domain/plans";
import { can } from "~/domain/policy";
import type { Db, DbOrTx } from "../../db.server";
import { logger } from "../../logger.server";
import { notifyPaymentReceived } from "../../mail/notify.server";
import { changeProfileIn, type Person } from "../../models/people.server";
import { creditReferralIn, recordRedemptionIn } from "../../models/referrals.server";
import { orders, payments } from "../../schema";
import {
  buyerOf,
  idOf,
  lockOrder,
  type OutcomeInTransaction,
  orderIdIn,
  orderRow,
  type ProviderCalls,
  paymentNotice,
  recordOrderChange,
  STRIPE,
  UUID,
} from "./order.server";

// checkout.session.*: a paid checkout fulfils its order (the plan granted, the charge recorded, the
// referral credited), an unpaid one expires. The success page runs the same fulfilment (fulfilCheckout).

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

const rank = (plan: Plan | null) => (plan ? PLANS.indexOf(plan) : -1);

export async function fulfilIn(tx: DbOrTx, checkout: CompletedCheckout): Promise<OutcomeInTransaction> {
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
  // A buyer who is staff now keeps their role, and their trail stays as it was.
  if (!can(buyer, "checkout.start"))
    return { outcome: "applied: the buyer is staff now; role and plan unchanged", orderId: order.id };
  // Through the admin's own change path, as Stripe's change; the plan only rises.
  await changeProfileIn(tx, STRIPE, buyer.id, "payment.fulfil", (current: Person) => {
    if (can(current, "admin.enter")) return null;
    const change: { role?: "client"; plan?: Plan } = {};
    if (current.role === "lead") change.role = "client";
    if (order.plan && (current.role === "lead" || rank(order.plan) > rank(current.plan)))
      change.plan = order.plan;
    return change;
  });
  await recordOrderChange(tx, order, buyer.id, {
    action: "order.paid",
    after: { offer: order.offer, option: order.option, amount: order.unitAmount, currency: order.currency },
  });
  return { outcome: "applied", orderId: order.id, personId: buyer.id };
}

export async function expire(tx: DbOrTx, checkout: CompletedCheckout): Promise<OutcomeInTransaction> {
  const order = await lockOrder(tx, checkout.orderId);
  if (!order) return { outcome: "ignored: no such order", orderId: null };
  if (order.status !== "pending") return { outcome: `ignored: order is ${order.status}`, orderId: order.id };
  await tx.update(orders).set({ status: "expired" }).where(eq(orders.id, order.id));
  return { outcome: "applied", orderId: order.id };
}

/** Asked of the provider before the event's transaction, so no call holds a row lock. */
export async function beforeFulfilment(
  db: Db,
  event: Stripe.CheckoutSessionCompletedEvent | Stripe.CheckoutSessionAsyncPaymentSucceededEvent,
  provider: ProviderCalls,
): Promise<{ receiptUrl?: string | null }> {
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
