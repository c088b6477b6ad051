import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import type { Viewer } from "~/domain/viewer";
import type { DbOrTx } from "../../db.server";
import { type AuditEntry, recordChange, type SystemSource } from "../../models/audit.server";
import { type Order, orders, profiles } from "../../schema";

// What every family of provider events shares (app/server/payments/fulfil.server.ts is the gate that
// hands each event to its family): finding and locking the order an event is about, its buyer, and the
// outcome an event leaves.

/** Who the audit trail says made a change Stripe reported: no person here, as Cal.com's bookings. */
export const STRIPE = "stripe" satisfies SystemSource;

/** Stripe's change to `order`, in its buyer's trail and on the pages that show their payments. */
export async function recordOrderChange(
  tx: DbOrTx,
  order: Order,
  buyerId: string,
  change: Pick<AuditEntry, "action" | "before" | "after">,
): Promise<void> {
  await recordChange(
    tx,
    STRIPE,
    { ...change, targetId: buyerId, entity: "order", entityId: order.id },
    { kind: "payment", clientId: buyerId },
  );
}

/** What a webhook payload does not carry (the local test checkout answers for its own objects). */
/** What became of a provider event or a success-page check, as the caller reads it. */
export type FulfilmentOutcome = {
  outcome: string;
  orderId: string | null;
};

export type ProviderCalls = {
  /** An event's invoice leaves `payments` unexpanded. */
  invoicePaymentIntent(invoiceId: string): Promise<string | null>;
  receiptOf(paymentIntent: string): Promise<string | null>;
  /** Null: not ours. */
  orderOfPaymentIntent(paymentIntent: string): Promise<string | null>;
  /** No proration, so no later call is needed to stop charging. */
  endSubscriptionAt(subscriptionId: string, at: Date): Promise<void>;
};

export const idOf = (value: string | { id?: string } | null | undefined): string | null =>
  typeof value === "string" ? value || null : (value?.id ?? null);
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const orderIdIn = (metadata: Stripe.Metadata | null | undefined): string | null => {
  const id = metadata?.order_id;
  return id && UUID.test(id) ? id : null;
};

/**
 * One event's outcome inside its transaction, plus the person whose role or plan it changed: their
 * cached session is forgotten once the transaction commits.
 */
export type OutcomeInTransaction = FulfilmentOutcome & {
  personId?: string | null;
  /** Money was taken but the event is ignored: a later refund or dispute of it is ignored too (orderOfCharge). */
  paymentIntent?: string | null;
};

export async function orderRow(db: DbOrTx, id: string | null): Promise<Order | null> {
  if (!id) return null;
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  return order ?? null;
}

export async function lockOrder(tx: DbOrTx, id: string | null): Promise<Order | null> {
  if (!id) return null;
  const [order] = await tx.select().from(orders).where(eq(orders.id, id)).for("update");
  return order ?? null;
}

export async function orderIdFor(
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

export const paymentNotice = (order: Order) => ({
  offer: order.offer,
  amount: order.unitAmount,
  currency: order.currency,
  order,
});

export async function buyerOf(tx: DbOrTx, order: Order): Promise<Viewer | null> {
  if (!order.personId) return null;
  const [row] = await tx.select().from(profiles).where(eq(profiles.id, order.personId));
  return row
    ? { id: row.id, email: row.email, fullName: row.fullName, role: row.role, plan: row.plan }
    : null;
}

/** Rolls the event back and answers 503, so the provider redelivers it. */
export class RetryLater extends Error {
  override name = "RetryLater";
}
