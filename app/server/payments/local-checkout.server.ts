import { randomBytes } from "node:crypto";
import type { RouterContextProvider } from "react-router";
import type Stripe from "stripe";
import { type PaymentSettings, SETTINGS } from "~/content/settings";
import { chargesToCome } from "~/domain/orders";
import type { Db } from "../db.server";
import { paymentsFor } from "../developer.server";
import { holdEndsAt } from "../models/codes.server";
import { ownOrder } from "../models/orders.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import type { Order } from "../schema";
import type { ProviderCalls } from "./events/order.server";
import { type StripeObjectOf, stripeEventOf, stripeWebhooks } from "./stripe.server";
import { receiveStripeEvent } from "./stripe-webhook.server";

// The local test checkout (docs/decisions/0027-payments.md): on a developer's machine without Stripe keys it
// signs the events Stripe would send and passes them through the webhook's own check and fulfilment.

export const LOCAL_CHECKOUT_CLOSED =
  "The test checkout runs only on a developer's own computer, when Stripe is not configured.";

export function localCheckoutOpen(context: Readonly<RouterContextProvider>): boolean {
  return paymentsFor(context).mode === "local";
}

const LOCAL_SECRET = `whsec_${randomBytes(24).toString("base64url").replace(/[-_]/g, "x")}`;
let localEvents = 0;

function localEvent<T extends Stripe.Event.Type>(type: T, object: Partial<StripeObjectOf<T>>) {
  localEvents += 1;
  const id = `evt_local_${Date.now().toString(36)}_${localEvents}_${randomBytes(4).toString("hex")}`;
  return stripeEventOf(type, object, id);
}

const compact = (order: Order) => order.id.replace(/-/g, "");

/**
 * With Stripe Tax on, the test checkout adds a labelled stand-in for it: 13% HST (an Ontario address) on a
 * CAD charge, none on USD. Stripe's own figure depends on the buyer's address and the coach's registrations.
 */
export const LOCAL_TEST_HST_PERCENT = 13;
export function localTestTax(order: Pick<Order, "unitAmount" | "currency">, settings: PaymentSettings) {
  if (!settings.automaticTax) return null;
  return order.currency === "CAD" ? Math.round((order.unitAmount * LOCAL_TEST_HST_PERCENT) / 100) : 0;
}

/**
 * Stripe.Invoice's tax fields at the pinned version (Invoice.AutomaticTax and Invoice.TotalTax,
 * node_modules/stripe/esm/resources/Invoices.d.ts): one exclusive tax on top of the price. Tests use it too.
 */
export function invoiceTaxFields(tax: number | null, taxable: number): Partial<Stripe.Invoice> {
  if (tax === null) return {};
  return {
    automatic_tax: {
      enabled: true,
      disabled_reason: null,
      liability: null,
      provider: "stripe",
      status: "complete",
    },
    total_taxes: [
      {
        amount: tax,
        tax_behavior: "exclusive",
        tax_rate_details: { tax_rate: "txr_local_hst" },
        taxability_reason: tax ? "standard_rated" : "not_collecting",
        taxable_amount: taxable,
        type: "tax_rate_details",
      },
    ],
  };
}
const localSubscription = (order: Order) => `sub_local_${compact(order)}`;
const LOCAL_INVOICE = /^in_local_([0-9a-f]{32})_(\d+)$/;

function localInvoicePaid(order: Order, n: number, settings: PaymentSettings) {
  const tax = localTestTax(order, settings);
  return localEvent("invoice.paid", {
    id: `in_local_${compact(order)}_${n}`,
    object: "invoice",
    amount_due: order.unitAmount + (tax ?? 0),
    amount_paid: order.unitAmount + (tax ?? 0),
    total: order.unitAmount + (tax ?? 0),
    total_excluding_tax: order.unitAmount,
    ...invoiceTaxFields(tax, order.unitAmount),
    attempt_count: 1,
    currency: order.currency.toLowerCase(),
    hosted_invoice_url: null,
    metadata: {},
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: { subscription: localSubscription(order), metadata: { order_id: order.id } },
    },
  });
}

/** In the order Stripe sends them. */
export function localPaymentEvents(order: Order, settings: PaymentSettings): Stripe.Event[] {
  const subscription = order.mode === "subscription" ? localSubscription(order) : null;
  const tax = localTestTax(order, settings);
  const completed = localEvent("checkout.session.completed", {
    id: order.checkoutSessionId ?? "",
    object: "checkout.session",
    mode: order.mode === "subscription" ? "subscription" : "payment",
    payment_status: "paid",
    amount_total: order.unitAmount + (tax ?? 0),
    // As Stripe reports a coupon's amount off (docs/decisions/0044-discount-codes.md) and Stripe Tax's tax.
    total_details: {
      amount_discount: order.listUnitAmount === null ? 0 : order.listUnitAmount - order.unitAmount,
      amount_shipping: 0,
      amount_tax: tax ?? 0,
    },
    ...(tax === null
      ? {}
      : { automatic_tax: { enabled: true, liability: null, provider: "stripe", status: "complete" } }),
    currency: order.currency.toLowerCase(),
    client_reference_id: order.id,
    metadata: { order_id: order.id },
    customer: `cus_local_${compact(order)}`,
    payment_intent: subscription ? null : `pi_local_${compact(order)}`,
    subscription,
  });
  return subscription ? [completed, localInvoicePaid(order, 1, settings)] : [completed];
}

function localNextEvents(order: Order, settings: PaymentSettings): Stripe.Event[] {
  const n = order.paidInstalments + 1;
  const events: Stripe.Event[] = [localInvoicePaid(order, n, settings)];
  if (order.instalments !== null && n >= order.instalments) {
    events.push(
      localEvent("customer.subscription.deleted", {
        id: localSubscription(order),
        object: "subscription",
        status: "canceled",
        metadata: { order_id: order.id },
      }),
    );
  }
  return events;
}

const localProvider: ProviderCalls = {
  invoicePaymentIntent: async (invoiceId) => {
    const match = LOCAL_INVOICE.exec(invoiceId);
    return match ? `pi_local_${match[1]}_${match[2]}` : null;
  },
  receiptOf: async () => null,
  orderOfPaymentIntent: async () => null,
  // The local subscription ends when its last instalment is paid (localNextEvents).
  endSubscriptionAt: async () => {},
};

export async function deliverLocally(db: Db, events: Stripe.Event[]): Promise<void> {
  for (const event of events) {
    const payload = JSON.stringify(event);
    const header = (await stripeWebhooks()).generateTestHeaderString({ payload, secret: LOCAL_SECRET });
    const answer = await receiveStripeEvent(payload, header, {
      db,
      secret: LOCAL_SECRET,
      provider: localProvider,
    });
    if (answer.status !== 200) throw new Error(`local payment event refused: ${JSON.stringify(answer.body)}`);
  }
}

/**
 * An entry point paying the buyer's own local order by the events `due` picks for it: none when nothing is to
 * be sent, a refusal when it may not be paid now.
 */
function localPayment(due: (order: Order, settings: PaymentSettings) => Stripe.Event[]) {
  return async (
    db: Db,
    permit: Permit<"checkout.start">,
    orderId: string,
    settings: PaymentSettings = SETTINGS.payments,
  ): Promise<Order> => {
    const order = await ownOrder(db, permit, { id: orderId });
    if (order.provider !== "local") refuse("This order is paid on Stripe.", 409);
    await deliverLocally(db, due(order, settings));
    return order;
  };
}

export const LOCAL_CHECKOUT_EXPIRED =
  "This test checkout has expired, as a Stripe checkout holding a code would: start again from the pricing page.";

/** Only a pending order is paid: a paid one is returned as it is. */
export const payLocally = localPayment((order, settings) => {
  if (order.status !== "pending") return [];
  // Its code's use is held only so long (docs/decisions/0044-discount-codes.md).
  if (order.discountCodeId && holdEndsAt(order.createdAt) <= new Date()) refuse(LOCAL_CHECKOUT_EXPIRED, 409);
  return localPaymentEvents(order, settings);
});

export const NOTHING_MORE_TO_PAY = "Nothing more is due on this order.";

export function localChargeDue(order: Order): boolean {
  return (
    order.provider === "local" &&
    chargesToCome(order) &&
    order.status === "active" &&
    (order.instalments === null || order.paidInstalments < order.instalments)
  );
}

export const payNextLocally = localPayment((order, settings) => {
  if (!localChargeDue(order)) refuse(NOTHING_MORE_TO_PAY, 409);
  return localNextEvents(order, settings);
});
