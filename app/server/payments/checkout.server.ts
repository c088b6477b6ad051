import type Stripe from "stripe";
import { type PaymentSettings, SETTINGS } from "~/content/settings";
import {
  type CheckoutLine,
  type CheckoutRequest,
  checkoutLine,
  discountedLine,
  PAYMENTS_OFF,
} from "~/domain/checkout";
import type { Viewer } from "~/domain/viewer";
import type { Db } from "../db.server";
import type { PaymentsConfig } from "../env.server";
import { logger } from "../logger.server";
import { type CodeCheck, checkCode, holdCodeIn, holdEndsAt, largerCode } from "../models/codes.server";
import { attachCheckoutSession, createOrder, latestCustomer, ownOrder } from "../models/orders.server";
import type { Permit } from "../policy.server";
import { codeGuesses, TOO_MANY_CODES } from "../rate-limit.server";
import { refusal, refuse } from "../refusal.server";
import type { Order } from "../schema";
import { completedCheckout } from "./events/checkout.server";
import { fulfilCheckout } from "./fulfil.server";
import { checkoutSessionParams, stripeCoupon, stripePromotionCode } from "./line-items.server";
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

/** `ref`: from a referral link; `code`: typed at checkout. */
export type CodeInput = { ref?: string | null; code?: string | null };

export type CheckoutCodes = {
  applied: (CodeCheck & { ok: true }) | null;
  /** Which code was set aside when both worked. */
  note: string | null;
  /** Each code that failed, with its status: 400, or 429 when the buyer has tried too many (none was checked). */
  errors: { field: "ref" | "code"; message: string; status: 400 | 429 }[];
};

/**
 * Each code given, checked on the server; the larger discount applies (docs/decisions/0044-discount-codes.md).
 * Codes that fail count against the buyer's guesses, and past the limit nothing is checked: the last code
 * given (the typed one over a link's) carries the 429, so the checkout says so beside it.
 */
export async function checkoutCodes(
  db: Db,
  buyer: Viewer,
  line: CheckoutLine,
  input: CodeInput,
): Promise<CheckoutCodes> {
  const given = (["ref", "code"] as const).flatMap((field) => {
    const value = input[field]?.trim();
    return value ? [{ field, value }] : [];
  });
  if (given.length === 0) return { applied: null, note: null, errors: [] };
  const last = given[given.length - 1];
  if (last && (await codeGuesses.over(buyer.id))) {
    return {
      applied: null,
      note: null,
      errors: [{ field: last.field, message: TOO_MANY_CODES, status: 429 }],
    };
  }
  const works: (CodeCheck & { ok: true })[] = [];
  const errors: CheckoutCodes["errors"] = [];
  for (const { field, value } of given) {
    const check = await checkCode(db, buyer, value, line.offer);
    if (check.ok) works.push(check);
    else {
      errors.push({ field, message: check.error, status: 400 });
      await codeGuesses.count(buyer.id);
    }
  }
  const larger = largerCode(works);
  return { applied: larger?.chosen ?? null, note: larger?.note ?? null, errors };
}

/** Made once per code and charge, then reused (its id says which: line-items.server.ts). */
async function ensureCoupon(stripe: Stripe, coupon: Stripe.CouponCreateParams & { id: string }) {
  try {
    await stripe.coupons.create(coupon, { idempotencyKey: `coupon-${coupon.id}` });
  } catch (error) {
    if ((error as { code?: string }).code !== "resource_already_exists") throw error;
  }
}

/**
 * A released checkout can no longer be paid; one already paid can't be expired, and its fulfilment still
 * applies (docs/decisions/0044-discount-codes.md).
 */
async function expireSession(stripe: Stripe, sessionId: string) {
  await stripe.checkout.sessions.expire(sessionId).catch((error: Error) => {
    logger.warn({ err: error.message, sessionId }, "released checkout session not expired");
  });
}

export async function startCheckout(
  db: Db,
  permit: Permit<"checkout.start">,
  config: PaymentsConfig,
  input: CheckoutRequest & CodeInput,
  origin: string,
  settings: PaymentSettings = SETTINGS.payments,
): Promise<string> {
  const listed = lineOrRefuse(input);
  if (config.mode === "off") refuse(PAYMENTS_OFF, 404);
  const codes = await checkoutCodes(db, permit.actor, listed, input);
  const [error] = codes.errors;
  // The field names the control the checkout shows it beside (app/routes/checkout/index.tsx).
  if (error) throw refusal({ error: error.message, field: error.field }, { status: error.status });
  const applied = codes.applied;
  const line = discountedLine(listed, applied?.percent ?? null);
  // A code's use is held by the order from here (holdCodeIn): checkouts started at once count each other.
  const { order, released } = applied
    ? await db.transaction(async (tx) => {
        const released = await holdCodeIn(tx, permit.actor, applied.code.id);
        return { order: await createOrder(tx, permit, line, config.mode, applied.code), released };
      })
    : { order: await createOrder(db, permit, line, config.mode, null), released: [] };
  if (config.mode === "local") {
    await attachCheckoutSession(db, order.id, `cs_local_${order.id.replace(/-/g, "")}`);
    return `/checkout/local?${new URLSearchParams({ order: order.id })}`;
  }
  const stripe = await stripeClient(config.secretKey);
  await Promise.all(released.map((id) => expireSession(stripe, id)));
  const coupon = applied ? stripeCoupon(line, applied.code) : null;
  const expiresAt = coupon ? holdEndsAt(order.createdAt) : null;
  let promotionCodeId: string | null = null;
  if (applied && coupon && expiresAt) {
    await ensureCoupon(stripe, coupon);
    const promotionCode = await stripe.promotionCodes.create(
      stripePromotionCode(coupon.id, applied.code, order, expiresAt),
      { idempotencyKey: `promotion-code-${order.id}` },
    );
    promotionCodeId = promotionCode.id;
  }
  const session = await stripe.checkout.sessions.create(
    checkoutSessionParams(line, { id: order.id, email: permit.actor.email }, origin, {
      promotionCodeId,
      expiresAt,
      automaticTax: settings.automaticTax,
    }),
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
