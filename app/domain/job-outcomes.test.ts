import { describe, expect, test } from "vitest";
import { median, offerRates, perMonth, weeksText } from "./job-outcomes";

describe("outcome figures", () => {
  test("median of odd, even and no values", () => {
    expect(median([9, 1, 5])).toBe(5);
    expect(median([40, 60])).toBe(50);
    expect(median([])).toBeNull();
  });

  test("per month, newest first", () => {
    const row = (month: string) => ({ month }) as Parameters<typeof perMonth>[0][number];
    expect(perMonth([row("2026-01"), row("2026-03"), row("2026-01")])).toEqual([
      { month: "2026-03", count: 1 },
      { month: "2026-01", count: 2 },
    ]);
  });

  test("offer rate per plan in plan order, no rate without clients", () => {
    const rates = offerRates([
      { plan: null, clients: 2, withOutcome: 0 },
      { plan: "pro", clients: 4, withOutcome: 1 },
      { plan: "basic", clients: 0, withOutcome: 0 },
    ]);
    expect(rates.map((r) => [r.label, r.rate])).toEqual([
      ["Basic", null],
      ["Pro", 0.25],
      ["No plan", 0],
    ]);
  });

  test("weeks, rounded, at least one", () => {
    expect(weeksText(3)).toBe("1 week");
    expect(weeksText(45)).toBe("6 weeks");
  });
});
