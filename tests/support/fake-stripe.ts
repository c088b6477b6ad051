import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { pointStripeAt, stripeWebhooks } from "~/server/payments/stripe.server";

// An in-process fake of the few Stripe API calls the app makes (the official client is pointed at it
// through its host/port/protocol options): create and retrieve a Checkout Session, cancel a
// subscription, open a billing-portal session. Every request is recorded, so a test can say "no Stripe
// call". Events are signed as Stripe signs them (`generateTestHeaderString`).

export const TEST_SECRET_KEY = "sk_test_fakefakefake";
export const TEST_WEBHOOK_SECRET = "whsec_testtesttesttest";

export type FakeRequest = { method: string; path: string; form: URLSearchParams; idempotencyKey?: string };
export type FakeSession = Record<string, unknown> & { id: string };

export type FakeStripe = {
  requests: FakeRequest[];
  sessions: Map<string, FakeSession>;
  canceledSubscriptions: string[];
  /** Marks a session paid, as Stripe does when the buyer completes it; returns it. */
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
    const sessionMatch = url.pathname.match(/^\/v1\/checkout\/sessions\/([^/]+)$/);
    if (req.method === "POST" && url.pathname === "/v1/checkout/sessions") {
      made += 1;
      const id = `cs_test_${made}_${Math.random().toString(36).slice(2, 10)}`;
      const mode = form.get("mode");
      const session: FakeSession = {
        id,
        object: "checkout.session",
        mode,
        url: `https://checkout.stripe.test/c/pay/${id}`,
        amount_total: Number(form.get("line_items[0][price_data][unit_amount]")),
        currency: form.get("line_items[0][price_data][currency]"),
        client_reference_id: form.get("client_reference_id"),
        customer_email: form.get("customer_email"),
        metadata: { order_id: form.get("metadata[order_id]") },
        payment_status: "unpaid",
        status: "open",
        customer: null,
        payment_intent: null,
        subscription: null,
      };
      sessions.set(id, session);
      return send(200, session);
    }
    if (req.method === "GET" && sessionMatch?.[1]) {
      const session = sessions.get(sessionMatch[1]);
      return session ? send(200, session) : send(404, { error: { type: "invalid_request_error" } });
    }
    const subscriptionMatch = url.pathname.match(/^\/v1\/subscriptions\/([^/]+)$/);
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
    pay(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      const compact = sessionId.replace(/^cs_test_/, "");
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

/** A Stripe event around an object, with a fresh id unless one is given. */
export function stripeEvent(type: string, object: Record<string, unknown>, id?: string) {
  eventCount += 1;
  return {
    id: id ?? `evt_test_${eventCount}_${Math.random().toString(36).slice(2, 8)}`,
    object: "event",
    type,
    data: { object },
  };
}

/** The raw body and the Stripe-Signature header Stripe would send for an event. */
export function signed(event: unknown, secret = TEST_WEBHOOK_SECRET): { body: string; signature: string } {
  const body = JSON.stringify(event);
  return { body, signature: stripeWebhooks.generateTestHeaderString({ payload: body, secret }) };
}
