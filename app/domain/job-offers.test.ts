import { describe, expect, test } from "vitest";
import { daysBetween, formatAmount, isSoon, offerTotals, payChange, weekAhead } from "./job-offers";

// docs/decisions/0053-job-search.md, "Phase 2": totals per offer in its own currency, never converted.

const NOW = new Date("2026-11-28T12:00:00Z");

describe("an offer's totals", () => {
  test("first year counts the sign-on once; yearly is base, bonus and equity per year", () => {
    expect(
      offerTotals({ currency: "CAD", base: 185_000, bonus: 15_000, equityPerYear: 40_000, signOn: 10_000 }),
    ).toEqual({
      currency: "CAD",
      firstYear: 250_000,
      yearly: 240_000,
    });
  });

  test("each offer keeps its currency: a USD offer's totals are in USD, nothing is converted", () => {
    const usd = offerTotals({ currency: "USD", base: 160_000, bonus: 0, equityPerYear: 0, signOn: 0 });
    expect(usd).toEqual({ currency: "USD", firstYear: 160_000, yearly: 160_000 });
    expect(formatAmount(usd.firstYear, usd.currency)).toBe("160,000 USD");
    expect(formatAmount(-5_000, "CAD")).toBe("−5,000 CAD");
  });
});

describe("the pay change", () => {
  test("against current pay in the same currency, with a percent", () => {
    expect(payChange({ base: 185_000, currency: "CAD" }, { base: 150_000, currency: "CAD" })).toEqual({
      amount: 35_000,
      percent: 23.3,
      currency: "CAD",
    });
  });

  test("none across currencies, none without current pay, no percent from zero", () => {
    expect(payChange({ base: 185_000, currency: "USD" }, { base: 150_000, currency: "CAD" })).toBeNull();
    expect(payChange({ base: 185_000, currency: "USD" }, null)).toBeNull();
    expect(payChange({ base: 1, currency: "USD" }, { base: 0, currency: "USD" })?.percent).toBeNull();
  });
});

describe("the next 7 days", () => {
  test("from now (inclusive) to 7 days ahead (exclusive); a past interview is not soon", () => {
    const day = 86_400_000;
    expect(isSoon(NOW, NOW)).toBe(true);
    expect(isSoon(new Date(NOW.getTime() + 7 * day - 1), NOW)).toBe(true);
    expect(isSoon(new Date(NOW.getTime() + 7 * day), NOW)).toBe(false);
    expect(isSoon(new Date(NOW.getTime() - 1), NOW)).toBe(false);
    expect(weekAhead(NOW).to.toISOString()).toBe("2026-12-05T12:00:00.000Z");
  });

  test("days from the start of coaching: whole days, none without a start", () => {
    expect(daysBetween(new Date("2026-10-01T00:00:00Z"), NOW)).toBe(58);
    expect(daysBetween(null, NOW)).toBeNull();
  });
});
