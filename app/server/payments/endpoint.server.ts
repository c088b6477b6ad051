import { getDatabase } from "../db.server";
import { getConfig } from "../env.server";
import { logger } from "../logger.server";
import { stripeProvider } from "./provider.server";
import { handleStripeWebhook, WEBHOOK_BODY_LIMIT, type WebhookAnswer } from "./webhook.server";

export { WEBHOOK_BODY_LIMIT };

export async function stripeWebhook(raw: unknown, signature: string | undefined): Promise<WebhookAnswer> {
  const payments = getConfig().payments;
  if (payments.mode !== "stripe") {
    return { status: 404, body: { error: "Payments through Stripe are not configured on this site." } };
  }
  if (!Buffer.isBuffer(raw)) return { status: 400, body: { error: "Expected a raw body." } };
  let database: Awaited<ReturnType<typeof getDatabase>>;
  try {
    database = await getDatabase();
  } catch (error) {
    logger.error({ err: (error as Error).message }, "payment webhook: database unavailable");
    return { status: 503, body: { error: "Could not apply the event now; try again." } };
  }
  return handleStripeWebhook(
    database.db,
    raw,
    signature,
    payments.webhookSecret,
    stripeProvider(payments.secretKey),
  );
}
