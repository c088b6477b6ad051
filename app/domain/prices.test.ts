import { expect, test } from "vitest";
import { CURRENCIES } from "./financing";
import { OFFER_KEYS, OFFER_PRICES, offeredCurrencies, offerPrice, priceOf, shownCurrency } from "./prices";

test("a key from the browser finds only a listed offer, never an object's own names", () => {
  for (const key of ["toString", "constructor", "__proto__", "Pro", "", undefined, null, 3]) {
    expect(offerPrice(key)).toBeUndefined();
  }
  expect(() => priceOf("gold" as never)).toThrow("no price for gold");
  expect(OFFER_PRICES.map((price) => price.key)).toEqual(OFFER_KEYS);
});

test("every amount is whole cents, so Stripe is sent exactly what the list says", () => {
  for (const price of OFFER_PRICES) {
    for (const amount of [...Object.values(price.amounts), price.cadFinancing.amount]) {
      expect(Number.isInteger(amount) && amount > 0, `${price.key}: ${amount}`).toBe(true);
    }
  }
});

test("a locked offer shows its own currency whatever is chosen, and is sold in that one only", () => {
  // SPEC §9: Single Session is locked to USD; the others follow the visitor's choice.
  const single = priceOf("single");
  expect(CURRENCIES.map((chosen) => shownCurrency(single, chosen))).toEqual(["USD", "USD"]);
  expect(offeredCurrencies(single)).toEqual(["USD"]);
  for (const key of ["monthly", "basic", "pro", "premium"] as const) {
    expect(CURRENCIES.map((chosen) => shownCurrency(priceOf(key), chosen))).toEqual(CURRENCIES);
    expect(offeredCurrencies(priceOf(key))).toEqual(CURRENCIES);
  }
});
