import { type CheckoutLine, type CheckoutRequest, checkoutLine, PAYMENTS_OFF } from "~/domain/checkout";
import type { Db } from "../db.server";
import type { PaymentsConfig } from "../env.server";
import { attachCheckoutSession, createOrder, latestCustomer, ownOrder } from "../models/orders.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import type { Order } from "../schema";
import { completedCheckout, fulfilCheckout } from "./fulfil.server";
import { checkoutSessionParams } from "./line-items.server";
import { stripeClient } from "./stripe.server";

// Starting and returning from a checkout (docs/decisions/0027-payments.md); the local test checkout
// passes its signed events through the same webhook code.

export { PAYMENTS_OFF };

/** A 400 before any order or Stripe call. */
function lineOrRefuse(input: CheckoutRequest): CheckoutLine {
  const result = checkoutLine(input);
  if ("error" in result) refuse(result.error, 400);
  return result.line;
}

export async function startCheckout(
  db: Db,
  permit: Permit<"checkout.start">,
  config: PaymentsConfig,
  input: CheckoutRequest,
  origin: string,
): Promise<string> {
  const line = lineOrRefuse(input);
  if (config.mode === "off") refuse(PAYMENTS_OFF, 404);
  const order = await createOrder(db, permit, line, config.mode);
  if (config.mode === "local") {
    await attachCheckoutSession(db, order.id, `cs_local_${order.id.replace(/-/g, "")}`);
    return `/checkout/local?${new URLSearchParams({ order: order.id })}`;
  }
  const stripe = await stripeClient(config.secretKey);
  const session = await stripe.checkout.sessions.create(
    checkoutSessionParams(line, { id: order.id, email: permit.actor.email }, origin),
    { idempotencyKey: `checkout-${order.id}` },
  );
  await attachCheckoutSession(db, order.id, session.id);
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return session.url;
}

/** Fulfilled now if the provider says paid and the webhook hasn't: whichever comes second changes nothing. */
export async function confirmCheckout(
  db: Db,
  permit: Permit<"checkout.start">,
  config: PaymentsConfig,
  sessionId: string,
): Promise<Order> {
  const order = await ownOrder(db, permit, { sessionId });
  if (order.fulfilledAt || order.provider !== "stripe" || config.mode !== "stripe") return order;
  const stripe = await stripeClient(config.secretKey);
  const session = await stripe.checkout.sessions.retrieve(sessionId, {
    expand: ["payment_intent.latest_charge"],
  });
  await fulfilCheckout(db, completedCheckout(session));
  return ownOrder(db, permit, { sessionId });
}

export const NO_CARD_ON_FILE =
  "There is no card on file to manage: payments made on the local test checkout or by payment link keep none.";

export async function billingPortalUrl(
  db: Db,
  permit: Permit<"portal.read-own">,
  config: PaymentsConfig,
  origin: string,
): Promise<string | null> {
  if (config.mode !== "stripe") return null;
  const customer = await latestCustomer(db, permit);
  if (!customer) return null;
  const stripe = await stripeClient(config.secretKey);
  const session = await stripe.billingPortal.sessions.create({
    customer,
    return_url: `${origin}/billing`,
  });
  return session.url;
}
