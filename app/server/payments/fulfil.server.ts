import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { forgetPerson } from "../auth/session-cache.server";
import type { Db, DbOrTx } from "../db.server";
import { logger } from "../logger.server";
import { paymentEvents } from "../schema";
import {
  beforeFulfilment,
  type CompletedCheckout,
  completedCheckout,
  expire,
  fulfilIn,
} from "./events/checkout.server";
import type { FulfilmentOutcome, OutcomeInTransaction, ProviderCalls } from "./events/order.server";
import { disputed, receipt, refunded } from "./events/refunds.server";
import {
  beforeInvoicePaid,
  invoiceFailed,
  invoicePaid,
  subscriptionEnded,
} from "./events/subscriptions.server";

// Fulfilment (docs/decisions/0027-payments.md, 0038-stripe-api-version.md): the one gate every provider
// event passes. Each event id is stored once and every change locks the order first, so replays and races
// change things once; what an event does is its family's (events/checkout, subscriptions, refunds).

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

async function fetchFor(db: Db, event: Stripe.Event, provider: ProviderCalls): Promise<Fetched> {
  switch (event.type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded":
      return beforeFulfilment(db, event, provider);
    case "invoice.paid":
      return beforeInvoicePaid(db, event.data.object, provider);
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
