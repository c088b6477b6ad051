// CAD financing arithmetic and price formatting (SPEC §9).

export type FinancingTerms = {
  amount: number;
  count: number;
  interval: "month" | "2 weeks";
};

// Round to cents so float artefacts (e.g. 0.1 * 3) never reach the page.
function toCents(n: number): number {
  return Math.round(n * 100) / 100;
}

export function financedTotal(terms: FinancingTerms): number {
  return toCents(terms.amount * terms.count);
}

// How much paying upfront saves; financing is never cheaper, so never negative.
export function financingSavings(terms: FinancingTerms, upfront: number): number {
  return Math.max(0, toCents(financedTotal(terms) - upfront));
}

// Both currencies are written with a bare "$" (the currency is shown by the
// CAD/USD toggle, not by "CA$"/"US$" prefixes), so we format the number with
// en-US grouping and add the sign ourselves instead of using style "currency".
// Whole amounts drop the cents ("$2,000"); others keep two digits ("$62.50").
const wholeFormat = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const centsFormat = new Intl.NumberFormat("en-US", {
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

export function formatMoney(amount: number, _currency: Currency): string {
  const cents = toCents(amount);
  const abs = Math.abs(cents);
  const digits = Number.isInteger(abs) ? wholeFormat.format(abs) : centsFormat.format(abs);
  return `${cents < 0 ? "-" : ""}$${digits}`;
}

export const CURRENCIES = ["CAD", "USD"] as const;
export type Currency = (typeof CURRENCIES)[number];

// Exact match only: the value comes from cookies, storage and globals that a
// visitor can tamper with.
export function parseCurrency(x: unknown): Currency | null {
  return x === "CAD" || x === "USD" ? x : null;
}

export const CURRENCY_COOKIE = "currency";
export const CURRENCY_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;
