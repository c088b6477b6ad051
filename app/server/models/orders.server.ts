import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import type { CheckoutLine } from "~/domain/checkout";
import type { Db, DbOrTx } from "../db.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { type Order, orders, type PaymentRow, payments, profiles } from "../schema";

// Orders and their payments (docs/decisions/0027-payments.md): changed only by fulfilment
// (app/server/payments/fulfil.server.ts).

/** Amounts copied from the pricing source; staff never hold a `checkout.start` permit. */
export async function createOrder(
  db: DbOrTx,
  permit: Permit<"checkout.start">,
  line: CheckoutLine,
  provider: "stripe" | "local",
  code: { id: string; code: string } | null = null,
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
      ...(line.discountPercent !== null && code
        ? {
            discountCodeId: code.id,
            discountCode: code.code,
            discountPercent: line.discountPercent,
            listUnitAmount: line.listUnitAmount,
          }
        : {}),
    })
    .returning();
  if (!order) throw new Error("order not inserted");
  return order;
}

/** The success page finds the order by this. */
export async function attachCheckoutSession(db: Db, orderId: string, sessionId: string): Promise<void> {
  await db.update(orders).set({ checkoutSessionId: sessionId }).where(eq(orders.id, orderId));
}

/** Another person's order is "not found". */
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

export function personOrders(
  db: Db,
  _permit: Permit<"payments.read">,
  personId: string,
  options: { all?: boolean } = {},
): Promise<OrderWithPayments[]> {
  return ordersOf(db, personId, options);
}

/** `all`: abandoned checkouts too (the data export). */
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

export const BOUGHT_STATUSES = ["paid", "active", "past_due", "completed", "canceled", "refunded"];

export const ORDERS_PAGE_SIZE = 50;

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
      .select({
        order: orders,
        email: profiles.email,
        fullName: profiles.fullName,
        // Stripe Tax's share of what was charged, null when none was computed (README, "Taxes").
        tax: sql<
          number | null
        >`(select sum(${payments.taxAmount})::int from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.kind} = 'charge')`,
      })
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

export async function pastDueOrders(db: Db, _permit: Permit<"payments.read">) {
  return db
    .select({ id: orders.id, personId: orders.personId, email: profiles.email, offer: orders.offer })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.personId))
    .where(eq(orders.status, "past_due"))
    .orderBy(desc(orders.updatedAt))
    .limit(20);
}

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

export async function hasFailedPayment(db: Db, permit: Permit<"portal.read-own">): Promise<boolean> {
  const viewer = permit.actor;
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.personId, viewer.id), eq(orders.status, "past_due")))
    .limit(1);
  return row !== undefined;
}
