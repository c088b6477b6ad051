import type Stripe from "stripe";
import type { ProviderCalls } from "./fulfil.server";
import { orderIdIn } from "./fulfil.server";
import { stripeClient } from "./stripe.server";

// What fulfilment asks Stripe through the SDK (./fulfil.server.ts ProviderCalls), at the pinned API
// version. A failed call throws: the event is not stored and Stripe delivers it again. An object Stripe
// says does not exist (404) is not a failure to retry: the answer is "none", as it will stay.

const isInvoice = (value: Stripe.Invoice | Stripe.DeletedInvoice): value is Stripe.Invoice =>
  !("deleted" in value && value.deleted);

/** The call's answer, or null when Stripe says the object does not exist. */
async function unlessMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) return null;
    throw error;
  }
}

export function stripeProvider(secretKey: string): ProviderCalls {
  const stripe = () => stripeClient(secretKey);
  return {
    async invoicePaymentIntent(invoiceId) {
      // An event's invoice leaves `payments` out; the invoice retrieved with it expanded lists them, each
      // InvoicePayment's `payment` naming its payment intent.
      const invoice = await unlessMissing(stripe().invoices.retrieve(invoiceId, { expand: ["payments"] }));
      const paid = invoice?.payments?.data ?? [];
      const payment = (paid.find((p) => p.status === "paid") ?? paid[0])?.payment.payment_intent;
      return typeof payment === "string" ? payment : (payment?.id ?? null);
    },
    async receiptOf(paymentIntent) {
      const intent = await unlessMissing(
        stripe().paymentIntents.retrieve(paymentIntent, { expand: ["latest_charge"] }),
      );
      const charge = intent?.latest_charge;
      return typeof charge === "object" && charge ? charge.receipt_url : null;
    },
    async orderOfPaymentIntent(paymentIntent) {
      // A one-time payment's intent carries our metadata (payment_intent_data); an instalment's does not,
      // but the invoice it paid names our order in its subscription's metadata.
      const intent = await unlessMissing(stripe().paymentIntents.retrieve(paymentIntent));
      if (!intent) return null;
      const direct = orderIdIn(intent.metadata);
      if (direct) return direct;
      const list = await stripe().invoicePayments.list({
        payment: { type: "payment_intent", payment_intent: paymentIntent },
        expand: ["data.invoice"],
      });
      for (const { invoice } of list.data) {
        if (typeof invoice !== "object" || !isInvoice(invoice)) continue;
        const id = orderIdIn(invoice.parent?.subscription_details?.metadata ?? invoice.metadata);
        if (id) return id;
      }
      return null;
    },
    async endSubscriptionAt(subscriptionId, at) {
      const cancelAt = Math.floor(at.getTime() / 1000);
      await stripe().subscriptions.update(
        subscriptionId,
        { cancel_at: cancelAt, proration_behavior: "none" },
        { idempotencyKey: `end-${subscriptionId}-${cancelAt}` },
      );
    },
  };
}
