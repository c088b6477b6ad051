import { describe, expect, test } from "vitest";
import {
  allCheckoutLines,
  type CheckoutLine,
  checkoutLine,
  discountCents,
  discountedLine,
  lineTotal,
  validDiscountPercent,
} from "./checkout";

// A code's percent off every charge, from the one pricing source (app/domain/checkout.ts), in whole cents
// (docs/decisions/0044-discount-codes.md).

const CODES = [10, 25, 1, 7, 15, 33, 99];

function lineOf(offer: string, currency: string, option: string): CheckoutLine {
  const result = checkoutLine({ offer, currency, option });
  if ("error" in result) throw new Error(result.error);
  return result.line;
}

describe("every offer × currency × option × code", () => {
  const cases = allCheckoutLines().flatMap((line) => CODES.map((percent) => [line, percent] as const));

  test("there are 12 lines and 7 codes", () => {
    expect(cases).toHaveLength(12 * CODES.length);
  });

  test.each(
    cases.map(([line, percent]) => [`${line.offer} ${line.currency} ${line.option}`, percent, line] as const),
  )(
    "%s with %i %% off: each charge is the list price less the percent, half a cent up",
    (_name, percent, line) => {
      const discounted = discountedLine(line, percent);
      // Independent of discountCents: a float product rounded by Math.round (half up for positives).
      const expectedOff = Math.round((line.listUnitAmount * percent) / 100);
      expect(Number.isInteger(discounted.unitAmount)).toBe(true);
      expect(discounted.unitAmount).toBe(line.listUnitAmount - expectedOff);
      expect(discounted.listUnitAmount).toBe(line.unitAmount);
      expect(discounted.discountPercent).toBe(percent);
      expect(discounted.unitAmount).toBeGreaterThan(0);
      expect(discounted.unitAmount).toBeLessThan(line.listUnitAmount);
      // The currency, schedule and what it grants never change with a code.
      expect({ ...discounted, unitAmount: 0, label: "", discountPercent: null }).toEqual({
        ...line,
        unitAmount: 0,
        label: "",
      });
      if (line.instalments) expect(lineTotal(discounted)).toBe(discounted.unitAmount * line.instalments);
    },
  );
});

describe("figures a buyer will read", () => {
  test.each([
    ["pro", "CAD", "financing", 10, 7200, "$72/month × 12", 86400],
    ["premium", "CAD", "financing", 25, 13125, "$131.25/month × 12", 157500],
    ["basic", "CAD", "financing", 10, 5400, "$54/month × 6", 32400],
    ["basic", "USD", "upfront", 7, 23157, "$231.57", 23157],
    ["single", "USD", "upfront", 25, 11175, "$111.75", 11175],
    ["monthly", "CAD", "upfront", 10, 22410, "$224.10/month", null],
    ["premium", "USD", "upfront", 33, 100433, "$1,004.33", 100433],
  ] as const)(
    "%s %s %s at %i %%: %i cents a charge, %s",
    (offer, currency, option, percent, each, label, total) => {
      const line = discountedLine(lineOf(offer, currency, option), percent);
      expect(line.unitAmount).toBe(each);
      expect(line.label).toBe(label);
      expect(lineTotal(line)).toBe(total);
    },
  );

  test("no code leaves the line as it was", () => {
    const line = lineOf("pro", "CAD", "financing");
    expect(discountedLine(line, null)).toBe(line);
    expect(line).toMatchObject({ unitAmount: 8000, listUnitAmount: 8000, discountPercent: null });
  });
});

describe("rounding", () => {
  test.each([
    [6250, 15, 938], // 937.5: half a cent goes up
    [6250, 25, 1563], // 1562.5
    [14900, 33, 4917],
    [1, 49, 0],
    [1, 50, 1],
    [17500, 10, 1750],
  ])("%i cents at %i %% is %i off", (amount, percent, off) => {
    expect(discountCents(amount, percent)).toBe(off);
  });

  test.each([0, 100, 12.5, -5, Number.NaN])("%s %% is not a discount", (percent) => {
    expect(validDiscountPercent(percent)).toBe(false);
    expect(() => discountCents(10000, percent)).toThrow(RangeError);
  });
});
