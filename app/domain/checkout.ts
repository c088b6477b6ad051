// Computed from the one pricing source; nothing the browser sends is trusted beyond three names
// (docs/decisions/0027-payments.md).

import { type Currency, type FinancingTerms, formatMoney, parseCurrency } from "./financing";
import type { Plan } from "./plans";
import {
  financingFor,
  intervalSuffix,
  OFFER_PRICES,
  type OfferKey,
  offeredCurrencies,
  offerPrice,
  shownCurrency,
} from "./prices";

export const PAYMENTS_OFF = "Payments aren't taken on this site yet: use the pricing page's links.";

export const CHECKOUT_OPTIONS = ["upfront", "financing"] as const;
export type CheckoutOption = (typeof CHECKOUT_OPTIONS)[number];

export type CheckoutLine = {
  offer: OfferKey;
  title: string;
  currency: Currency;
  option: CheckoutOption;
  mode: "payment" | "subscription";
  unitAmount: number;
  recurring: { interval: "month" | "week"; intervalCount: number } | null;
  /** The subscription stops after the last. */
  instalments: number | null;
  plan: Plan | null;
  label: string;
  /** Each charge before a code's discount; equal to `unitAmount` without one. */
  listUnitAmount: number;
  listLabel: string;
  /** After the amount: "/month", "/month × 12", " every 2 weeks × 4" or nothing. */
  suffix: string;
  discountPercent: number | null;
};

export function instalmentSuffix(terms: Pick<FinancingTerms, "interval" | "count">): string {
  return terms.interval === "month" ? `/month × ${terms.count}` : ` every 2 weeks × ${terms.count}`;
}

export type CheckoutRequest = { offer: unknown; currency: unknown; option: unknown };

export function checkoutLine(input: CheckoutRequest): { line: CheckoutLine } | { error: string } {
  const price = offerPrice(input.offer);
  if (!price) return { error: "That offer doesn't exist. Choose one on the pricing page." };
  const currency = parseCurrency(input.currency);
  if (!currency) return { error: "Choose CAD or USD." };
  const shown = shownCurrency(price, currency);
  if (shown !== currency) return { error: `${price.name} is billed in ${shown} only.` };
  const option = CHECKOUT_OPTIONS.find((o) => o === input.option);
  if (!option) return { error: "Choose to pay upfront or in instalments." };
  const priced = (amount: number, suffix: string) => {
    const label = amountLabel(amount, currency, suffix);
    return {
      unitAmount: amount,
      label,
      listUnitAmount: amount,
      listLabel: label,
      suffix,
      discountPercent: null,
    };
  };
  const base = {
    offer: price.key,
    title: price.name,
    currency,
    option,
    plan: price.plan,
  };

  if (option === "financing") {
    const terms = financingFor(price, currency);
    if (!terms) return { error: `${price.name} can't be paid in instalments in ${currency}.` };
    return {
      line: {
        ...base,
        mode: "subscription",
        ...priced(terms.amount, instalmentSuffix(terms)),
        recurring:
          terms.interval === "month"
            ? { interval: "month", intervalCount: 1 }
            : { interval: "week", intervalCount: 2 },
        instalments: terms.count,
      },
    };
  }
  const monthly = price.interval === "month";
  return {
    line: {
      ...base,
      mode: monthly ? "subscription" : "payment",
      ...priced(price.amounts[currency], intervalSuffix(price)),
      recurring: monthly ? { interval: "month", intervalCount: 1 } : null,
      instalments: null,
    },
  };
}

const amountLabel = (amount: number, currency: Currency, suffix: string) =>
  `${formatMoney(amount / 100, currency)}${suffix}`;

/** Whole percents only: a free purchase is not a payment, and a fraction of a percent invites rounding disputes. */
export const DISCOUNT_PERCENT_MIN = 1;
export const DISCOUNT_PERCENT_MAX = 99;

export function validDiscountPercent(percent: number): boolean {
  return Number.isInteger(percent) && percent >= DISCOUNT_PERCENT_MIN && percent <= DISCOUNT_PERCENT_MAX;
}

/**
 * A percent of a charge in cents, half a cent rounded up, in integers. Stripe is sent this amount
 * (`amount_off`), not the percent, so what it charges is the list price minus exactly this
 * (docs/decisions/0044-discount-codes.md).
 */
export function discountCents(amount: number, percent: number): number {
  if (!Number.isInteger(amount) || !validDiscountPercent(percent)) {
    throw new RangeError(`no discount of ${percent}% on ${amount} cents`);
  }
  return Math.floor((amount * percent + 50) / 100);
}

/** The same line with a code's percent off every charge (each instalment, each month). */
export function discountedLine(line: CheckoutLine, percent: number | null): CheckoutLine {
  if (percent === null) return line;
  const unitAmount = line.listUnitAmount - discountCents(line.listUnitAmount, percent);
  return lineAt(line, { unitAmount, listUnitAmount: line.listUnitAmount, discountPercent: percent });
}

/** The line at amounts fixed earlier: an order's, copied from the pricing source when it was made. */
export function lineAt(
  line: CheckoutLine,
  amounts: { unitAmount: number; listUnitAmount: number | null; discountPercent: number | null },
): CheckoutLine {
  const list = amounts.listUnitAmount ?? amounts.unitAmount;
  return {
    ...line,
    unitAmount: amounts.unitAmount,
    label: amountLabel(amounts.unitAmount, line.currency, line.suffix),
    listUnitAmount: list,
    listLabel: amountLabel(list, line.currency, line.suffix),
    discountPercent: amounts.discountPercent,
  };
}

/** What the buyer pays over the whole order; null for a subscription without an end. */
export function lineTotal(line: CheckoutLine): number | null {
  if (line.instalments) return line.unitAmount * line.instalments;
  return line.recurring ? null : line.unitAmount;
}

export function allCheckoutLines(): CheckoutLine[] {
  const lines: CheckoutLine[] = [];
  for (const price of OFFER_PRICES) {
    for (const currency of offeredCurrencies(price)) {
      for (const option of CHECKOUT_OPTIONS) {
        const result = checkoutLine({ offer: price.key, currency, option });
        if ("line" in result) lines.push(result.line);
      }
    }
  }
  return lines;
}

export function checkoutHref(
  offer: OfferKey,
  currency: Currency,
  option: CheckoutOption,
  ref: string | null = null,
): string {
  return `/checkout?${new URLSearchParams({ offer, currency, option, ...(ref ? { ref } : {}) })}`;
}

/** A payment belongs to the person who pays (docs/decisions/0027-payments.md). */
export const STAFF_CANNOT_BUY =
  "You don't have permission to do that. Staff accounts can't buy an offer: sign in as the person paying.";
