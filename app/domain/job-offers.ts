import { keysOf, oneOf } from "./enums";
import type { Currency } from "./financing";

// Interviews and offers on the client's applications, phase 2 of docs/decisions/0053-job-search.md. Pure:
// the kinds, the week ahead, an offer's totals and the pay change, each in the offer's own currency —
// never converted, never summed across currencies.

export const INTERVIEW_KIND_LABELS = {
  recruiter: "Recruiter",
  coding: "Coding",
  system_design: "System design",
  behavioral: "Behavioral",
  hiring_manager: "Hiring manager",
  onsite: "Onsite",
};
export const INTERVIEW_KINDS = keysOf(INTERVIEW_KIND_LABELS);
export type InterviewKind = (typeof INTERVIEW_KINDS)[number];
export const isInterviewKind = oneOf(INTERVIEW_KINDS);

const DAY_MS = 86_400_000;
/** "The next days": an interview this close offers a mock interview, and is on the coach's week list. */
export const SOON_DAYS = 7;

/** From now to SOON_DAYS ahead (an interview under way or past is not "before it" any more). */
export function isSoon(startsAt: Date | string, now: Date, days = SOON_DAYS): boolean {
  const at = new Date(startsAt).getTime();
  return at >= now.getTime() && at < now.getTime() + days * DAY_MS;
}

/** The coach's week: [now, now + 7 days). */
export function weekAhead(now: Date): { from: Date; to: Date } {
  return { from: now, to: new Date(now.getTime() + SOON_DAYS * DAY_MS) };
}

/** Whole units of the currency (dollars): pay is negotiated in dollars, and an integer column holds them. */
export const OFFER_AMOUNT_CEILING = 10_000_000;

export type OfferAmounts = {
  currency: Currency;
  base: number;
  bonus: number;
  equityPerYear: number;
  signOn: number;
};

/** First year: everything, the sign-on once. Yearly: what repeats (base, bonus, equity per year). */
export function offerTotals(offer: OfferAmounts): { currency: Currency; firstYear: number; yearly: number } {
  const yearly = offer.base + offer.bonus + offer.equityPerYear;
  return { currency: offer.currency, firstYear: yearly + offer.signOn, yearly };
}

/**
 * The change in base pay against the client's current pay: only when both are in the same currency (a
 * CAD salary against a USD offer is not converted; the page says so). Percent to one decimal.
 */
export function payChange(
  offer: { base: number; currency: Currency },
  current: { base: number; currency: Currency } | null,
): { amount: number; percent: number | null; currency: Currency } | null {
  if (!current || current.currency !== offer.currency) return null;
  const amount = offer.base - current.base;
  const percent = current.base > 0 ? Math.round((amount / current.base) * 1000) / 10 : null;
  return { amount, percent, currency: offer.currency };
}

/** "185,000 CAD": the currency always named, since two offers may be in two currencies. */
export function formatAmount(amount: number, currency: Currency): string {
  const sign = amount < 0 ? "−" : "";
  return `${sign}${Math.abs(amount).toLocaleString("en-US")} ${currency}`;
}

/** Whole days from the start of coaching to the offer (null without a start). */
export function daysBetween(from: Date | null, to: Date): number | null {
  if (!from) return null;
  return Math.max(0, Math.floor((to.getTime() - from.getTime()) / DAY_MS));
}
