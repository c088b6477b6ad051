import { describe, expect, test } from "vitest";
import { monthPeriod, periodName, periodOf, signedAmount, yearPeriod } from "./business";

// The business page's periods (docs/decisions/0054-business-at-a-glance.md): UTC months and calendar years.

const period = (query: string) => periodOf(new URLSearchParams(query));

describe("business periods", () => {
  test("a year, a month, or days both included; anything else none", () => {
    expect(period("year=2026")).toEqual(yearPeriod(2026));
    expect(period("month=2026-12")).toEqual({
      from: new Date("2026-12-01T00:00:00Z"),
      to: new Date("2027-01-01T00:00:00Z"),
    });
    expect(period("from=2026-04-01&to=2026-04-30")).toEqual({
      from: new Date("2026-04-01T00:00:00Z"),
      to: new Date("2026-05-01T00:00:00Z"),
    });
    for (const bad of [
      "",
      "year=26",
      "month=2026-13",
      "from=2026-02-30&to=2026-03-01",
      "from=2026-05-01&to=2026-04-01",
      "from=2000-01-01&to=2020-01-01",
    ])
      expect(period(bad), bad).toBeNull();
  });

  test("names: the year, the month, or the days", () => {
    expect(periodName(yearPeriod(2025))).toBe("2025");
    expect(periodName(monthPeriod("2025-12") as NonNullable<ReturnType<typeof monthPeriod>>)).toBe("2025-12");
    expect(
      periodName(period("from=2025-01-01&to=2025-06-30") as NonNullable<ReturnType<typeof periodOf>>),
    ).toBe("2025-01-01 to 2025-06-30");
  });

  test("money returned is negative, a charge positive", () => {
    expect([
      signedAmount("charge", 500),
      signedAmount("refund", 200),
      signedAmount("chargeback", 300),
    ]).toEqual([500, -200, -300]);
  });
});
