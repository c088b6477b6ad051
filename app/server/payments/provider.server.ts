import type Stripe from "stripe";
import { orderIdIn, type ProviderCalls } from "./events/order.server";
import { stripeClient } from "./stripe.server";

// What fulfilment asks Stripe. A failed call throws so Stripe redelivers the event; a 404 is an answer
// ("none"), not a failure to retry.

const isInvoice = (value: Stripe.Invoice | Stripe.DeletedInvoice): value is Stripe.Invoice =>
  !("deleted" in value && value.deleted);

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
      // An event's invoice leaves `payments` out; retrieved expanded, each names its payment intent.
      const invoice = await unlessMissing(
        (await stripe()).invoices.retrieve(invoiceId, { expand: ["payments"] }),
      );
      const paid = invoice?.payments?.data ?? [];
      const payment = (paid.find((p) => p.status === "paid") ?? paid[0])?.payment.payment_intent;
      return typeof payment === "string" ? payment : (payment?.id ?? null);
    },
    async receiptOf(paymentIntent) {
      const intent = await unlessMissing(
        (await stripe()).paymentIntents.retrieve(paymentIntent, { expand: ["latest_charge"] }),
      );
      const charge = intent?.latest_charge;
      return typeof charge === "object" && charge ? charge.receipt_url : null;
    },
    async orderOfPaymentIntent(paymentIntent) {
      // An instalment's intent has no metadata of ours, but its invoice's subscription does.
      const intent = await unlessMissing((await stripe()).paymentIntents.retrieve(paymentIntent));
      if (!intent) return null;
      const direct = orderIdIn(intent.metadata);
      if (direct) return direct;
      const list = await (await stripe()).invoicePayments.list({
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
      await (await stripe()).subscriptions.update(
        subscriptionId,
        { cancel_at: cancelAt, proration_behavior: "none" },
        { idempotencyKey: `end-${subscriptionId}-${cancelAt}` },
      );
    },
  };
}
