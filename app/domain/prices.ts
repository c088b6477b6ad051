// The price list (docs/product/constants.md): what each offer costs, in which currencies, and how it is
// billed. Checkout and orders read only this; the pricing page's words are app/content/pricing.ts's.

import { CURRENCIES, type Currency, type FinancingTerms } from "./financing";
import type { Plan } from "./plans";

export const OFFER_KEYS = ["single", "monthly", "basic", "pro", "premium"] as const;
export type OfferKey = (typeof OFFER_KEYS)[number];

/** A payment plan; `amount` is each instalment in cents. */
export type Instalments = Omit<FinancingTerms, "amount"> & { amount: number };

export type OfferPrice = {
  key: OfferKey;
  /** How orders, receipts and Stripe's line name the offer. */
  name: string;
  /** In cents; each month's where `interval` is "month". */
  amounts: Readonly<Record<Currency, number>>;
  /** "month": a subscription charged monthly until cancelled; "once": a single payment. */
  interval: "month" | "once";
  /** Sold in this currency only, whichever the visitor chose. */
  lockCurrency: Currency | null;
  /** The CAD payment plan; kept where `financed` is false, as the constants list it. */
  cadFinancing: Instalments;
  financed: boolean;
  /** The portal plan a purchase gives. */
  plan: Plan | null;
};

/** A coaching plan: paid once, in either currency, in CAD instalments if wished; it gives the portal plan of its name. */
function coachingPlan(
  key: OfferKey & Plan,
  name: string,
  amounts: OfferPrice["amounts"],
  cadFinancing: Instalments,
): OfferPrice {
  return {
    key,
    name,
    amounts,
    interval: "once",
    lockCurrency: null,
    cadFinancing,
    financed: true,
    plan: key,
  };
}

export const OFFER_PRICES: readonly OfferPrice[] = [
  {
    key: "single",
    name: "Single Session",
    amounts: { USD: 14900, CAD: 20000 },
    interval: "once",
    lockCurrency: "USD",
    cadFinancing: { amount: 5000, count: 4, interval: "2 weeks" },
    financed: false,
    plan: null,
  },
  {
    key: "monthly",
    name: "Monthly Sessions",
    amounts: { USD: 19900, CAD: 24900 },
    interval: "month",
    lockCurrency: null,
    cadFinancing: { amount: 6250, count: 4, interval: "2 weeks" },
    financed: false,
    plan: null,
  },
  coachingPlan("basic", "Basic", { USD: 24900, CAD: 35000 }, { amount: 6000, count: 6, interval: "month" }),
  coachingPlan("pro", "Pro", { USD: 64900, CAD: 90000 }, { amount: 8000, count: 12, interval: "month" }),
  coachingPlan(
    "premium",
    "Premium",
    { USD: 149900, CAD: 200000 },
    { amount: 17500, count: 12, interval: "month" },
  ),
];

/** Undefined for anything not on the list (a lookup by `find`, so "toString" is no offer). */
export function offerPrice(key: unknown): OfferPrice | undefined {
  return OFFER_PRICES.find((price) => price.key === key);
}

export function priceOf(key: OfferKey): OfferPrice {
  const price = offerPrice(key);
  if (!price) throw new Error(`no price for ${key}`);
  return price;
}

/** The currency an offer is shown and billed in when the visitor chose `chosen`. */
export function shownCurrency(price: OfferPrice, chosen: Currency): Currency {
  return price.lockCurrency ?? chosen;
}

/** The currencies an offer is sold in: those it shows as themselves. */
export function offeredCurrencies(price: OfferPrice): readonly Currency[] {
  return CURRENCIES.filter((currency) => shownCurrency(price, currency) === currency);
}

/** docs/product/constants.md: CAD only, and not where the offer has financing turned off. */
export function financingFor(price: OfferPrice, currency: Currency): Instalments | null {
  return currency === "CAD" && price.financed ? price.cadFinancing : null;
}

/** Terms in dollars, for app/domain/financing.ts's arithmetic on the page. */
export function inDollars(terms: Instalments): FinancingTerms {
  return { ...terms, amount: terms.amount / 100 };
}

/** After an upfront price: "/month" for a subscription, nothing for a single payment. */
export function intervalSuffix(price: OfferPrice): string {
  return price.interval === "month" ? "/month" : "";
}
