import { and, asc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { LEDGER_KINDS, type LedgerKind, type MonthMoney, type Period } from "~/domain/business";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { orders, payments, profiles } from "../schema";

// The ledger's money by month and currency, and its rows in keyset pages
// (docs/decisions/0054-business-at-a-glance.md). Both read `payments` by `payments_occurred_idx`
// (db/migrations/0016_business.sql): one grouped query for the figures, one bounded query per page.

export type { MonthMoney };

const inPeriod = (period: Period) =>
  and(gte(payments.occurredAt, period.from), lt(payments.occurredAt, period.to));

/** Every month of the period with a ledger row, per currency, oldest first; never a sum across currencies. */
export async function moneyByMonth(
  db: Db,
  _permit: Permit<"business.read">,
  period: Period,
): Promise<MonthMoney[]> {
  const month = sql<string>`to_char(${payments.occurredAt} at time zone 'UTC', 'YYYY-MM')`;
  const cents = (kind: LedgerKind) =>
    sql<number>`coalesce(sum(${payments.amount}) filter (where ${payments.kind} = ${kind}), 0)::bigint`;
  const rows = await db
    .select({
      month,
      currency: payments.currency,
      charges: sql<number>`count(*) filter (where ${payments.kind} = 'charge')::int`,
      gross: cents("charge"),
      tax: sql<number | null>`sum(${payments.taxAmount}) filter (where ${payments.kind} = 'charge')::bigint`,
      refunds: cents("refund"),
      disputes: cents("chargeback"),
    })
    .from(payments)
    .where(and(inPeriod(period), inArray(payments.kind, [...LEDGER_KINDS])))
    .groupBy(month, payments.currency)
    .orderBy(month, payments.currency);
  return rows.map((row) => {
    const gross = Number(row.gross);
    const refunds = Number(row.refunds);
    const disputes = Number(row.disputes);
    return {
      ...row,
      gross,
      refunds,
      disputes,
      tax: row.tax === null ? null : Number(row.tax),
      net: gross - refunds - disputes,
    };
  });
}

export type MoneyTotals = Omit<MonthMoney, "month">;

/** Per currency, the months' sums (so a year's line equals its months added up). */
export function totalsByCurrency(months: readonly MonthMoney[]): MoneyTotals[] {
  const totals = new Map<string, MoneyTotals>();
  for (const m of months) {
    const t = totals.get(m.currency) ?? {
      currency: m.currency,
      charges: 0,
      gross: 0,
      tax: null,
      refunds: 0,
      disputes: 0,
      net: 0,
    };
    t.charges += m.charges;
    t.gross += m.gross;
    t.tax = m.tax === null ? t.tax : (t.tax ?? 0) + m.tax;
    t.refunds += m.refunds;
    t.disputes += m.disputes;
    t.net += m.net;
    totals.set(m.currency, t);
  }
  return [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency));
}

/** The years with ledger rows, newest first (two index reads). */
export async function ledgerYears(db: Db, _permit: Permit<"business.read">): Promise<number[]> {
  const [row] = await db
    .select({
      first: sql<string | null>`min(${payments.occurredAt})`,
      last: sql<string | null>`max(${payments.occurredAt})`,
    })
    .from(payments);
  if (!row?.first || !row.last) return [];
  const years: number[] = [];
  for (let y = new Date(row.last).getUTCFullYear(); y >= new Date(row.first).getUTCFullYear(); y--)
    years.push(y);
  return years;
}

export type LedgerFilter = { period: Period; currency?: string | null; kind?: LedgerKind | null };
export type LedgerCursor = { at: string; id: string };

export const LEDGER_PAGE_SIZE = 1000;

/** One keyset page of ledger rows in time order, after `cursor`; the CSV and the list read the same. */
export function ledgerPage(
  db: Db,
  _permit: Permit<"business.read">,
  filter: LedgerFilter,
  cursor: LedgerCursor | null,
  limit = LEDGER_PAGE_SIZE,
) {
  return db
    .select({
      id: payments.id,
      occurredAt: payments.occurredAt,
      at: sql<string>`${payments.occurredAt}::text`,
      kind: payments.kind,
      amount: payments.amount,
      tax: payments.taxAmount,
      currency: payments.currency,
      reference: payments.reference,
      paymentIntent: payments.paymentIntent,
      orderId: payments.orderId,
      subscriptionId: orders.subscriptionId,
      checkoutSessionId: orders.checkoutSessionId,
      customerId: orders.customerId,
      offer: orders.offer,
      plan: orders.plan,
      discountCode: orders.discountCode,
      personId: orders.personId,
      email: profiles.email,
      fullName: profiles.fullName,
    })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .leftJoin(profiles, eq(profiles.id, orders.personId))
    .where(
      and(
        inPeriod(filter.period),
        filter.kind ? eq(payments.kind, filter.kind) : inArray(payments.kind, [...LEDGER_KINDS]),
        filter.currency ? eq(payments.currency, filter.currency) : undefined,
        // The time as PostgreSQL wrote it (microseconds; a Date would cut them to milliseconds).
        cursor
          ? sql`(${payments.occurredAt}, ${payments.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(payments.occurredAt), asc(payments.id))
    .limit(limit);
}

export type LedgerRow = Awaited<ReturnType<typeof ledgerPage>>[number];

/** Every page of the filter in turn, one query each: memory holds one page. */
export async function* ledgerPages(
  db: Db,
  permit: Permit<"business.read">,
  filter: LedgerFilter,
  size = LEDGER_PAGE_SIZE,
) {
  let cursor: LedgerCursor | null = null;
  for (;;) {
    const page = await ledgerPage(db, permit, filter, cursor, size);
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (!last || page.length < size) return;
    cursor = { at: last.at, id: last.id };
  }
}
