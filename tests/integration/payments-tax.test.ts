import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { describe, expect, test } from "vitest";
import { money } from "~/domain/orders";
import { listSponsorCodes, referralCodeOf } from "~/server/models/codes.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { invoiceTaxFields, payLocally } from "~/server/payments/local-checkout.server";
import { authorize } from "~/server/policy.server";
import { emailOutbox, payments, referralCredits } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { chargeEvent, stripeEvent } from "../support/fake-stripe";
import { ORIGIN, paymentsForFile, STRIPE } from "../support/payments";
import { insertPerson } from "../support/people";
import { sponsorCode } from "../support/sponsor-code";

// Stripe Tax as an option (README, "Taxes (Stripe Tax)"): the Checkout Session asks for it, fulfilment
// checks the amount before tax to the cent and records the tax, receipts show it. Events typed as the
// SDK's at the pinned version.

const { db, fake, person, deliver, orderOf, buy, checkout, invoice, localCheckout } = paymentsForFile();

/** Session.AutomaticTax as Stripe reports it once computed (node_modules/stripe/esm/resources/Checkout/Sessions.d.ts). */
const sessionTax: Stripe.Checkout.Session.AutomaticTax = {
  enabled: true,
  liability: null,
  provider: "stripe",
  status: "complete",
};

/** Invoice.AutomaticTax and Invoice.TotalTax, typed by the SDK: the local test checkout's own fields. */
const invoiceTax = (amount: number, taxable: number) => invoiceTaxFields(amount, taxable);

/** Stripe.Charge refunded in part, of the session's payment. */
const refundOf = (
  order: { id: string },
  session: Partial<Pick<Stripe.Checkout.Session, "payment_intent">>,
  amount: number,
  refunded: number,
) =>
  chargeEvent("charge.refunded", `ch_${order.id.slice(0, 8)}`, session.payment_intent, {
    amount,
    amount_refunded: refunded,
  });

const paymentsOf = (orderId: string) => db().select().from(payments).where(eq(payments.orderId, orderId));
const receiptTo = async (personId: string) =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.recipientId, personId))).find(
    (row) => row.kind === "payment-receipt",
  );

describe(`Stripe Tax, on ${databaseLabel}`, () => {
  test("turned on, the Checkout Session asks Stripe for it on prices before tax", async () => {
    const buyer = await person("lead");
    const before = fake().requests.length;
    await startCheckout(
      db(),
      buy(buyer),
      STRIPE,
      { offer: "pro", currency: "CAD", option: "financing" },
      ORIGIN,
      { automaticTax: true },
    );
    const call = fake()
      .requests.slice(before)
      .find((r) => r.path === "/v1/checkout/sessions");
    expect(call?.form.get("automatic_tax[enabled]")).toBe("true");
    expect(call?.form.get("line_items[0][price_data][tax_behavior]")).toBe("exclusive");

    const other = await person("lead");
    const off = fake().requests.length;
    await checkout(other, "pro", "CAD", "financing");
    const plain = fake()
      .requests.slice(off)
      .find((r) => r.path === "/v1/checkout/sessions");
    expect(plain?.form.has("automatic_tax[enabled]")).toBe(false);
    expect(plain?.form.has("line_items[0][price_data][tax_behavior]")).toBe(false);
  });

  test("a paid session: the amount before tax must be the order's to the cent; the tax is recorded and on the receipt", async () => {
    const maya = await insertPerson(db(), "client", "basic", "Maya Taxed");
    const code = await referralCodeOf(db(), authorize(maya, "referral.own"));
    const buyer = await person("lead");
    const { order, session } = await checkout(buyer, "basic", "CAD", "upfront", { code: code.code });
    const tax = Math.round(order.unitAmount * 0.13);
    const totals = (amountTax: number, total = order.unitAmount + amountTax) => ({
      amount_total: total,
      total_details: {
        amount_discount: (order.listUnitAmount ?? 0) - order.unitAmount,
        amount_shipping: 0,
        amount_tax: amountTax,
      },
    });
    // Tax in the total but automatic tax not reported: the whole total is checked, and it is too much.
    await deliver(stripeEvent("checkout.session.completed", { ...session, ...totals(tax) }));
    expect((await orderOf(order.id)).fulfilledAt).toBeNull();
    // A tax that does not account for the difference.
    await deliver(
      stripeEvent("checkout.session.completed", {
        ...session,
        automatic_tax: sessionTax,
        ...totals(tax - 1, order.unitAmount + tax),
      }),
    );
    expect((await orderOf(order.id)).fulfilledAt).toBeNull();

    await deliver(
      stripeEvent("checkout.session.completed", { ...session, automatic_tax: sessionTax, ...totals(tax) }),
    );
    expect(await orderOf(order.id)).toMatchObject({ status: "paid" });
    expect((await paymentsOf(order.id)).map((p) => [p.kind, p.amount, p.taxAmount])).toEqual([
      ["charge", order.unitAmount + tax, tax],
    ]);
    // The referrer's share is of the price, not of the tax.
    const credits = await db().select().from(referralCredits).where(eq(referralCredits.referrerId, maya.id));
    expect(credits.map((c) => c.amount)).toEqual([Math.round(order.unitAmount / 10)]);
    const receipt = await receiptTo(buyer.id);
    expect(receipt?.text).toContain(`Amount: $${((order.unitAmount + tax) / 100).toFixed(2)} CAD`);
    expect(receipt?.text).toContain(`Included: $${(tax / 100).toFixed(2)} CAD tax (GST/HST)`);
    expect(receipt?.text).toContain(`Paid: ${money(order.unitAmount, "CAD")}, before tax`);

    // A partial refund returns price and tax in the charge's proportion: the share taken back is of the price.
    const total = order.unitAmount + tax;
    const returned = Math.round(total / 2);
    await deliver(refundOf(order, session, total, returned));
    const after = await db().select().from(referralCredits).where(eq(referralCredits.referrerId, maya.id));
    const priceReturned = Math.round((returned * order.unitAmount) / total);
    expect(after.map((c) => c.amount).sort((a, b) => b - a)).toEqual([
      Math.round(order.unitAmount / 10),
      -Math.round(priceReturned / 10),
    ]);
  });

  test("a sponsor code's revenue is before tax, a refund's tax taken out in its charge's proportion", async () => {
    const club = await sponsorCode(db(), authorize(await person("admin"), "codes.manage"));
    const { order, session } = await checkout(await person("lead"), "basic", "CAD", "upfront", {
      code: club.code,
    });
    const tax = Math.round(order.unitAmount * 0.13);
    const total = order.unitAmount + tax;
    await deliver(
      stripeEvent("checkout.session.completed", {
        ...session,
        automatic_tax: sessionTax,
        amount_total: total,
        total_details: {
          amount_discount: (order.listUnitAmount ?? 0) - order.unitAmount,
          amount_shipping: 0,
          amount_tax: tax,
        },
      }),
    );
    const revenue = async () =>
      (await listSponsorCodes(db(), authorize(await person("coach"), "payments.read"))).find(
        (c) => c.id === club.id,
      )?.revenue;
    expect(await revenue()).toEqual({ CAD: order.unitAmount });
    const returned = Math.round(total / 4);
    await deliver(refundOf(order, session, total, returned));
    expect(await revenue()).toEqual({
      CAD: order.unitAmount - Math.round((returned * order.unitAmount) / total),
    });
  });

  test("an instalment's invoice: its total_taxes are recorded beside what was paid", async () => {
    const buyer = await person("lead");
    const { order, session, completed } = await checkout(buyer, "pro", "CAD", "financing");
    const tax = 936;
    await deliver({
      ...completed,
      data: {
        object: {
          ...session,
          automatic_tax: sessionTax,
          amount_total: order.unitAmount + tax,
          total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: tax },
        },
      },
    });
    const first = invoice(order, session.subscription as string, 1, {
      amount_paid: order.unitAmount + tax,
      amount_due: order.unitAmount + tax,
      total: order.unitAmount + tax,
      ...invoiceTax(tax, order.unitAmount),
    });
    await deliver(stripeEvent("invoice.paid", first));
    expect(await orderOf(order.id)).toMatchObject({ status: "active", paidInstalments: 1 });
    expect((await paymentsOf(order.id)).map((p) => [p.amount, p.taxAmount])).toEqual([
      [order.unitAmount + tax, tax],
    ]);
    expect((await receiptTo(buyer.id))?.text).toContain("Included: $9.36 CAD tax (GST/HST)");
  });

  test("the local test checkout adds its labelled stand-in, 13% HST on CAD, through the same check", async () => {
    const buyer = await person("lead");
    const { orderId } = await localCheckout(buyer, "pro");
    await payLocally(db(), buy(buyer), orderId, { automaticTax: true });
    const order = await orderOf(orderId);
    expect(order).toMatchObject({ status: "active", paidInstalments: 1 });
    const hst = Math.round(order.unitAmount * 0.13);
    expect((await paymentsOf(orderId)).map((p) => [p.amount, p.taxAmount])).toEqual([
      [order.unitAmount + hst, hst],
    ]);
  });
});
