// docs/product/constants.md, CAD financing.

export type FinancingTerms = {
  amount: number;
  count: number;
  interval: "month" | "2 weeks";
};

// Round to cents so float artefacts (0.1 * 3) never reach the page.
function toCents(n: number): number {
  return Math.round(n * 100) / 100;
}

export function financedTotal(terms: FinancingTerms): number {
  return toCents(terms.amount * terms.count);
}

export function financingSavings(terms: FinancingTerms, upfront: number): number {
  return Math.max(0, toCents(financedTotal(terms) - upfront));
}

// A bare "$" in both currencies (the toggle says which), so not style "currency"; whole amounts drop the cents.
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

// Exact match only: cookies, storage and globals can be tampered with.
export function parseCurrency(x: unknown): Currency | null {
  return x === "CAD" || x === "USD" ? x : null;
}

export const CURRENCY_COOKIE = "currency";
export const CURRENCY_COOKIE_MAX_AGE = 30 * 24 * 60 * 60;
