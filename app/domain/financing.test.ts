import { expect, test } from "vitest";
import {
  CURRENCIES,
  CURRENCY_COOKIE,
  CURRENCY_COOKIE_MAX_AGE,
  type FinancingTerms,
  financedTotal,
  financingSavings,
  formatMoney,
  parseCurrency,
} from "./financing";

// docs/product/constants.md, CAD financing, written out literally.
const CASES: { name: string; terms: FinancingTerms; upfront: number; total: number; savings: number }[] = [
  {
    name: "Premium",
    terms: { amount: 175, count: 12, interval: "month" },
    upfront: 2000,
    total: 2100,
    savings: 100,
  },
  { name: "Pro", terms: { amount: 80, count: 12, interval: "month" }, upfront: 900, total: 960, savings: 60 },
  {
    name: "Basic",
    terms: { amount: 60, count: 6, interval: "month" },
    upfront: 350,
    total: 360,
    savings: 10,
  },
  {
    name: "Single",
    terms: { amount: 50, count: 4, interval: "2 weeks" },
    upfront: 200,
    total: 200,
    savings: 0,
  },
  {
    name: "Monthly",
    terms: { amount: 62.5, count: 4, interval: "2 weeks" },
    upfront: 249,
    total: 250,
    savings: 1,
  },
];

for (const c of CASES) {
  test(`${c.name} financing: total ${c.total}, saves ${c.savings} vs CAD ${c.upfront}`, () => {
    expect(financedTotal(c.terms)).toBe(c.total);
    expect(financingSavings(c.terms, c.upfront)).toBe(c.savings);
  });
}

test("financedTotal rounds to cents", () => {
  expect(financedTotal({ amount: 0.1, count: 3, interval: "month" })).toBe(0.3);
  expect(financedTotal({ amount: 33.335, count: 3, interval: "month" })).toBe(100.01);
  expect(financedTotal({ amount: 19.99, count: 7, interval: "2 weeks" })).toBe(139.93);
});

test("financingSavings is never negative", () => {
  const terms: FinancingTerms = { amount: 50, count: 4, interval: "2 weeks" };
  expect(financingSavings(terms, 250)).toBe(0);
  expect(financingSavings(terms, 201)).toBe(0);
  expect(financingSavings(terms, 199)).toBe(1);
});

test("financingSavings is exact in cents", () => {
  expect(financingSavings({ amount: 62.5, count: 4, interval: "2 weeks" }, 249.9)).toBe(0.1);
});

test("formatMoney drops cents for whole amounts and groups thousands", () => {
  expect(formatMoney(2000, "CAD")).toBe("$2,000");
  expect(formatMoney(1499, "USD")).toBe("$1,499");
  expect(formatMoney(149, "USD")).toBe("$149");
  expect(formatMoney(0, "CAD")).toBe("$0");
  expect(formatMoney(1234567, "USD")).toBe("$1,234,567");
});

test("formatMoney keeps two decimals for fractional amounts", () => {
  expect(formatMoney(62.5, "CAD")).toBe("$62.50");
  expect(formatMoney(0.3, "CAD")).toBe("$0.30");
  expect(formatMoney(1234.5, "USD")).toBe("$1,234.50");
  expect(formatMoney(99.999, "USD")).toBe("$100");
});

test("formatMoney uses the same bare $ sign for both currencies", () => {
  expect(formatMoney(900, "CAD")).toBe(formatMoney(900, "USD"));
  expect(formatMoney(900, "CAD")).toBe("$900");
});

test("formatMoney puts the minus before the sign", () => {
  expect(formatMoney(-5, "USD")).toBe("-$5");
  expect(formatMoney(-0.001, "USD")).toBe("$0");
});

test("currencies and cookie constants", () => {
  expect([...CURRENCIES]).toEqual(["CAD", "USD"]);
  expect(CURRENCY_COOKIE).toBe("currency");
  expect(CURRENCY_COOKIE_MAX_AGE).toBe(2592000);
});

test("parseCurrency accepts exactly CAD or USD", () => {
  expect(parseCurrency("CAD")).toBe("CAD");
  expect(parseCurrency("USD")).toBe("USD");
});

test("parseCurrency rejects everything else", () => {
  for (const x of ["cad", "usd", " CAD", "USD ", "EUR", "", "CADUSD", null, undefined, 1, ["CAD"], {}]) {
    expect(parseCurrency(x)).toBeNull();
  }
});
