// How an order reads to people (docs/decisions/0027-payments.md): pure, shared by the portal's Billing
// tab, the client page and the admin's Payments list.

import { PRICING_PLANS } from "~/content/pricing";
import { checkoutLine } from "./checkout";
import { type Currency, formatMoney } from "./financing";

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

/** Statuses the admin's list filters by, in this order. */
export const ORDER_FILTER_STATUSES = [
  "paid",
  "active",
  "past_due",
  "completed",
  "canceled",
  "refunded",
] as const;

export function offerTitle(offer: string): string {
  return PRICING_PLANS.find((p) => p.planKey === offer)?.title ?? offer;
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

/** "$80 CAD × 12 instalments", "$249 CAD a month", "$900 CAD". */
export function priceText(order: OrderSummary): string {
  const each = money(order.unitAmount, order.currency);
  if (order.instalments) return `${each} × ${order.instalments} instalments`;
  return order.mode === "subscription" ? `${each} a month` : each;
}

/** "3 paid, 9 left" for instalments; null otherwise. */
export function instalmentsText(order: OrderSummary): string | null {
  if (!order.instalments) return null;
  const left = Math.max(0, order.instalments - order.paidInstalments);
  return `${order.paidInstalments} paid, ${left} left`;
}

/** Whether more charges are to come (an active subscription or unfinished instalments). */
export function chargesToCome(order: OrderSummary): boolean {
  return order.mode === "subscription" && (order.status === "active" || order.status === "past_due");
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** A card dispute on one of an order's charges, as people read it. */
export const DISPUTE_LABELS: Record<string, string> = {
  open: "Disputed",
  won: "Dispute won",
  lost: "Dispute lost",
};

/** `months` calendar months after `from`, on the same day or the month's last (as card billing does). */
function addMonths(from: Date, months: number): Date {
  const next = new Date(from);
  next.setUTCMonth(next.getUTCMonth() + months);
  if (next.getUTCDate() !== from.getUTCDate()) next.setUTCDate(0);
  return next;
}

/** One day short of the last instalment's period end: see instalmentsEndAt. */
const END_MARGIN_MS = DAY_MS;

/**
 * When an instalment plan's subscription must end so that exactly `instalments` charges are made: inside
 * the last instalment's period, a day before the period after it would begin (and charge again). `start`
 * is when the subscription began; the margin absorbs the seconds between that and the time we know it
 * (docs/decisions/0038-stripe-api-version.md). Null for anything that is not an instalment plan.
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

/**
 * When the next charge of an active subscription or instalment plan falls: one interval (a month, or
 * two weeks for instalments paid every two weeks) after its latest charge. Null when no charge is to
 * come, or none was made yet, or a payment failed (it is retried once the card is updated, not on a date).
 */
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
