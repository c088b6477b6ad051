import { beforeAll, describe, expect, test } from "vitest";
import { signed, stripeEvent, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from "../support/fake-stripe";
import { localSignIn } from "../support/local-sign-in";
import { FORWARDED_HEADER_SETS } from "../support/proxy-headers";
import { serversForFile } from "../support/server-file";
import { PUBLIC_SITE_ENV, type RunningServer, serverErrors, startServer } from "../support/server-process";

// Payments on the built server (docs/decisions/0027-payments.md): the webhook on its raw body ahead of every
// parser and the same-site check, bounded and only at its path; the local test checkout a developer door.

serversForFile();

let stripe: RunningServer;
let off: RunningServer;

beforeAll(async () => {
  [stripe, off] = await Promise.all([
    startServer({ env: { STRIPE_SECRET_KEY: TEST_SECRET_KEY, STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET } }),
    startServer({ env: { ...PUBLIC_SITE_ENV, HOST: "0.0.0.0" } }),
  ]);
}, 120_000);

const STAFF_WORDS = /Staff accounts can(?:'|&#x27;|&#39;)t buy an offer/;

function post(server: RunningServer, path: string, body: string, signature?: string) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body,
  });
}

describe("POST /webhooks/stripe", () => {
  test("checks the signature on the raw body: missing or wrong → 400; a signed event → 200, once", async () => {
    const event = stripeEvent("customer.created", { id: "cus_1", object: "customer" });
    const { body, signature } = signed(event);
    expect((await post(stripe, "/webhooks/stripe", body)).status).toBe(400);
    expect(
      (await post(stripe, "/webhooks/stripe", body, signed(event, "whsec_other").signature)).status,
    ).toBe(400);
    // Re-serialised JSON is not what was signed.
    const respaced = JSON.stringify(event, null, 2);
    expect((await post(stripe, "/webhooks/stripe", respaced, signature)).status).toBe(400);

    const first = await post(stripe, "/webhooks/stripe", body, signature);
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ received: true, outcome: "ignored: customer.created is not used" });
    const replay = await post(stripe, "/webhooks/stripe", body, signature);
    expect(await replay.json()).toEqual({ received: true, outcome: "replay" });
  });

  test("a charge this site did not make (another product, an old payment link) is 200 and ignored, not 503", async () => {
    const { body, signature } = signed(
      stripeEvent("charge.succeeded", {
        id: "ch_elsewhere",
        object: "charge",
        payment_intent: "pi_elsewhere",
        metadata: {},
        receipt_url: "https://pay.stripe.com/receipts/elsewhere",
      }),
    );
    const answer = await post(stripe, "/webhooks/stripe", body, signature);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      received: true,
      outcome: "ignored: no payment of ours for this charge",
    });
  });

  test("a body that is not JSON is 400; one over the limit is 413; neither is a 5xx", async () => {
    const { signature } = signed("x");
    expect((await post(stripe, "/webhooks/stripe", "not json", signature)).status).toBe(400);
    const huge = JSON.stringify({ id: "evt_big", type: "x", data: { object: { pad: "a".repeat(400_000) } } });
    const tooLarge = await post(stripe, "/webhooks/stripe", huge, signed(JSON.parse(huge)).signature);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await tooLarge.json()).toEqual({ error: "Body too large." });
  });

  test("only its own path: the `.data` spelling is the router's, which does not take the event", async () => {
    const { body, signature } = signed(stripeEvent("customer.created", { id: "cus_2" }));
    const twin = await post(stripe, "/webhooks/stripe.data", body, signature);
    expect([404, 405]).toContain(twin.status);
    expect(await twin.text()).not.toContain("received");
  });

  test("without keys, the endpoint takes nothing", async () => {
    const { body, signature } = signed(stripeEvent("customer.created", { id: "cus_3" }));
    expect((await post(off, "/webhooks/stripe", body, signature)).status).toBe(404);
  });

  test("no request was answered with a server error", () => {
    expect(serverErrors(stripe)).toEqual([]);
  });
});

describe("the pricing buttons and the checkout pages follow the configuration", () => {
  const pricing = async (server: RunningServer) =>
    (await fetch(`${server.url}/pricing`, { headers: { cookie: "currency=CAD" } })).text();

  test("with Stripe: the main buttons open /checkout for the card's offer, currency and option", async () => {
    const html = await pricing(stripe);
    expect(html).toContain('href="/checkout?offer=pro&amp;currency=CAD&amp;option=financing"');
    expect(html).toContain('href="/checkout?offer=single&amp;currency=USD&amp;option=upfront"');
    expect(html).not.toContain(`href="https://pay.example.com/next-offer/pro-cad"`);
  });

  test("without keys on a public site: the links in site settings, and no checkout", async () => {
    const html = await pricing(off);
    expect(html).toContain("https://pay.example.com/next-offer/pro-cad");
    expect(html).not.toContain('href="/checkout?');
    const cookie = await localSignInOrNull(off);
    expect(cookie).toBeNull();
  });

  test("a visitor is sent to sign in and back to the offer", async () => {
    const response = await fetch(`${stripe.url}/checkout?offer=pro&currency=CAD&option=upfront`, {
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(
      `/login?${new URLSearchParams({ redirectTo: "/checkout?offer=pro&currency=CAD&option=upfront" })}`,
    );
  });

  test("staff are told why they can't buy: the page, its .data twin and a POST all answer 403 with the reason", async () => {
    const cookie = await localSignIn(stripe.url, "coach@example.com", { headers: { origin: stripe.url } });
    for (const path of ["/checkout", "/checkout.data"]) {
      const response = await fetch(`${stripe.url}${path}?offer=pro&currency=USD&option=upfront`, {
        headers: { cookie },
      });
      expect(response.status, path).toBe(403);
      expect(await response.text(), path).toMatch(STAFF_WORDS);
    }
    const started = await fetch(`${stripe.url}/checkout`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, origin: stripe.url, "content-type": "application/x-www-form-urlencoded" },
      body: "offer=pro&currency=USD&option=upfront",
    });
    expect(started.status).toBe(403);
    expect(await started.text()).toMatch(STAFF_WORDS);
  });

  test("the local test checkout is not there with Stripe keys", async () => {
    const cookie = await localSignIn(stripe.url, "local-checkout-buyer@example.com", {
      headers: { origin: stripe.url },
    });
    const response = await fetch(`${stripe.url}/checkout/local`, { headers: { cookie } });
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("The test checkout runs only on a developer's own computer");
  });

  test("on a developer's server, a request a proxy forwarded gets the links and no test checkout", async () => {
    const developer = await startServer({ env: { HOST: "0.0.0.0" } });
    const buyer = await localSignIn(developer.url, "forwarded-buyer@example.com");
    const local = await fetch(`${developer.url}/checkout/local`, { headers: { cookie: buyer } });
    expect(local.status, "from this machine, unproxied").toBe(200);
    expect(await pricing(developer)).toContain('href="/checkout?');

    for (const forwarded of FORWARDED_HEADER_SETS) {
      const headers = { cookie: buyer, ...forwarded };
      for (const path of ["/checkout/local", "/checkout/local.data"]) {
        const refused = await fetch(`${developer.url}${path}`, { headers });
        expect(refused.status, `${path} ${JSON.stringify(forwarded)}`).toBe(404);
      }
      const html = await (
        await fetch(`${developer.url}/pricing`, { headers: { ...forwarded, cookie: "currency=CAD" } })
      ).text();
      expect(html, JSON.stringify(forwarded)).not.toContain('href="/checkout?');
      expect(html).toContain("https://pay.example.com/next-offer/pro-cad");
    }
    await developer.stop();
  });
});

async function localSignInOrNull(server: RunningServer): Promise<string | null> {
  try {
    return await localSignIn(server.url, "nobody@example.com", { headers: { origin: server.url } });
  } catch {
    return null;
  }
}
