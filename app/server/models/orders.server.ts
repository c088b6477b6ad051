import { and, count, desc, eq, inArray, isNotNull } from "drizzle-orm";
import type { CheckoutLine } from "~/domain/checkout";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { type Order, orders, type PaymentRow, payments, profiles } from "../schema";

// Orders and their payments (docs/decisions/0027-payments.md): made by the buyer at checkout, changed
// only by fulfilment (app/server/payments/fulfil.server.ts), read by the buyer and by staff.

/**
 * A pending order for the signed-in buyer, with the line's amounts copied from the pricing source. Only a
 * lead or a client holds a `checkout.start` permit (staff are refused before: the checkout routes' access).
 */
export async function createOrder(
  db: Db,
  permit: Permit<"checkout.start">,
  line: CheckoutLine,
  provider: "stripe" | "local",
): Promise<Order> {
  const buyer = permit.actor;
  const [order] = await db
    .insert(orders)
    .values({
      personId: buyer.id,
      offer: line.offer,
      currency: line.currency,
      option: line.option,
      mode: line.mode,
      unitAmount: line.unitAmount,
      instalments: line.instalments,
      plan: line.plan,
      provider,
    })
    .returning();
  if (!order) throw new Error("order not inserted");
  return order;
}

/** Remembers the provider's Checkout Session for a pending order (the success page finds it by this). */
export async function attachCheckoutSession(db: Db, orderId: string, sessionId: string): Promise<void> {
  await db.update(orders).set({ checkoutSessionId: sessionId }).where(eq(orders.id, orderId));
}

/** One of the viewer's own orders, by its id or its Checkout Session; another person's is "not found". */
export async function ownOrder(
  db: Db,
  permit: Permit<"checkout.start">,
  by: { id: string } | { sessionId: string },
): Promise<Order> {
  const viewer = permit.actor;
  const where = "id" in by ? eq(orders.id, by.id) : eq(orders.checkoutSessionId, by.sessionId);
  const [order] = await db
    .select()
    .from(orders)
    .where(and(where, eq(orders.personId, viewer.id)))
    .limit(1);
  if (!order) refuse("No such order.", 404);
  return order;
}

export type OrderWithPayments = Order & { payments: PaymentRow[] };

async function withPayments(db: Db, list: Order[]): Promise<OrderWithPayments[]> {
  if (list.length === 0) return [];
  const rows = await db
    .select()
    .from(payments)
    .where(
      inArray(
        payments.orderId,
        list.map((o) => o.id),
      ),
    )
    .orderBy(desc(payments.occurredAt));
  return list.map((order) => ({ ...order, payments: rows.filter((p) => p.orderId === order.id) }));
}

/** What a person bought (not the abandoned checkouts), newest first, as staff see it. */
export function personOrders(
  db: Db,
  _permit: Permit<"payments.read">,
  personId: string,
  options: { all?: boolean } = {},
): Promise<OrderWithPayments[]> {
  return ordersOf(db, personId, options);
}

/** What the permit's holder bought: their Billing page, their data export (`all`: abandoned ones too). */
export function ownOrders(
  db: Db,
  permit: Permit<"portal.read-own" | "self.export">,
  options: { all?: boolean } = {},
): Promise<OrderWithPayments[]> {
  return ordersOf(db, permit.actor.id, options);
}

async function ordersOf(db: Db, personId: string, { all = false }: { all?: boolean }) {
  const list = await db
    .select()
    .from(orders)
    .where(and(eq(orders.personId, personId), all ? undefined : inArray(orders.status, BOUGHT_STATUSES)))
    .orderBy(desc(orders.createdAt))
    .limit(all ? 10_000 : 100);
  return withPayments(db, list);
}

/** Statuses of an order that was paid at least once. */
export const BOUGHT_STATUSES = ["paid", "active", "past_due", "completed", "canceled", "refunded"];

export const ORDERS_PAGE_SIZE = 50;

/** The admin's Payments list: one page, newest first, with the buyer. */
export async function listOrders(
  db: Db,
  _permit: Permit<"payments.read">,
  { status, currency, page = 1 }: { status?: string; currency?: string; page?: number },
) {
  const where = and(
    status ? eq(orders.status, status) : inArray(orders.status, BOUGHT_STATUSES),
    currency ? eq(orders.currency, currency) : undefined,
  );
  const current = Math.max(1, Math.floor(page));
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, email: profiles.email, fullName: profiles.fullName })
      .from(orders)
      .leftJoin(profiles, eq(profiles.id, orders.personId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_PAGE_SIZE)
      .offset((current - 1) * ORDERS_PAGE_SIZE),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: total?.n ?? 0, page: current, pageSize: ORDERS_PAGE_SIZE };
}

/** Orders whose last instalment or renewal failed: the coach hears of them on the admin home. */
export async function pastDueOrders(db: Db, _permit: Permit<"payments.read">) {
  return db
    .select({ id: orders.id, personId: orders.personId, email: profiles.email, offer: orders.offer })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.personId))
    .where(eq(orders.status, "past_due"))
    .orderBy(desc(orders.updatedAt))
    .limit(20);
}

/** The buyer's Stripe customer from their latest Stripe order, for the billing portal. */
export async function latestCustomer(db: Db, permit: Permit<"portal.read-own">): Promise<string | null> {
  const viewer = permit.actor;
  const [row] = await db
    .select({ customer: orders.customerId })
    .from(orders)
    .where(and(eq(orders.personId, viewer.id), eq(orders.provider, "stripe"), isNotNull(orders.customerId)))
    .orderBy(desc(orders.createdAt))
    .limit(1);
  return row?.customer ?? null;
}

/** Whether one of the viewer's own instalments or renewals failed and is not yet paid. */
export async function hasFailedPayment(db: Db, permit: Permit<"portal.read-own">): Promise<boolean> {
  const viewer = permit.actor;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.personId, viewer.id), eq(orders.status, "past_due")))
    .limit(1);
  return row !== undefined;
}
