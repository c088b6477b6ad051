import Stripe from "stripe";

// The Stripe client. Tests point it at an in-process fake of the few calls we make (tests/support/
// fake-stripe.ts) through `host`, `port` and `protocol`; production talks to api.stripe.com.

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
