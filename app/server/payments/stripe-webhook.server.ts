import type Stripe from "stripe";
import { type Db, getDb } from "../db.server";
import { getConfig, type PaymentsConfig } from "../env.server";
import { logger } from "../logger.server";
import { WEBHOOK_BODY_LIMIT, type Webhook, type WebhookAnswer, type WebhookUsing } from "../webhooks.server";
import { type ProviderCalls, RetryLater } from "./events/order.server";
import { applyProviderEvent } from "./fulfil.server";
import { stripeProvider } from "./provider.server";
import { stripeWebhooks } from "./stripe.server";

// POST /webhooks/stripe, mounted as ../webhooks.server.ts says: bad input is a 4xx; only our own failure
// (or a payment of ours not recorded yet) is a 5xx, so that Stripe retries it.

const refuse = (status: number, error: string): WebhookAnswer => ({ status, body: { error } });

/** The webhook's own: Stripe's keys (the signing secret, and the API key fulfilment asks Stripe with). */
export type StripeWebhookUsing = WebhookUsing & { payments?: PaymentsConfig };

export const stripeWebhook: Webhook<StripeWebhookUsing> = {
  signatureHeader: "Stripe-Signature",
  async handle(raw, signature, using = {}) {
    const payments = using.payments ?? getConfig().payments;
    if (payments.mode !== "stripe") {
      return refuse(404, "Payments through Stripe are not configured on this site.");
    }
    if (!Buffer.isBuffer(raw)) return refuse(400, "Expected a raw body.");
    let db: Db;
    try {
      db = await (using.db ?? getDb)();
    } catch (error) {
      logger.error({ err: (error as Error).message }, "payment webhook: database unavailable");
      return refuse(503, "Could not apply the event now; try again.");
    }
    return receiveStripeEvent(raw, signature, {
      db,
      secret: payments.webhookSecret,
      provider: stripeProvider(payments.secretKey),
    });
  },
};

/**
 * One event as Stripe sends it, checked and applied: the webhook's work once it has its keys and database,
 * and the local test checkout's (./local-checkout.server.ts), which signs its own events.
 */
export async function receiveStripeEvent(
  raw: Buffer | string,
  signature: string | undefined,
  using: { db: Db; secret: string; provider: ProviderCalls },
): Promise<WebhookAnswer> {
  if (!signature) return refuse(400, "Missing Stripe-Signature header.");
  if (Buffer.byteLength(raw) > WEBHOOK_BODY_LIMIT) return refuse(413, "Body too large.");
  const webhooks = await stripeWebhooks();
  let event: Stripe.Event;
  try {
    event = webhooks.constructEvent(raw, signature, using.secret);
  } catch (error) {
    if (error instanceof SyntaxError) return refuse(400, "The body is not JSON.");
    logger.warn("payment webhook: signature check failed");
    return refuse(400, "Invalid signature.");
  }
  // Signed, but still only JSON: the shape the handlers rely on is checked before any use.
  const data: unknown = event?.data;
  if (
    typeof event?.id !== "string" ||
    !event.id ||
    event.id.length > 255 ||
    typeof event.type !== "string" ||
    typeof event.created !== "number" ||
    !data ||
    typeof data !== "object" ||
    !("object" in data) ||
    typeof data.object !== "object" ||
    data.object === null
  ) {
    return refuse(400, "Not a Stripe event.");
  }
  let applied: Awaited<ReturnType<typeof applyProviderEvent>>;
  try {
    applied = await applyProviderEvent(using.db, event, using.provider);
  } catch (error) {
    if (error instanceof RetryLater) {
      logger.info(
        { event: event.id, type: event.type, why: error.message },
        "payment event early: retry later",
      );
      return refuse(503, "Too early for this event; try again.");
    }
    logger.error(
      { err: (error as Error).message, event: event.id, type: event.type },
      "payment event failed",
    );
    return refuse(503, "Could not apply the event now; try again.");
  }
  return { status: 200, body: { received: true, outcome: applied.outcome } };
}
