import { expect, test } from "vitest";
import {
  discountLines,
  discountText,
  instalmentsEndAt,
  nextChargeDate,
  type OrderSummary,
  priceText,
} from "./orders";

const order = (over: Partial<OrderSummary>): OrderSummary => ({
  offer: "pro",
  option: "financing",
  mode: "subscription",
  unitAmount: 8000,
  currency: "CAD",
  instalments: 12,
  paidInstalments: 1,
  status: "active",
  ...over,
});
const charge = (iso: string) => ({ kind: "charge", occurredAt: iso });

test("monthly instalments: the next charge is a month after the latest charge", () => {
  const next = nextChargeDate(order({}), [charge("2026-10-03T15:00:00Z"), charge("2026-11-03T15:00:00Z")]);
  expect(next?.toISOString()).toBe("2026-12-03T15:00:00.000Z");
});

test("a charge on the 31st falls on the next month's last day", () => {
  expect(nextChargeDate(order({}), [charge("2026-01-31T12:00:00Z")])?.toISOString()).toBe(
    "2026-02-28T12:00:00.000Z",
  );
});

test("a one-off payment has no next charge", () => {
  const single = order({
    offer: "single",
    currency: "USD",
    option: "upfront",
    mode: "payment",
    instalments: null,
  });
  expect(nextChargeDate(single, [charge("2026-11-01T10:00:00Z")])).toBeNull();
});

test("Monthly Sessions: a month after the latest renewal; refunds and failures don't count as charges", () => {
  const monthly = order({ offer: "monthly", option: "upfront", instalments: null, unitAmount: 24900 });
  const next = nextChargeDate(monthly, [
    charge("2026-11-10T09:00:00Z"),
    { kind: "refund", occurredAt: "2026-11-20T09:00:00Z" },
    { kind: "failed", occurredAt: "2026-11-21T09:00:00Z" },
  ]);
  expect(next?.toISOString()).toBe("2026-12-10T09:00:00.000Z");
});

test("no date when nothing is to come, nothing was charged yet, or a payment failed", () => {
  expect(nextChargeDate(order({ status: "completed" }), [charge("2026-11-03T15:00:00Z")])).toBeNull();
  expect(nextChargeDate(order({}), [])).toBeNull();
  expect(nextChargeDate(order({ status: "past_due" }), [charge("2026-11-03T15:00:00Z")])).toBeNull();
});

test("instalments end inside the last one's period: after the last charge's date, a day before another", () => {
  // The 12th charge is on 31 December (the anchor's day); a 13th would be on 31 January.
  const end = instalmentsEndAt(order({}), new Date("2026-01-31T10:00:00Z"));
  expect(end?.toISOString()).toBe("2027-01-30T10:00:00.000Z");
  expect(end && end > new Date("2026-12-31T10:00:00Z")).toBe(true);
});

test("Basic's 6 monthly instalments from 1 March end on 31 August, before a 7th on 1 September", () => {
  const basic = order({ offer: "basic", instalments: 6, unitAmount: 6000 });
  expect(instalmentsEndAt(basic, new Date("2026-03-01T00:00:00Z"))?.toISOString()).toBe(
    "2026-08-31T00:00:00.000Z",
  );
});

test("no end for anything that is not an instalment plan", () => {
  expect(instalmentsEndAt(order({ instalments: null, option: "upfront" }), new Date())).toBeNull();
  expect(
    instalmentsEndAt(order({ offer: "monthly", option: "upfront", instalments: null }), new Date()),
  ).toBeNull();
});

test("an order bought with a code reads its list price and code beside what is paid", () => {
  const order = {
    offer: "pro",
    option: "financing",
    mode: "subscription",
    unitAmount: 7200,
    listUnitAmount: 8000,
    discountCode: "MAYA-7K2",
    discountPercent: 10,
    currency: "CAD",
    instalments: 12,
    paidInstalments: 0,
    status: "active",
  };
  expect(priceText(order)).toBe("$72 CAD × 12 instalments");
  expect(discountText(order)).toBe(
    "List price: $80 CAD × 12; Discount: code MAYA-7K2, 10% off (−$8 CAD each); Paid: $72 CAD × 12",
  );
  expect(discountText({ ...order, listUnitAmount: null, discountCode: null })).toBeNull();
  expect(
    discountText({
      ...order,
      mode: "payment",
      instalments: null,
      unitAmount: 22410,
      listUnitAmount: 24900,
      currency: "USD",
    }),
  ).toBe("List price: $249 USD; Discount: code MAYA-7K2, 10% off (−$24.90 USD); Paid: $224.10 USD");
  // Tax on: the discounted amount is before the tax each payment adds (0044).
  expect(discountLines({ ...order, beforeTax: true })[2]).toEqual(["Paid", "$72 CAD × 12, before tax"]);
  expect(discountLines({ ...order, mode: "subscription", instalments: null })).toEqual([
    ["List price", "$80 CAD a month"],
    ["Discount", "code MAYA-7K2, 10% off (−$8 CAD each)"],
    ["Paid", "$72 CAD a month"],
  ]);
});
