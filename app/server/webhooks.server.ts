import type { Db } from "./db.server";

// The site's webhooks, one shape: Stripe's (./payments/stripe-webhook.server.ts, docs/decisions/0027-payments.md)
// and Cal.com's (./entries/cal-webhook.server.ts, 0028-bookings.md). express-shell/main.ts mounts each on
// its POST path with one helper: the raw body (at most WEBHOOK_BODY_LIMIT bytes) and the signature header go
// to `handle`, ahead of every parser, and its answer goes back as JSON.

/** The most a delivery may weigh, in bytes: both providers' deliveries are a few KB. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/** A webhook's answer: the status, and a small JSON body. */
export type WebhookAnswer = { status: number; body: Record<string, unknown> };

/** What a webhook works with instead of the process's own, when given (tests give theirs); each adds its config. */
export type WebhookUsing = { db?: () => Promise<Db> };

export type Webhook<Using extends WebhookUsing = WebhookUsing> = {
  /** The header that carries the provider's signature of the raw body. */
  signatureHeader: string;
  /** One delivery: the body as read (a Buffer), the signature header's value. */
  handle(raw: unknown, signature: string | undefined, using?: Using): Promise<WebhookAnswer>;
};
