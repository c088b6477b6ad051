import type { Db } from "../db.server";
import { logger } from "../logger.server";
import { applyProviderEvent, type ProviderEvent, RetryLater } from "./fulfil.server";
import { stripeWebhooks } from "./stripe.server";

// POST /webhooks/stripe (mounted in express-shell/main.ts on the raw body, before any parser): the signature
// is checked on the exact bytes Stripe signed, then the event is applied once (./fulfil.server.ts).
// Bad input is a 4xx and changes nothing; only a failure of our own (the database) is a 5xx, so that
// Stripe retries it later (it retries for 3 days).

/** Stripe's events are a few KB; anything much larger is not one of them. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

export type WebhookAnswer = { status: number; body: { received: true; outcome: string } | { error: string } };

const refuse = (status: number, error: string): WebhookAnswer => ({ status, body: { error } });

export async function handleStripeWebhook(
  db: Db,
  raw: Buffer | string,
  signature: string | undefined,
  secret: string,
  stopSubscription?: (id: string) => Promise<void>,
): Promise<WebhookAnswer> {
  if (!signature) return refuse(400, "Missing Stripe-Signature header.");
  if (Buffer.byteLength(raw) > WEBHOOK_BODY_LIMIT) return refuse(413, "Body too large.");
  let event: ProviderEvent;
  try {
    // Verifies the signature on the raw bytes first, then parses them.
    event = stripeWebhooks.constructEvent(raw, signature, secret) as unknown as ProviderEvent;
  } catch (error) {
    if (error instanceof SyntaxError) return refuse(400, "The body is not JSON.");
    logger.warn("payment webhook: signature check failed");
    return refuse(400, "Invalid signature.");
  }
  if (
    !event ||
    typeof event !== "object" ||
    typeof event.id !== "string" ||
    !event.id ||
    event.id.length > 255 ||
    typeof event.type !== "string" ||
    !event.data ||
    typeof event.data.object !== "object" ||
    event.data.object === null
  ) {
    return refuse(400, "Not a Stripe event.");
  }
  let applied: Awaited<ReturnType<typeof applyProviderEvent>>;
  try {
    applied = await applyProviderEvent(db, event);
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
  if (applied.stopSubscription && stopSubscription) {
    // The last instalment is paid: the subscription ends here. If this fails, the next invoice.paid
    // asks again (the order is already complete).
    await stopSubscription(applied.stopSubscription).catch((error: Error) =>
      logger.error(
        { err: error.message, subscription: applied.stopSubscription },
        "could not stop instalments",
      ),
    );
  }
  return { status: 200, body: { received: true, outcome: applied.outcome } };
}
