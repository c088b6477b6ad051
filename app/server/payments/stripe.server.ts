import Stripe from "stripe";

// The Stripe client. Tests point it at an in-process fake of the few calls we make (tests/support/
// fake-stripe.ts) through `host`, `port` and `protocol`; production talks to api.stripe.com.

/**
 * The API version every request and every event's shape follows: the one the installed `stripe` package
 * is typed for. Typed as the SDK's own `LatestApiVersion`, so upgrading the package without moving this
 * pin (and retyping what moved) fails `tsc` (docs/decisions/0038-stripe-api-version.md).
 */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = "2026-10-28.endive";

export type StripeTarget = { host: string; port: number; protocol: "http" | "https" };

let target: StripeTarget | undefined;
const clients = new Map<string, Stripe>();

/** Tests only: where every client made from now on sends its requests. */
export function pointStripeAt(next: StripeTarget | undefined): void {
  target = next;
  clients.clear();
}

export function stripeClient(secretKey: string): Stripe {
  let client = clients.get(secretKey);
  if (!client) {
    client = new Stripe(secretKey, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(target ?? {}),
    });
    clients.set(secretKey, client);
  }
  return client;
}

/** Signature checks need no client or key: the webhook helpers are static. */
export const stripeWebhooks = Stripe.webhooks;

/** A Stripe event of one type, as the SDK's union narrows it. */
export type StripeEventOf<T extends Stripe.Event.Type> = Extract<Stripe.Event, { type: T }>;
/** The object an event of this type carries. */
export type StripeObjectOf<T extends Stripe.Event.Type> = StripeEventOf<T>["data"]["object"];

/**
 * An event built on this side (the local test checkout, tests): the object's fields are checked against
 * the SDK's type for this event type, so a field Stripe does not send at the pinned version fails `tsc`.
 * Fields no code here reads may be left out; the one cast below says only that.
 */
export function stripeEventOf<T extends Stripe.Event.Type>(
  type: T,
  object: Partial<StripeObjectOf<T>>,
  id: string,
  created = Math.floor(Date.now() / 1000),
): StripeEventOf<T> {
  return {
    id,
    object: "event",
    api_version: STRIPE_API_VERSION,
    created,
    livemode: false,
    pending_webhooks: 1,
    request: null,
    type,
    data: { object },
  } as unknown as StripeEventOf<T>;
}
