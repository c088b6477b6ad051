// Computed from the one pricing source; nothing the browser sends is trusted beyond three names
// (docs/decisions/0027-payments.md).

import { PRICING_PLANS, type PricingPlan, type PricingPlanKey } from "~/content/pricing";
import { type Currency, type FinancingTerms, formatMoney, parseCurrency } from "./financing";
import type { Plan } from "./plans";

export const PAYMENTS_OFF = "Payments aren't taken on this site yet: use the pricing page's links.";

export const CHECKOUT_OPTIONS = ["upfront", "financing"] as const;
export type CheckoutOption = (typeof CHECKOUT_OPTIONS)[number];

export type CheckoutLine = {
  offer: PricingPlanKey;
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

const PROGRAM_PLANS: Readonly<Record<PricingPlanKey, Plan | null>> = {
  single: null,
  monthly: null,
  basic: "basic",
  pro: "pro",
  premium: "premium",
};

export function shownCurrency(plan: PricingPlan, chosen: Currency): Currency {
  return plan.lockCurrency ?? chosen;
}

/** docs/product/constants.md: CAD only, and not where the card ignores financing. */
export function financingFor(plan: PricingPlan, currency: Currency): FinancingTerms | null {
  return currency === "CAD" && !plan.ignoreFinancing ? plan.cadFinancing : null;
}

export function instalmentSuffix(terms: FinancingTerms): string {
  return terms.interval === "month" ? `/month × ${terms.count}` : ` every 2 weeks × ${terms.count}`;
}

const cents = (dollars: number) => Math.round(dollars * 100);

export type CheckoutRequest = { offer: unknown; currency: unknown; option: unknown };

export function checkoutLine(input: CheckoutRequest): { line: CheckoutLine } | { error: string } {
  const plan = PRICING_PLANS.find((p) => p.planKey === input.offer);
  if (!plan) return { error: "That offer doesn't exist. Choose one on the pricing page." };
  const currency = parseCurrency(input.currency);
  if (!currency) return { error: "Choose CAD or USD." };
  if (plan.lockCurrency && currency !== plan.lockCurrency) {
    return { error: `${plan.title} is billed in ${plan.lockCurrency} only.` };
  }
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
    offer: plan.planKey,
    title: plan.title,
    currency,
    option,
    plan: PROGRAM_PLANS[plan.planKey],
  };

  if (option === "financing") {
    const terms = financingFor(plan, currency);
    if (!terms) return { error: `${plan.title} can't be paid in instalments in ${currency}.` };
    return {
      line: {
        ...base,
        mode: "subscription",
        ...priced(cents(terms.amount), instalmentSuffix(terms)),
        recurring:
          terms.interval === "month"
            ? { interval: "month", intervalCount: 1 }
            : { interval: "week", intervalCount: 2 },
        instalments: terms.count,
      },
    };
  }
  const price = plan.prices[currency];
  const monthly = plan.unit === "/month";
  return {
    line: {
      ...base,
      mode: monthly ? "subscription" : "payment",
      ...priced(cents(price), plan.unit ?? ""),
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
  for (const plan of PRICING_PLANS) {
    const currencies: Currency[] = plan.lockCurrency ? [plan.lockCurrency] : ["CAD", "USD"];
    for (const currency of currencies) {
      for (const option of CHECKOUT_OPTIONS) {
        const result = checkoutLine({ offer: plan.planKey, currency, option });
        if ("line" in result) lines.push(result.line);
      }
    }
  }
  return lines;
}

export function checkoutHref(
  offer: PricingPlanKey,
  currency: Currency,
  option: CheckoutOption,
  ref: string | null = null,
): string {
  return `/checkout?${new URLSearchParams({ offer, currency, option, ...(ref ? { ref } : {}) })}`;
}

/** A payment belongs to the person who pays (docs/decisions/0027-payments.md). */
export const STAFF_CANNOT_BUY =
  "You don't have permission to do that. Staff accounts can't buy an offer: sign in as the person paying.";
