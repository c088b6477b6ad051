import type Stripe from "stripe";
import type { Db } from "../db.server";
import { logger } from "../logger.server";
import { applyProviderEvent, type ProviderCalls, RetryLater } from "./fulfil.server";
import { stripeWebhooks } from "./stripe.server";

// POST /webhooks/stripe, mounted on the raw body: bad input is a 4xx; only our own failure (or a payment
// of ours not recorded yet) is a 5xx, so that Stripe retries it.

/** Stripe's events are a few KB. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

export type WebhookAnswer = { status: number; body: { received: true; outcome: string } | { error: string } };

const refuse = (status: number, error: string): WebhookAnswer => ({ status, body: { error } });

export async function handleStripeWebhook(
  db: Db,
  raw: Buffer | string,
  signature: string | undefined,
  secret: string,
  provider: ProviderCalls,
): Promise<WebhookAnswer> {
  if (!signature) return refuse(400, "Missing Stripe-Signature header.");
  if (Buffer.byteLength(raw) > WEBHOOK_BODY_LIMIT) return refuse(413, "Body too large.");
  let event: Stripe.Event;
  try {
    event = stripeWebhooks.constructEvent(raw, signature, secret);
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
    applied = await applyProviderEvent(db, event, provider);
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
