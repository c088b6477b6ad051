import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { PlanLine } from "~/domain/business";
import { nextChargeDate, offerTitle } from "~/domain/orders";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { emailOutbox, orders, payments, profiles } from "../schema";

// Money still to come (docs/decisions/0054-business-at-a-glance.md): the plans Stripe charges by
// subscription (instalments and monthly sessions), which are behind, and a 90-day forecast of only the
// active ones Stripe will charge. An opened, unpaid checkout is `pending` and never counted.

const DAY_MS = 24 * 60 * 60 * 1000;
export const FORECAST_DAYS = 90;
/** Bounded: a practice's running plans; more are listed as "and N more" by the count. */
const PLANS_LIMIT = 500;

export type ForecastLine = { currency: string; month: string; charges: number; amount: number };

/** The plans still charging, one query (each plan's last charge and the failure emails by index). */
export async function runningPlans(db: Db, _permit: Permit<"business.read">) {
  const lastCharge = sql<
    string | null
  >`(select max(${payments.occurredAt}) from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.kind} = 'charge')`;
  return db
    .select({
      order: orders,
      email: profiles.email,
      fullName: profiles.fullName,
      lastCharge,
      // What the client was emailed about a failed charge since their last payment (the outbox's rows).
      emailed: sql<number>`(select count(*)::int from ${emailOutbox} where ${emailOutbox.recipientId} = ${orders.personId} and ${emailOutbox.kind} = 'payment-failed' and ${emailOutbox.createdAt} >= coalesce(${lastCharge}, ${orders.createdAt}))`,
      lastEmailedAt: sql<
        string | null
      >`(select max(${emailOutbox.createdAt}) from ${emailOutbox} where ${emailOutbox.recipientId} = ${orders.personId} and ${emailOutbox.kind} = 'payment-failed' and ${emailOutbox.createdAt} >= coalesce(${lastCharge}, ${orders.createdAt}))`,
    })
    .from(orders)
    .leftJoin(profiles, eq(profiles.id, orders.personId))
    .where(and(eq(orders.mode, "subscription"), inArray(orders.status, ["active", "past_due"])))
    .orderBy(asc(orders.createdAt))
    .limit(PLANS_LIMIT);
}

type Running = Awaited<ReturnType<typeof runningPlans>>[number];

/** The charge after `last` as Stripe bills it (app/domain/orders.ts), whatever the order's status. */
const after = (order: Running["order"], last: Date) =>
  nextChargeDate({ ...order, status: "active" }, [{ kind: "charge", occurredAt: last }]);

export function planLine(row: Running, now: Date): PlanLine {
  const { order } = row;
  const next = row.lastCharge ? after(order, new Date(row.lastCharge)) : null;
  const overdue =
    next && order.status === "past_due"
      ? Math.max(0, Math.floor((now.getTime() - next.getTime()) / DAY_MS))
      : null;
  return {
    orderId: order.id,
    personId: order.personId,
    client: row.fullName || row.email || "Deleted account",
    offer: offerTitle(order.offer),
    currency: order.currency,
    amount: order.unitAmount,
    paid: order.paidInstalments,
    of: order.instalments,
    status: order.status,
    nextAt: next ? next.toISOString() : null,
    daysOverdue: overdue,
    emailed: row.emailed,
    lastEmailedAt: row.lastEmailedAt ? new Date(row.lastEmailedAt).toISOString() : null,
  };
}

/**
 * The charges Stripe will make within the horizon: active Stripe subscriptions only (a past-due plan
 * is retried on Stripe's schedule, not on a date; a local test order is never charged), each instalment
 * plan at most its instalments left. Amounts before tax, as the order holds them.
 */
export function forecast(rows: readonly Running[], now: Date, days = FORECAST_DAYS): ForecastLine[] {
  const horizon = new Date(now.getTime() + days * DAY_MS);
  const lines = new Map<string, ForecastLine>();
  for (const { order, lastCharge } of rows) {
    if (order.status !== "active" || order.provider !== "stripe" || !order.subscriptionId || !lastCharge)
      continue;
    let left =
      order.instalments === null ? Number.POSITIVE_INFINITY : order.instalments - order.paidInstalments;
    let next = after(order, new Date(lastCharge));
    while (next && next < horizon && left > 0) {
      const month = next.toISOString().slice(0, 7);
      const key = `${order.currency} ${month}`;
      const line = lines.get(key) ?? { currency: order.currency, month, charges: 0, amount: 0 };
      line.charges += 1;
      line.amount += order.unitAmount;
      lines.set(key, line);
      left -= 1;
      next = after(order, next);
    }
  }
  return [...lines.values()].sort(
    (a, b) => a.currency.localeCompare(b.currency) || a.month.localeCompare(b.month),
  );
}

/** The paying plans the page lists, the next to charge first; all of them count in the forecast. */
const PAYING_SHOWN = 50;

export async function planFigures(db: Db, permit: Permit<"business.read">, now: Date) {
  const rows = await runningPlans(db, permit);
  const lines = rows.map((row) => planLine(row, now));
  const paying = lines
    .filter((p) => p.status === "active")
    .sort((a, b) => (a.nextAt ?? "9").localeCompare(b.nextAt ?? "9"));
  return {
    plans: paying.slice(0, PAYING_SHOWN),
    paying: paying.length,
    behind: lines.filter((p) => p.status === "past_due"),
    forecast: forecast(rows, now),
    days: FORECAST_DAYS,
  };
}
