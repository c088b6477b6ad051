import { randomBytes } from "node:crypto";
import { data } from "react-router";
import { type CheckoutLine, type CheckoutRequest, checkoutLine, PAYMENTS_OFF } from "~/domain/checkout";
import type { Db } from "../db.server";
import type { PaymentsConfig } from "../env.server";
import { attachCheckoutSession, createOrder, latestCustomer, ownOrder } from "../models/orders.server";
import type { Permit } from "../policy.server";
import type { Order } from "../schema";
import { completedCheckout, fulfilCheckout, type ProviderEvent } from "./fulfil.server";
import { checkoutSessionParams } from "./line-items.server";
import { stripeClient, stripeWebhooks } from "./stripe.server";
import { handleStripeWebhook } from "./webhook.server";

// Starting a checkout and coming back from one (docs/decisions/0027-payments.md). With Stripe keys the
// buyer pays on Stripe's Checkout page; without them, on a loopback address, on the local test checkout,
// which signs the events Stripe would send and passes them through the same webhook code.

export { PAYMENTS_OFF };

/** The line for a request, or a 400 with the reason (before any order or Stripe call). */
function lineOrRefuse(input: CheckoutRequest): CheckoutLine {
  const result = checkoutLine(input);
  if ("error" in result) throw data({ error: result.error }, { status: 400 });
  return result.line;
}

/** Creates the order and its Checkout Session; the URL to send the buyer to. */
export async function startCheckout(
  db: Db,
  permit: Permit<"checkout.start">,
  config: PaymentsConfig,
  input: CheckoutRequest,
  origin: string,
): Promise<string> {
  const line = lineOrRefuse(input);
  if (config.mode === "off") throw data({ error: PAYMENTS_OFF }, { status: 404 });
  const order = await createOrder(db, permit, line, config.mode);
  if (config.mode === "local") {
    await attachCheckoutSession(db, order.id, `cs_local_${order.id.replace(/-/g, "")}`);
    return `/checkout/local?${new URLSearchParams({ order: order.id })}`;
  }
  const session = await stripeClient(config.secretKey).checkout.sessions.create(
    checkoutSessionParams(line, { id: order.id, email: permit.actor.email }, origin),
    { idempotencyKey: `checkout-${order.id}` },
  );
  await attachCheckoutSession(db, order.id, session.id);
  if (!session.url) throw new Error("Stripe returned a Checkout Session without a URL");
  return session.url;
}

/**
 * The success page: the buyer's order for this session, fulfilled now if the provider says it is paid
 * and the webhook has not been yet (the same fulfilment: whichever comes second changes nothing).
 */
export async function confirmCheckout(
  db: Db,
  permit: Permit<"checkout.start">,
  config: PaymentsConfig,
  sessionId: string,
): Promise<Order> {
  const order = await ownOrder(db, permit, { sessionId });
  if (order.fulfilledAt || order.provider !== "stripe" || config.mode !== "stripe") return order;
  const session = await stripeClient(config.secretKey).checkout.sessions.retrieve(sessionId);
  await fulfilCheckout(db, completedCheckout(session as unknown as Record<string, unknown>));
  return ownOrder(db, permit, { sessionId });
}

// ── The local test checkout ───────────────────────────────────────────────────────────────────────

/** Signs this process's local events; never leaves the process. */
const LOCAL_SECRET = `whsec_${randomBytes(24).toString("base64url").replace(/[-_]/g, "x")}`;
let localEvents = 0;

function localEvent(type: string, object: Record<string, unknown>): ProviderEvent {
  localEvents += 1;
  return {
    id: `evt_local_${Date.now().toString(36)}_${localEvents}_${randomBytes(4).toString("hex")}`,
    type,
    data: { object },
  };
}

/** What Stripe would send for this order's payment, in the order it sends it. */
export function localPaymentEvents(order: Order): ProviderEvent[] {
  const compact = order.id.replace(/-/g, "");
  const metadata = { order_id: order.id };
  const subscription = order.mode === "subscription" ? `sub_local_${compact}` : null;
  const completed = localEvent("checkout.session.completed", {
    id: order.checkoutSessionId,
    object: "checkout.session",
    mode: order.mode,
    payment_status: "paid",
    amount_total: order.unitAmount,
    currency: order.currency.toLowerCase(),
    client_reference_id: order.id,
    metadata,
    customer: `cus_local_${compact}`,
    payment_intent: subscription ? null : `pi_local_${compact}`,
    subscription,
  });
  if (!subscription) return [completed];
  const invoice = localEvent("invoice.paid", {
    id: `in_local_${compact}_1`,
    object: "invoice",
    amount_paid: order.unitAmount,
    currency: order.currency.toLowerCase(),
    parent: { subscription_details: { subscription, metadata } },
    payment_intent: `pi_local_${compact}_1`,
  });
  return [completed, invoice];
}

/** Sends events through the webhook's own signature check and fulfilment, signed with the local secret. */
export async function deliverLocally(db: Db, events: ProviderEvent[]): Promise<void> {
  for (const event of events) {
    const payload = JSON.stringify(event);
    const header = stripeWebhooks.generateTestHeaderString({ payload, secret: LOCAL_SECRET });
    const answer = await handleStripeWebhook(db, payload, header, LOCAL_SECRET);
    if (answer.status !== 200) throw new Error(`local payment event refused: ${JSON.stringify(answer.body)}`);
  }
}

/** The local test checkout's "Pay": the buyer's own pending order, paid as Stripe would report it. */
export async function payLocally(db: Db, permit: Permit<"checkout.start">, orderId: string): Promise<Order> {
  const order = await ownOrder(db, permit, { id: orderId });
  if (order.provider !== "local") throw data({ error: "This order is paid on Stripe." }, { status: 409 });
  if (order.status === "pending") await deliverLocally(db, localPaymentEvents(order));
  return order;
}

// ── Stripe's billing portal ───────────────────────────────────────────────────────────────────────

export const NO_CARD_ON_FILE =
  "There is no card on file to manage: payments made on the local test checkout or by payment link keep none.";

/** Where "Manage payment method" goes: Stripe's billing portal for the buyer's own customer, or null. */
export async function billingPortalUrl(
  db: Db,
  permit: Permit<"portal.read-own">,
  config: PaymentsConfig,
  origin: string,
): Promise<string | null> {
  if (config.mode !== "stripe") return null;
  const customer = await latestCustomer(db, permit);
  if (!customer) return null;
  const session = await stripeClient(config.secretKey).billingPortal.sessions.create({
    customer,
    return_url: `${origin}/billing`,
  });
  return session.url;
}
