import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { pointStripeAt, type StripeObjectOf, stripeEventOf } from "~/server/payments/stripe.server";

// An in-process fake of the Stripe calls the app makes, recording every request; its answers and events are
// typed as the SDK's at the pinned API version, so a field Stripe does not send fails `tsc`
// (docs/decisions/0038-stripe-api-version.md).

export const TEST_SECRET_KEY = "sk_test_fakefakefake";
export const TEST_WEBHOOK_SECRET = "whsec_testtesttesttest";

export type FakeRequest = { method: string; path: string; form: URLSearchParams; idempotencyKey?: string };
export type FakeSession = Partial<Stripe.Checkout.Session> & { id: string };

export type FakePaymentIntent = { metadata: Record<string, string>; receiptUrl: string | null };

export type FakeStripe = {
  requests: FakeRequest[];
  sessions: Map<string, FakeSession>;
  canceledSubscriptions: string[];
  /** Seconds since the epoch. */
  subscriptionEnds: Map<string, number>;
  invoices: Map<string, { paymentIntent: string | null; orderId: string | null }>;
  coupons: Map<string, Stripe.Coupon>;
  promotionCodes: Map<string, Stripe.PromotionCode>;
  paymentIntents: Map<string, FakePaymentIntent>;
  /** Answer 500, as a Stripe outage would. */
  failing: Set<string>;
  pay(sessionId: string): FakeSession;
  close(): Promise<void>;
};

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const requests: FakeRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const canceledSubscriptions: string[] = [];
  const subscriptionEnds = new Map<string, number>();
  const invoices = new Map<string, { paymentIntent: string | null; orderId: string | null }>();
  const paymentIntents = new Map<string, FakePaymentIntent>();
  const failing = new Set<string>();
  const coupons = new Map<string, Stripe.Coupon>();
  const promotionCodes = new Map<string, Stripe.PromotionCode>();
  let made = 0;

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const form = new URLSearchParams(await readBody(req));
    const key = req.headers["idempotency-key"];
    requests.push({
      method: req.method ?? "",
      path: url.pathname,
      form,
      ...(typeof key === "string" ? { idempotencyKey: key } : {}),
    });
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": `req_${requests.length}` });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${TEST_SECRET_KEY}`) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    if (failing.has(url.pathname)) return send(500, { error: { type: "api_error", message: "outage" } });
    // The SDK sends `expand[0]=…`, `expand[1]=…`.
    const expand = [...url.searchParams, ...form]
      .filter(([key]) => /^expand\[\d*\]$/.test(key))
      .map(([, v]) => v);
    const invoiceMatch = url.pathname.match(/^\/v1\/invoices\/([^/]+)$/);
    if (req.method === "GET" && invoiceMatch?.[1]) {
      const invoice = invoices.get(invoiceMatch[1]);
      if (!invoice) return send(404, { error: { type: "invalid_request_error" } });
      return send(200, invoiceObject(invoiceMatch[1], invoice, expand.includes("payments")));
    }
    const intentMatch = url.pathname.match(/^\/v1\/payment_intents\/([^/]+)$/);
    if (req.method === "GET" && intentMatch?.[1]) {
      const intent = paymentIntents.get(intentMatch[1]);
      if (!intent) return send(404, { error: { type: "invalid_request_error" } });
      return send(200, paymentIntentObject(intentMatch[1], intent, expand.includes("latest_charge")));
    }
    if (req.method === "GET" && url.pathname === "/v1/invoice_payments") {
      const paymentIntent = url.searchParams.get("payment[payment_intent]");
      const data = [...invoices.entries()]
        .filter(([, invoice]) => invoice.paymentIntent && invoice.paymentIntent === paymentIntent)
        .map(([id, invoice]) => ({
          ...invoicePaymentObject(id, invoice.paymentIntent),
          invoice: expand.includes("data.invoice") ? invoiceObject(id, invoice, false) : id,
        }));
      return send(200, { object: "list", data, has_more: false, url: "/v1/invoice_payments" });
    }
    if (req.method === "POST" && url.pathname === "/v1/coupons") {
      const id = form.get("id") ?? `coupon_${requests.length}`;
      if (coupons.has(id)) {
        // Stripe's answer to a coupon id already taken (error code `resource_already_exists`).
        return send(400, {
          error: {
            type: "invalid_request_error",
            code: "resource_already_exists",
            message: "Coupon already exists.",
          },
        });
      }
      const coupon = couponObject(id, form);
      coupons.set(id, coupon);
      return send(200, coupon);
    }
    if (req.method === "POST" && url.pathname === "/v1/promotion_codes") {
      const couponId = form.get("promotion[coupon]") ?? "";
      if (form.get("promotion[type]") !== "coupon" || !coupons.has(couponId)) {
        return send(400, {
          error: { type: "invalid_request_error", message: `No such coupon: '${couponId}'` },
        });
      }
      const code = form.get("code") ?? `PROMO${promotionCodes.size + 1}`;
      // The text is unique among active promotion codes, whatever its case (PromotionCodes.d.ts, `code`).
      const taken = [...promotionCodes.values()].some(
        (promo) => promo.active && promo.code.toUpperCase() === code.toUpperCase(),
      );
      if (taken) {
        return send(400, {
          error: {
            type: "invalid_request_error",
            message: "An active promotion code with `code` already exists.",
          },
        });
      }
      const promo = promotionCodeObject(`promo_${requests.length}`, code, couponId, form);
      promotionCodes.set(promo.id, promo);
      return send(200, promo);
    }
    const sessionMatch = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      made += 1;
      const id = `cs_test_${made}_${Math.random().toString(36).slice(2, 10)}`;
      const mode = form.get("mode") === "subscription" ? "subscription" : "payment";
      const promoId = form.get("discounts[0][promotion_code]");
      const promo = promoId ? promotionCodes.get(promoId) : undefined;
      const now = Math.floor(Date.now() / 1000);
      if (promoId && !promo) {
        return send(400, {
          error: { type: "invalid_request_error", message: `No such promotion code: '${promoId}'` },
        });
      }
      if (
        promo &&
        ((promo.expires_at !== null && promo.expires_at <= now) ||
          (promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions))
      ) {
        return send(400, {
          error: { type: "invalid_request_error", message: "This promotion code cannot be redeemed." },
        });
      }
      const couponId = promo?.promotion.coupon;
      const coupon = typeof couponId === "string" ? coupons.get(couponId) : undefined;
      const subtotal = Number(form.get("line_items[0][price_data][unit_amount]"));
      // An amount_off coupon comes off the subtotal (node_modules/stripe/esm/resources/Coupons.d.ts).
      const discount = Math.min(subtotal, coupon?.amount_off ?? 0);
      const session: FakeSession = {
        id,
        object: "checkout.session",
        mode,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_subtotal: subtotal,
        amount_total: subtotal - discount,
        // Checkout.Session.TotalDetails and .Discount (node_modules/stripe/esm/resources/Checkout/Sessions.d.ts).
        total_details: { amount_discount: discount, amount_shipping: 0, amount_tax: 0 },
        discounts: coupon && promo ? [{ coupon: coupon.id, promotion_code: promo.id }] : [],
        currency: form.get("line_items[0][price_data][currency]"),
        client_reference_id: form.get("client_reference_id"),
        customer_email: form.get("customer_email"),
        metadata: { order_id: form.get("metadata[order_id]") ?? "" },
        payment_status: "unpaid",
        status: "open",
        // Stripe's default is 24 hours after creation.
        expires_at: Number(form.get("expires_at") ?? Math.floor(Date.now() / 1000) + 24 * 3600),
        customer: null,
        payment_intent: null,
        subscription: null,
      };
      sessions.set(id, session);
      return send(200, session);
    }
    const expireMatch = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/);
    if (req.method === "POST" && expireMatch?.[1]) {
      const session = sessions.get(expireMatch[1]);
      if (!session) return send(404, { error: { type: "invalid_request_error" } });
      // Only an open session can be expired (Stripe API reference, "Expire a Checkout Session").
      if (session.status !== "open") {
        return send(400, {
          error: {
            type: "invalid_request_error",
            message: `Only Checkout Sessions with a status in ["open"] can be expired.`,
          },
        });
      }
      session.status = "expired";
      return send(200, session);
    }
    if (req.method === "GET" && sessionMatch?.[1]) {
      const session = sessions.get(sessionMatch[1]);
      return session ? send(200, session) : send(404, { error: { type: "invalid_request_error" } });
    }
    const subscriptionMatch = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
    if (req.method === "POST" && subscriptionMatch?.[1] && form.has("cancel_at")) {
      subscriptionEnds.set(subscriptionMatch[1], Number(form.get("cancel_at")));
      return send(200, {
        id: subscriptionMatch[1],
        object: "subscription",
        cancel_at: Number(form.get("cancel_at")),
      } satisfies Partial<Stripe.Subscription>);
    }
    if (req.method === "DELETE" && subscriptionMatch?.[1]) {
      canceledSubscriptions.push(subscriptionMatch[1]);
      return send(200, { id: subscriptionMatch[1], object: "subscription", status: "canceled" });
    }
    if (req.method === "POST" && url.pathname === "/v1/billing_portal/sessions") {
      return send(200, {
        id: `bps_${requests.length}`,
        object: "billing_portal.session",
        url: `https://billing.stripe.test/p/session/${form.get("customer")}`,
      });
    }
    send(404, {
      error: { type: "invalid_request_error", message: `no fake for ${req.method} ${url.pathname}` },
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  pointStripeAt({ host: "127.0.0.1", port, protocol: "http" });

  return {
    requests,
    sessions,
    canceledSubscriptions,
    subscriptionEnds,
    invoices,
    coupons,
    promotionCodes,
    paymentIntents,
    failing,
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const compact = sessionId.replace(/^cs_test_/, "");
      if (session.mode === "payment") {
        paymentIntents.set(`pi_${compact}`, {
          metadata: { order_id: session.metadata?.order_id ?? "" },
          receiptUrl: `https://pay.stripe.test/receipts/pi_${compact}`,
        });
      }
      const promo = session.discounts?.[0]?.promotion_code;
      const redeemed = typeof promo === "string" ? promotionCodes.get(promo) : undefined;
      if (redeemed) redeemed.times_redeemed += 1;
      Object.assign(session, {
        payment_status: "paid",
        status: "complete",
        customer: `cus_${compact}`,
        ...(session.mode === "subscription"
          ? { subscription: `sub_${compact}` }
          : { payment_intent: `pi_${compact}` }),
      });
      return session;
    },
    close: () =>
      new Promise<void>((resolve) => {
        pointStripeAt(undefined);
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

let eventCount = 0;

export function stripeEvent<T extends Stripe.Event.Type>(
  type: T,
  object: Partial<StripeObjectOf<T>>,
  id?: string,
) {
  eventCount += 1;
  return stripeEventOf(
    type,
    object,
    id ?? `evt_test_${eventCount}_${Math.random().toString(36).slice(2, 8)}`,
  );
}

/** An event about a charge of `paymentIntent` (its receipt, a refund): Stripe.Charge's fields, `id` the charge's. */
export function chargeEvent<T extends "charge.succeeded" | "charge.refunded">(
  type: T,
  id: string,
  paymentIntent: Partial<StripeObjectOf<T>>["payment_intent"],
  fields: Partial<StripeObjectOf<T>> = {},
) {
  return stripeEvent(type, { id, object: "charge", payment_intent: paymentIntent, ...fields });
}

/** The fields of Stripe.Coupon (node_modules/stripe/esm/resources/Coupons.d.ts) from a create request. */
function couponObject(id: string, form: URLSearchParams): Stripe.Coupon {
  const amountOff = form.get("amount_off");
  const percentOff = form.get("percent_off");
  const duration = form.get("duration");
  return {
    id,
    object: "coupon",
    amount_off: amountOff ? Number(amountOff) : null,
    created: Math.floor(Date.now() / 1000),
    currency: form.get("currency"),
    duration: duration === "forever" || duration === "repeating" ? duration : "once",
    duration_in_months: null,
    livemode: false,
    max_redemptions: null,
    metadata: {},
    name: form.get("name"),
    percent_off: percentOff ? Number(percentOff) : null,
    redeem_by: null,
    times_redeemed: 0,
    valid: true,
  };
}

/** Stripe.PromotionCode (node_modules/stripe/esm/resources/PromotionCodes.d.ts) from a create request. */
function promotionCodeObject(
  id: string,
  code: string,
  coupon: string,
  form: URLSearchParams,
): Stripe.PromotionCode {
  const expiresAt = form.get("expires_at");
  const maxRedemptions = form.get("max_redemptions");
  const metadata = Object.fromEntries(
    [...form].flatMap(([key, value]) => {
      const name = key.match(/^metadata\[(.+)\]$/)?.[1];
      return name ? [[name, value]] : [];
    }),
  );
  return {
    id,
    object: "promotion_code",
    active: true,
    code,
    created: Math.floor(Date.now() / 1000),
    customer: null,
    customer_account: null,
    expires_at: expiresAt ? Number(expiresAt) : null,
    livemode: false,
    max_redemptions: maxRedemptions ? Number(maxRedemptions) : null,
    metadata,
    promotion: { type: "coupon", coupon },
    restrictions: { first_time_transaction: false, minimum_amount: null, minimum_amount_currency: null },
    times_redeemed: 0,
  };
}

/** `payment` names the intent, with no id. */
function invoicePaymentObject(invoice: string, paymentIntent: string | null): Stripe.InvoicePayment {
  return {
    id: `inpay_${invoice}`,
    object: "invoice_payment",
    amount_paid: null,
    amount_requested: 0,
    created: Math.floor(Date.now() / 1000),
    currency: "cad",
    invoice,
    is_default: true,
    livemode: false,
    payment: paymentIntent
      ? { type: "payment_intent", payment_intent: paymentIntent }
      : { type: "payment_intent" },
    status: paymentIntent ? "paid" : "open",
    status_transitions: { canceled_at: null, paid_at: paymentIntent ? Math.floor(Date.now() / 1000) : null },
  };
}

function invoiceObject(
  id: string,
  invoice: { paymentIntent: string | null; orderId: string | null },
  withPayments: boolean,
) {
  return {
    id,
    object: "invoice",
    metadata: {},
    parent: {
      type: "subscription_details",
      quote_details: null,
      subscription_details: {
        subscription: `sub_for_${id}`,
        metadata: invoice.orderId ? { order_id: invoice.orderId } : {},
      },
    },
    ...(withPayments
      ? {
          payments: {
            object: "list",
            data: [invoicePaymentObject(id, invoice.paymentIntent)],
            has_more: false,
            url: `/v1/invoices/${id}/payments`,
          },
        }
      : {}),
  } satisfies Partial<Stripe.Invoice>;
}

function paymentIntentObject(id: string, intent: FakePaymentIntent, withCharge: boolean) {
  const charge = `ch_for_${id}`;
  return {
    id,
    object: "payment_intent",
    metadata: intent.metadata,
    // Only what the app reads of the charge.
    latest_charge: withCharge
      ? ({
          id: charge,
          object: "charge",
          payment_intent: id,
          receipt_url: intent.receiptUrl,
        } as Stripe.Charge)
      : charge,
  } satisfies Partial<Stripe.PaymentIntent>;
}

export function signed(event: unknown, secret = TEST_WEBHOOK_SECRET): { body: string; signature: string } {
  const body = JSON.stringify(event);
  // The SDK's own signing, as Stripe signs (the app checks with the same SDK: stripeWebhooks).
  return { body, signature: Stripe.webhooks.generateTestHeaderString({ payload: body, secret }) };
}
