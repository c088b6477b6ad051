import { expect, test } from "vitest";
import { checkoutForm, localPaymentForm } from "./checkout";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

test("the checkout form takes what the pricing source sells, and says why not otherwise", () => {
  expect(checkoutForm.parse(form({ offer: "pro", currency: "CAD", option: "financing" }))).toEqual({
    ok: true,
    data: { offer: "pro", currency: "CAD", option: "financing", ref: "", code: "" },
  });
  // A code is read as typed; the server checks it (app/server/models/codes.server.ts).
  expect(
    checkoutForm.parse(form({ offer: "pro", currency: "CAD", option: "financing", code: " maya 7k2 " })),
  ).toMatchObject({ ok: true, data: { code: " maya 7k2 " } });
  expect(
    checkoutForm.parse(form({ offer: "pro", currency: "CAD", option: "financing", code: "x".repeat(65) })).ok,
  ).toBe(false);
  const refused = (fields: Record<string, string>) => {
    const parsed = checkoutForm.parse(form(fields));
    return parsed.ok ? null : parsed.error;
  };
  expect(refused({ offer: "gold", currency: "CAD", option: "upfront" })).toMatch(/That offer doesn't exist/);
  expect(refused({ offer: "pro", currency: "EUR", option: "upfront" })).toBe("Choose CAD or USD.");
  expect(refused({ offer: "pro", currency: "USD", option: "financing" })).toMatch(
    /can't be paid in instalments/,
  );
  expect(refused({ offer: "pro" })).not.toBeNull();
});

test("the test checkout's Pay names an order by its id, nothing else", () => {
  expect(localPaymentForm.parse(form({ order: "7b0f0e0c-3f4e-4c1a-9a57-0a2b8c1d2e3f" })).ok).toBe(true);
  expect(localPaymentForm.parse(form({ order: "1 OR 1=1" }))).toMatchObject({
    ok: false,
    error: "No such order.",
  });
});
