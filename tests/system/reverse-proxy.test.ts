import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { FORM_LIMITS } from "~/server/action-result.server";
import { calDelivery, calSignature, TEST_CAL_SECRET } from "../support/cal";
import { signed, stripeEvent, TEST_SECRET_KEY, TEST_WEBHOOK_SECRET } from "../support/fake-stripe";
import { nginxUnavailable, type ReverseProxy, SITE_HOST, startProxy } from "../support/nginx";
import { MOCK_CLIENT_ID, MOCK_CLIENT_SECRET, startOidcProvider } from "../support/oidc-provider";
import { signInWithProvider } from "../support/oidc-sign-in";
import { listedPersonIds } from "../support/people-list";
import {
  assertBuilt,
  type Env,
  jsonLines,
  type RunningServer,
  repoRoot,
  startServer,
  stopAllServers,
} from "../support/server-process";

// The README's recommended deployment as written: deploy/coach.env.example's settings behind real nginx with
// the shipped deploy/nginx/coach.conf, reached over TLS as https://coach.example.

const skipReason = nginxUnavailable();

/** As systemd's EnvironmentFile reads them. */
function shippedSettings(): Env {
  const settings: Env = {};
  for (const line of readFileSync(path.join(repoRoot, "deploy", "coach.env.example"), "utf8").split("\n")) {
    const [, name, value] = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim()) ?? [];
    if (name && value !== undefined) settings[name] = value.replace(/^"(.*)"$/, "$1");
  }
  return settings;
}

const SIGN_IN_LIMIT = 8;
/** deploy/nginx/coach.conf's client_max_body_size matches it. */
const LIMIT_BYTES = FORM_LIMITS.bytes;

describe.skipIf(Boolean(skipReason))("behind nginx, with the README's production settings", () => {
  let provider: Awaited<ReturnType<typeof startOidcProvider>>;
  let site: RunningServer;
  let proxy: ReverseProxy;
  let keyless: RunningServer;
  let keylessProxy: ReverseProxy;

  beforeAll(async () => {
    assertBuilt();
    provider = await startOidcProvider();
    const { PORT: _port, DATA_DIR: _dataDir, ...shipped } = shippedSettings();
    expect(shipped).toMatchObject({ HOST: "127.0.0.1", PUBLIC_ORIGIN: `https://${SITE_HOST}` });
    const production: Env = {
      ...shipped,
      AUTH_OIDC_ISSUER: provider.issuer,
      AUTH_OIDC_CLIENT_ID: MOCK_CLIENT_ID,
      AUTH_OIDC_CLIENT_SECRET: MOCK_CLIENT_SECRET,
      SESSION_SECRET: "reverse-proxy-test-session-secret-0123456789abcdef",
      ADMIN_EMAILS: "admin@example.com",
      CAL_WEBHOOK_SECRET: TEST_CAL_SECRET,
      SIGN_IN_RATE_LIMIT: String(SIGN_IN_LIMIT),
      // As in production: startServer raises it for other suites.
      MUTATION_RATE_LIMIT: undefined,
    };
    // Two servers starting at once on a busy machine.
    const timeoutMs = 180_000;
    [site, keyless] = await Promise.all([
      startServer({
        env: {
          ...production,
          STRIPE_SECRET_KEY: TEST_SECRET_KEY,
          STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
        },
        timeoutMs,
      }),
      startServer({ env: production, timeoutMs }),
    ]);
    [proxy, keylessProxy] = await Promise.all([startProxy(site.port), startProxy(keyless.port)]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([proxy?.stop(), keylessProxy?.stop()]);
    await provider?.stop();
    await stopAllServers();
  });

  const signIn = (through: ReverseProxy, email: string, localAddress: string) =>
    signInWithProvider(through.client(localAddress), { sub: `sub-${email}`, email });

  // React Router refuses a document POST whose Origin differs from its URL, so this also proves nginx passes
  // the scheme and host on.
  const browser = { origin: `https://${SITE_HOST}`, "sec-fetch-site": "same-origin" };
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit => ({
    method: "POST",
    headers: { ...browser, "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });

  test("plain HTTP is redirected to HTTPS", async () => {
    const answer = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http
        .get(
          { host: "127.0.0.1", port: proxy.httpPort, path: "/pricing", headers: { host: SITE_HOST } },
          resolve,
        )
        .once("error", reject),
    );
    answer.resume();
    expect(answer.statusCode).toBe(301);
    expect(answer.headers.location).toBe(`https://${SITE_HOST}/pricing`);
  });

  const CLAIMS: Record<string, string>[] = [
    {},
    { "x-forwarded-host": "localhost" },
    { forwarded: "for=127.0.0.1;host=localhost;proto=http" },
  ];

  test("developer doors are closed: local sign-in as the admin is refused, document and .data", async () => {
    const send = proxy.client("127.0.0.20");
    for (const path of ["/login", "/login.data"]) {
      for (const claim of CLAIMS) {
        const what = `${path} ${JSON.stringify(claim)}`;
        const answer = await send(path, form({ intent: "local", email: "admin@example.com" }, claim));
        const body = await answer.text();
        expect(answer.status, `${what}: ${body.slice(0, 200)}`).toBe(404);
        expect(
          answer.headers.getSetCookie().filter((line) => /session=/.test(line)),
          what,
        ).toEqual([]);
      }
    }
    const login = await (await send("/login")).text();
    expect(login).toContain("Continue with Google");
    expect(login).not.toContain("admin@example.com");
  });

  test("developer doors are closed: the test checkout is refused to a signed-in lead, with or without Stripe", async () => {
    for (const [name, through] of [
      ["with Stripe", proxy],
      ["without Stripe keys", keylessProxy],
    ] as const) {
      const { session } = await signIn(
        through,
        `buyer-${randomUUID().slice(0, 8)}@example.org`,
        "127.0.0.13",
      );
      const send = through.client("127.0.0.13");
      const headers = { cookie: session };
      for (const path of ["/checkout/local", "/checkout/local.data"]) {
        for (const claim of CLAIMS) {
          const answer = await send(path, { headers: { ...headers, ...claim } });
          await answer.arrayBuffer();
          expect(answer.status, `${name}: GET ${path} ${JSON.stringify(claim)}`).toBe(404);
        }
      }
      const paid = await send("/checkout/local", form({ order: randomUUID() }, headers));
      await paid.arrayBuffer();
      expect(paid.status, `${name}: POST /checkout/local`).toBe(404);
    }
  });

  test("without Stripe keys, the pricing buttons keep the payment links: no buyer is sent to a page that refuses them", async () => {
    const pricing = await (await keylessProxy.client()("/pricing")).text();
    expect(pricing.includes('href="/checkout'), "a pricing button leads to /checkout").toBe(false);
    expect(pricing.includes("https://pay.example.com/next-offer/pro-cad"), "the Pro payment link").toBe(true);
  });

  test("every cookie the site sets is Secure, the session's HttpOnly too", async () => {
    const send = proxy.client("127.0.0.12");
    const { setCookies, session } = await signIn(proxy, "maya.chen@example.com", "127.0.0.12");
    expect(session).toMatch(/^__Host-session=/);
    const dashboard = await send("/dashboard", { headers: { cookie: session } });
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain("Maya Chen");
    const signOut = await send("/logout", form({}, { cookie: session }));
    await signOut.arrayBuffer();
    const all = [...setCookies, ...signOut.headers.getSetCookie()];
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const line of all) expect(line, line).toMatch(/;\s*Secure(;|$)/i);
    for (const line of all.filter((one) => one.startsWith("__Host-session="))) {
      expect(line).toMatch(/;\s*HttpOnly(;|$)/i);
    }
  });

  test("a change reaches a signed-in client's /events stream (HTTP/2 through nginx) within 5 s", async () => {
    const email = "daniel.okafor@example.com";
    const { session } = await signIn(proxy, email, "127.0.0.11");
    const stream = await proxy.events(session);
    try {
      expect(stream.protocol).toBe("h2");
      expect(stream.status).toBe(200);
      await stream.next((frame) => frame.event === "ready");
      // docs/decisions/0036-booking-ownership.md.
      const dashboard = await (
        await proxy.client("127.0.0.11")("/dashboard", { headers: { cookie: session } })
      ).text();
      const href = /href="(https:\/\/cal\.com\/[^"]*metadata%5Bportal%5D[^"]*)"/.exec(dashboard)?.[1] ?? "";
      const token = new URL(href.replaceAll("&amp;", "&")).searchParams.get("metadata[portal]") ?? "";
      expect(token).not.toBe("");
      const booking = calDelivery("BOOKING_CREATED", {
        email,
        token,
        start: new Date(Date.now() + 7 * 86_400_000),
      });
      const delivered = await proxy.client()("/webhooks/cal", {
        method: "POST",
        headers: { "content-type": "application/json", "x-cal-signature-256": calSignature(booking.body) },
        body: booking.body,
      });
      expect(delivered.status, await delivered.text()).toBe(200);
      await stream.next((frame) => frame.event === "change", 5_000);
    } finally {
      stream.close();
    }
  });

  test("a Stripe and a Cal.com webhook, signed on their raw bytes, are accepted through the proxy", async () => {
    const send = proxy.client();
    const deliver = (path: string, body: string, headers: Record<string, string>) =>
      send(path, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });
    const tamper = (body: string) => body.replace(/"id":"/, '"id":"x');

    const event = signed(stripeEvent("customer.created", { id: "cus_proxy", object: "customer" }));
    const stripe = await deliver("/webhooks/stripe", event.body, { "stripe-signature": event.signature });
    expect(stripe.status).toBe(200);
    expect(await stripe.json()).toMatchObject({ received: true });
    const forged = await deliver("/webhooks/stripe", tamper(event.body), {
      "stripe-signature": event.signature,
    });
    expect(forged.status).toBe(400);

    const booking = calDelivery("BOOKING_CREATED", {
      email: "sofia.alvarez@example.com",
      start: new Date(Date.now() + 3 * 86_400_000),
    });
    const signature = calSignature(booking.body);
    const cal = await deliver("/webhooks/cal", booking.body, { "x-cal-signature-256": signature });
    expect(cal.status, await cal.text()).toBe(200);
    const tamperedBooking = booking.body.replace('"uid":"', '"uid":"x');
    const refused = await deliver("/webhooks/cal", tamperedBooking, { "x-cal-signature-256": signature });
    expect(refused.status).toBe(401);
  });

  test("two clients with different addresses get separate sign-in buckets; X-Forwarded-For does not escape one", async () => {
    const start = (localAddress: string, headers: Record<string, string> = {}) =>
      proxy
        .client(localAddress)("/login", form({ intent: "google", redirectTo: "/dashboard" }, headers))
        .then(async (answer) => {
          await answer.arrayBuffer();
          return answer.status;
        });
    const first: number[] = [];
    for (let i = 0; i < SIGN_IN_LIMIT; i += 1) first.push(await start("127.0.0.2"));
    expect(first).toEqual(Array(SIGN_IN_LIMIT).fill(302));
    expect(await start("127.0.0.2")).toBe(429);
    // nginx writes the address it saw, so the bucket is the same.
    expect(await start("127.0.0.2", { "x-forwarded-for": "203.0.113.9" })).toBe(429);
    expect(await start("127.0.0.2", { forwarded: "for=203.0.113.9" })).toBe(429);
    expect(await start("127.0.0.3")).toBe(302);
  });

  test("a body over the limit, declared or chunked, is refused with 413 and changes nothing", async () => {
    const { session } = await signIn(proxy, "admin@example.com", "127.0.0.10");
    const send = proxy.client("127.0.0.10");
    const search = await send(`/admin/clients?${new URLSearchParams({ q: "daniel.okafor@example.com" })}`, {
      headers: { cookie: session },
    });
    const [daniel] = listedPersonIds(await search.text());
    expect(daniel).toBeDefined();
    const page = `/admin/clients/${daniel}`;
    const activity = (title: string, pad = "") =>
      `${new URLSearchParams({ intent: "add-activity", title, details: "", link: "" })}&pad=${pad}`;
    const headers = { ...browser, cookie: session, "content-type": "application/x-www-form-urlencoded" };

    // So the refusals below are about size alone.
    const within = await send(page, { method: "POST", headers, body: activity("Within the limit") });
    await within.arrayBuffer();
    expect(within.status).toBe(200);

    const declared = await send(page, {
      method: "POST",
      headers,
      body: activity("Declared too large", "a".repeat(LIMIT_BYTES)),
    });
    await declared.arrayBuffer();
    expect(declared.status).toBe(413);

    const chunk = new TextEncoder().encode("a".repeat(65_536));
    let sent = 0;
    const chunked = await send(page, {
      method: "POST",
      headers,
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(activity("Chunked too large")));
        },
        pull(controller) {
          if (sent >= 2 * LIMIT_BYTES) return controller.close();
          sent += chunk.length;
          controller.enqueue(chunk);
        },
      }),
    });
    await chunked.arrayBuffer();
    expect(chunked.status).toBe(413);

    const after = await (await send(page, { headers: { cookie: session } })).text();
    expect(after).toContain("Within the limit");
    expect(after).not.toContain("Declared too large");
    expect(after).not.toContain("Chunked too large");
  });

  test("nginx and the app logged no server error", () => {
    const errors = [site, keyless].flatMap((server) =>
      jsonLines(server.stdout()).filter((line) => typeof line.status === "number" && line.status >= 500),
    );
    expect(errors).toEqual([]);
    // nginx logs a refused body at "error"; only its own failures are worse.
    expect(`${proxy.logs()}${keylessProxy.logs()}`).not.toMatch(/\[(emerg|alert|crit)\]/);
  });
});
