import type { SETTINGS } from "~/content/settings";
import { deliveryUid, parseCalDelivery, validSignature } from "../bookings/cal-payload.server";
import { getDb } from "../db.server";
import { getConfig } from "../env.server";
import { logger } from "../logger.server";
import { applyCalDelivery } from "../models/bookings.server";
import { applyCalNoShow } from "../models/bookings-no-show.server";
import type { Webhook, WebhookUsing } from "../webhooks.server";

// POST /webhooks/cal, mounted as ../webhooks.server.ts says. Cal.com retries anything not 2xx, so only a
// failure worth retrying (the database) answers 5xx.

/** The webhook's own: the signing secret (null: none configured, everything refused), the booking settings. */
export type CalWebhookUsing = WebhookUsing & { secret?: string | null; settings?: typeof SETTINGS.bookings };

export const calWebhook: Webhook<CalWebhookUsing> = {
  signatureHeader: "X-Cal-Signature-256",
  async handle(body, signature, using = {}) {
    const raw = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
    const secret = using.secret === undefined ? getConfig().calWebhookSecret : using.secret;
    if (!validSignature(secret, raw, signature)) {
      logger.warn("cal: delivery refused (missing or wrong signature, or no secret configured)");
      return { status: 401, body: { error: "Invalid signature." } };
    }
    const delivery = parseCalDelivery(raw);
    if (!delivery.ok) {
      if ("ignore" in delivery) {
        logger.info({ reason: delivery.ignore }, "cal: delivery ignored");
        return { status: 200, body: { ignored: delivery.ignore } };
      }
      logger.warn({ reason: delivery.invalid }, "cal: delivery refused");
      return { status: 400, body: { error: delivery.invalid } };
    }
    try {
      const db = await (using.db ?? getDb)();
      const outcome =
        "noShow" in delivery
          ? await applyCalNoShow(db, delivery)
          : await applyCalDelivery(db, delivery, using.settings);
      if (outcome.status === "ignored") logger.info({ reason: outcome.reason }, "cal: delivery ignored");
      else
        logger.info({ trigger: delivery.trigger, uid: deliveryUid(delivery), ...outcome }, "cal: delivery");
      return { status: 200, body: outcome };
    } catch (error) {
      logger.error({ err: (error as Error).message, uid: deliveryUid(delivery) }, "cal: delivery failed");
      return { status: 503, body: { error: "Try again later." } };
    }
  },
};
