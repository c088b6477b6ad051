// The business page's words and periods (docs/decisions/0054-business-at-a-glance.md). Shared: the page
// and the CSV name things the same way. Months are calendar months in UTC, a tax year is a calendar year.

export const LEDGER_KINDS = ["charge", "refund", "chargeback"] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** The link's `kind`: what a figure on the page counts. */
export const LEDGER_KIND_PARAMS = { charges: "charge", refunds: "refund", disputes: "chargeback" } as const;
export type LedgerKindParam = keyof typeof LEDGER_KIND_PARAMS;

export const LEDGER_KIND_LABELS: Record<LedgerKind, string> = {
  charge: "Charge",
  refund: "Refund",
  chargeback: "Lost dispute",
};

/** Money returned is negative in the ledger's lists and files, so a column's sum is the net. */
export const signedAmount = (kind: string, amount: number): number => (kind === "charge" ? amount : -amount);

export type Period = { from: Date; to: Date };

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const YEAR = /^(\d{4})$/;

export function yearPeriod(year: number): Period {
  return { from: new Date(Date.UTC(year, 0, 1)), to: new Date(Date.UTC(year + 1, 0, 1)) };
}

export function monthPeriod(month: string): Period | null {
  const m = MONTH.exec(month);
  if (!m) return null;
  const year = Number(m[1]);
  const index = Number(m[2]) - 1;
  return { from: new Date(Date.UTC(year, index, 1)), to: new Date(Date.UTC(year, index + 1, 1)) };
}

export function parseYear(value: string | null, fallback: number): number {
  const m = YEAR.exec(value ?? "");
  const year = m ? Number(m[1]) : fallback;
  return year >= 2000 && year <= 2100 ? year : fallback;
}

function parseDay(value: string | null): Date | null {
  const m = DAY.exec(value ?? "");
  if (!m) return null;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value ? null : date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * `from`/`to` days (both included) when both are given and in order, else `month`, else `year`; null
 * when none reads. At most ten years, so every query stays bounded.
 */
export function periodOf(params: URLSearchParams): Period | null {
  const from = parseDay(params.get("from"));
  const to = parseDay(params.get("to"));
  if (from && to) {
    const end = new Date(to.getTime() + DAY_MS);
    return end > from && end.getTime() - from.getTime() <= 3660 * DAY_MS ? { from, to: end } : null;
  }
  const month = params.get("month");
  if (month) return monthPeriod(month);
  const year = params.get("year");
  return year && YEAR.test(year) ? yearPeriod(parseYear(year, 0)) : null;
}

/** "2026-03" → "March 2026". */
export function monthLabel(month: string): string {
  const period = monthPeriod(month);
  if (!period) return month;
  return period.from.toLocaleDateString("en-US", { month: "long", year: "numeric", timeZone: "UTC" });
}

/** "2026-03" → "Mar". */
export function shortMonth(month: string): string {
  const period = monthPeriod(month);
  return period ? period.from.toLocaleDateString("en-US", { month: "short", timeZone: "UTC" }) : month;
}

export const dayText = (date: Date): string => date.toISOString().slice(0, 10);

/** What a period's file or list is called: "2026", "2026-03" or "2026-01-01 to 2026-06-30". */
export function periodName(period: Period): string {
  const last = new Date(period.to.getTime() - DAY_MS);
  const { from, to } = period;
  if (
    from.getUTCMonth() === 0 &&
    from.getUTCDate() === 1 &&
    to.getUTCFullYear() === from.getUTCFullYear() + 1 &&
    to.getUTCMonth() === 0 &&
    to.getUTCDate() === 1
  )
    return String(from.getUTCFullYear());
  if (
    from.getUTCDate() === 1 &&
    to.getUTCDate() === 1 &&
    (to.getUTCMonth() + 12 - from.getUTCMonth()) % 12 === 1 &&
    to.getTime() - from.getTime() < 32 * DAY_MS
  )
    return dayText(from).slice(0, 7);
  return `${dayText(from)} to ${dayText(last)}`;
}

/** A month's money in one currency, in cents (docs/decisions/0054-business-at-a-glance.md, "net"). */
export type MonthMoney = {
  month: string;
  currency: string;
  charges: number;
  gross: number;
  /** Null when no charge of the month had Stripe Tax's figure. */
  tax: number | null;
  refunds: number;
  disputes: number;
  net: number;
};

/** A plan Stripe charges by subscription, as the page lists it. */
export type PlanLine = {
  orderId: string;
  personId: string | null;
  client: string;
  offer: string;
  currency: string;
  amount: number;
  paid: number;
  /** Null for monthly sessions (no end). */
  of: number | null;
  status: string;
  nextAt: string | null;
  daysOverdue: number | null;
  emailed: number;
  lastEmailedAt: string | null;
};
