import type Stripe from "stripe";

// Tests point the client at an in-process fake (tests/support/fake-stripe.ts). The SDK is loaded by its
// first use, not at start: a hundred-odd files that no first page needs (docs/decisions/0040-cold-start.md).

let sdk: Promise<typeof Stripe> | undefined;
const loadSdk = () => {
  sdk ??= import("stripe").then((loaded) => loaded.default);
  return sdk;
};

/** Typed as the SDK's `LatestApiVersion`, so an upgrade without moving this pin fails `tsc` (docs/decisions/0038-stripe-api-version.md). */
export const STRIPE_API_VERSION: Stripe.LatestApiVersion = "2026-10-28.endive";

export type StripeTarget = { host: string; port: number; protocol: "http" | "https" };

let target: StripeTarget | undefined;
const clients = new Map<string, Stripe>();

export function pointStripeAt(next: StripeTarget | undefined): void {
  target = next;
  clients.clear();
}

export async function stripeClient(secretKey: string): Promise<Stripe> {
  const Sdk = await loadSdk();
  let client = clients.get(secretKey);
  if (!client) {
    client = new Sdk(secretKey, {
      apiVersion: STRIPE_API_VERSION,
      maxNetworkRetries: 2,
      timeout: 20_000,
      ...(target ?? {}),
    });
    clients.set(secretKey, client);
  }
  return client;
}

/** Signing and checking webhook payloads. */
export async function stripeWebhooks(): Promise<(typeof Stripe)["webhooks"]> {
  return (await loadSdk()).webhooks;
}

export type StripeEventOf<T extends Stripe.Event.Type> = Extract<Stripe.Event, { type: T }>;
export type StripeObjectOf<T extends Stripe.Event.Type> = StripeEventOf<T>["data"]["object"];

/**
 * Checked against the SDK's type for this event type, so a field Stripe does not send at the pinned
 * version fails `tsc`; the one cast below only allows leaving unread fields out.
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
