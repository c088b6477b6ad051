// How an order reads to people (docs/decisions/0027-payments.md).

import { checkoutLine } from "./checkout";
import { type Currency, formatMoney } from "./financing";
import { offerPrice } from "./prices";

export const ORDER_STATUS_LABELS: Record<string, string> = {
  pending: "Awaiting payment",
  paid: "Paid",
  active: "Active",
  past_due: "Payment failed",
  completed: "Paid in full",
  canceled: "Cancelled",
  refunded: "Refunded",
  expired: "Expired",
};

export const ORDER_FILTER_STATUSES = [
  "paid",
  "active",
  "past_due",
  "completed",
  "canceled",
  "refunded",
] as const;

export function offerTitle(offer: string): string {
  return offerPrice(offer)?.name ?? offer;
}

export function money(cents: number, currency: string): string {
  return `${formatMoney(cents / 100, currency as Currency)} ${currency}`;
}

export type OrderSummary = {
  offer: string;
  option: string;
  mode: string;
  unitAmount: number;
  currency: string;
  instalments: number | null;
  paidInstalments: number;
  status: string;
};

export function priceText(order: OrderSummary): string {
  const each = money(order.unitAmount, order.currency);
  if (order.instalments) return `${each} × ${order.instalments} instalments`;
  return order.mode === "subscription" ? `${each} a month` : each;
}

/** What the amount figures need of an order; the discount fields are null without a code. */
export type PricedOrder = {
  unitAmount: number;
  listUnitAmount?: number | null;
  discountCode?: string | null;
  discountPercent?: number | null;
  currency: string;
  instalments: number | null;
  mode: string;
  /** Charged with tax on top (any payment with a `tax_amount`): its amounts then read "before tax". */
  beforeTax?: boolean;
};

/** Stripe Tax on: the order's own amounts are before the tax its payments include (README, "Taxes"). */
export const BEFORE_TAX = ", before tax";
export const chargedWithTax = (payments: readonly { taxAmount?: number | null }[]): boolean =>
  payments.some((payment) => payment.taxAmount != null);

function perCharge(cents: number, order: PricedOrder): string {
  const each = money(cents, order.currency);
  if (order.instalments) return `${each} × ${order.instalments}`;
  return order.mode === "subscription" ? `${each} a month` : each;
}

/**
 * List price, code and what is paid, for an order bought with a code (docs/decisions/0044-discount-codes.md):
 * the one wording of Billing, the admin's Payments and client page, and the payment emails. Empty without one.
 */
export function discountLines(order: PricedOrder): [label: string, value: string][] {
  if (!order.listUnitAmount || !order.discountCode) return [];
  const off = money(order.listUnitAmount - order.unitAmount, order.currency);
  const each = order.instalments || order.mode === "subscription" ? " each" : "";
  return [
    ["List price", perCharge(order.listUnitAmount, order)],
    ["Discount", `code ${order.discountCode}, ${order.discountPercent}% off (−${off}${each})`],
    ["Paid", `${perCharge(order.unitAmount, order)}${order.beforeTax ? BEFORE_TAX : ""}`],
  ];
}

/** The tax Stripe Tax added to a payment (docs/decisions/0044-discount-codes.md, README "Taxes"). */
export function taxText(tax: number, currency: string): string {
  return `${money(tax, currency)} tax (GST/HST)`;
}

/** The same lines as one sentence, for tables and lists. */
export function discountText(order: PricedOrder): string | null {
  const lines = discountLines(order);
  return lines.length ? lines.map(([label, value]) => `${label}: ${value}`).join("; ") : null;
}

export function instalmentsText(order: OrderSummary): string | null {
  if (!order.instalments) return null;
  const left = Math.max(0, order.instalments - order.paidInstalments);
  return `${order.paidInstalments} paid, ${left} left`;
}

export function chargesToCome(order: OrderSummary): boolean {
  return order.mode === "subscription" && (order.status === "active" || order.status === "past_due");
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const DISPUTE_LABELS: Record<string, string> = {
  open: "Disputed",
  won: "Dispute won",
  lost: "Dispute lost",
};

/** The same day or the month's last, as card billing does. */
function addMonths(from: Date, months: number): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + months);
  if (next.getUTCDate() !== from.getUTCDate()) next.setUTCDate(0);
  return next;
}

const END_MARGIN_MS = DAY_MS;

/**
 * Inside the last instalment's period, a day before the next would charge; the margin absorbs the delay
 * before we learn the start (docs/decisions/0038-stripe-api-version.md).
 */
export function instalmentsEndAt(order: OrderSummary, start: Date): Date | null {
  if (!order.instalments) return null;
  const terms = checkoutLine(order);
  const recurring = "line" in terms ? terms.line.recurring : null;
  if (!recurring) return null;
  const periods = order.instalments * recurring.intervalCount;
  const end =
    recurring.interval === "week"
      ? new Date(start.getTime() + periods * 7 * DAY_MS)
      : addMonths(start, periods);
  return new Date(end.getTime() - END_MARGIN_MS);
}

/** Null when none is to come, none was made yet, or a payment failed (retried on card update, not on a date). */
export function nextChargeDate(
  order: OrderSummary,
  charges: readonly { kind: string; occurredAt: Date | string }[],
): Date | null {
  if (!chargesToCome(order) || order.status === "past_due") return null;
  const terms = checkoutLine(order);
  const recurring = "line" in terms ? terms.line.recurring : null;
  const times = charges.filter((c) => c.kind === "charge").map((c) => new Date(c.occurredAt).getTime());
  if (!recurring || times.length === 0) return null;
  const last = new Date(Math.max(...times));
  if (recurring.interval === "week") return new Date(last.getTime() + recurring.intervalCount * 7 * DAY_MS);
  return addMonths(last, recurring.intervalCount);
}
