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
        unitAmount: cents(terms.amount),
        recurring:
          terms.interval === "month"
            ? { interval: "month", intervalCount: 1 }
            : { interval: "week", intervalCount: 2 },
        instalments: terms.count,
        label: `${formatMoney(terms.amount, currency)}${instalmentSuffix(terms)}`,
      },
    };
  }
  const price = plan.prices[currency];
  const monthly = plan.unit === "/month";
  return {
    line: {
      ...base,
      mode: monthly ? "subscription" : "payment",
      unitAmount: cents(price),
      recurring: monthly ? { interval: "month", intervalCount: 1 } : null,
      instalments: null,
      label: `${formatMoney(price, currency)}${plan.unit ?? ""}`,
    },
  };
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

export function checkoutHref(offer: PricingPlanKey, currency: Currency, option: CheckoutOption): string {
  return `/checkout?${new URLSearchParams({ offer, currency, option })}`;
}

/** A payment belongs to the person who pays (docs/decisions/0027-payments.md). */
export const STAFF_CANNOT_BUY =
  "You don't have permission to do that. Staff accounts can't buy an offer: sign in as the person paying.";
