import type Stripe from "stripe";
import type { CheckoutLine } from "~/domain/checkout";

// Inline price data, so no Stripe price ids have to be kept in step with the pricing page by hand.

export type StripeLineItem = {
  quantity: 1;
  price_data: {
    currency: "cad" | "usd";
    unit_amount: number;
    product_data: { name: string; description?: string };
    recurring?: { interval: "month" | "week"; interval_count: number };
    /** With Stripe Tax: our prices are before tax, which Stripe adds. */
    tax_behavior?: "exclusive";
  };
};

export function stripeLineItem(line: CheckoutLine, automaticTax = false): StripeLineItem {
  return {
    quantity: 1,
    price_data: {
      currency: line.currency === "CAD" ? "cad" : "usd",
      ...(automaticTax ? { tax_behavior: "exclusive" as const } : {}),
      // The list price: a code comes off as a promotion code on its coupon (stripePromotionCode).
      unit_amount: line.listUnitAmount,
      product_data: {
        name: line.title,
        ...(line.instalments ? { description: `${line.instalments} instalments of ${line.label}` } : {}),
      },
      ...(line.recurring
        ? { recurring: { interval: line.recurring.interval, interval_count: line.recurring.intervalCount } }
        : {}),
    },
  };
}

/**
 * A code's discount as an amount per charge, not a percent, so Stripe takes off exactly what the pricing
 * source computed (docs/decisions/0044-discount-codes.md): once for a payment, every invoice of a
 * subscription. One coupon per code and charge, its id saying which, so the Stripe dashboard shows codes.
 */
export function stripeCoupon(
  line: CheckoutLine,
  code: { lookup: string; code: string },
): (Stripe.CouponCreateParams & { id: string }) | null {
  if (line.discountPercent === null) return null;
  const amountOff = line.listUnitAmount - line.unitAmount;
  const currency = line.currency === "CAD" ? "cad" : "usd";
  const duration = line.mode === "subscription" ? "forever" : "once";
  return {
    id: `code-${code.lookup}-${amountOff}${currency}-${duration}`,
    name: `${code.code}: ${line.discountPercent}% off`,
    amount_off: amountOff,
    currency,
    duration,
  };
}

/**
 * The buyer's code as a Stripe promotion code made for this one checkout, on the code's amount coupon: it
 * reads `MAYA-7K2-…` on Stripe's page and dashboard, Stripe takes it once and not after the code's hold
 * ends (docs/decisions/0044-discount-codes.md). A code is several coupons (one per amount), and a
 * promotion code's text must be unique among active ones, so each checkout gets its own, tailed by the order.
 */
export function stripePromotionCode(
  couponId: string,
  code: { code: string },
  order: { id: string },
  expiresAt: Date,
): Stripe.PromotionCodeCreateParams {
  return {
    promotion: { type: "coupon", coupon: couponId },
    code: `${code.code}-${order.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`,
    max_redemptions: 1,
    expires_at: Math.floor(expiresAt.getTime() / 1000),
    metadata: { order_id: order.id, code: code.code },
  };
}

export function checkoutSessionParams(
  line: CheckoutLine,
  order: { id: string; email: string },
  origin: string,
  {
    promotionCodeId = null,
    expiresAt = null,
    automaticTax = false,
  }: { promotionCodeId?: string | null; expiresAt?: Date | null; automaticTax?: boolean } = {},
): Stripe.Checkout.SessionCreateParams {
  const metadata = { order_id: order.id };
  return {
    mode: line.mode,
    // A code's use is held until then, so the session can't be paid after (0044).
    ...(expiresAt ? { expires_at: Math.floor(expiresAt.getTime() / 1000) } : {}),
    line_items: [stripeLineItem(line, automaticTax)],
    // Checkout then asks for the address the tax needs, and the subscription it starts keeps it on.
    ...(automaticTax ? { automatic_tax: { enabled: true } } : {}),
    ...(promotionCodeId ? { discounts: [{ promotion_code: promotionCodeId }] } : {}),
    customer_email: order.email,
    client_reference_id: order.id,
    metadata,
    ...(line.mode === "subscription"
      ? { subscription_data: { metadata } }
      : { payment_intent_data: { metadata }, invoice_creation: { enabled: true } }),
    success_url: `${origin}/checkout/success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${origin}/checkout?${new URLSearchParams({ offer: line.offer, currency: line.currency, option: line.option, canceled: "1" })}`,
  };
}
