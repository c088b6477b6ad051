import { createHash } from "node:crypto";
import { beforeAll, describe, expect, test } from "vitest";
import { localSignIn, requestFrom } from "../support/local-sign-in";
import { serversForFile } from "../support/server-file";
import { type RunningServer, startServer } from "../support/server-process";

// /pricing for a visitor without a session is one of a few documents rendered once per process and kept
// (docs/decisions/0041-pricing-per-currency.md); the currency rules stay docs/decisions/0011-pricing.md's.

let server: RunningServer;
let admin = "";
let client = "";

serversForFile();
beforeAll(async () => {
  server = await startServer();
  admin = await localSignIn(server.url, "admin@example.com", { redirectTo: "/admin" });
  client = await localSignIn(server.url, "daniel.okafor@example.com");
});

function get(headers: Record<string, string> = {}, method = "GET") {
  return fetch(`${server.url}/pricing`, { method, headers: { "accept-encoding": "identity", ...headers } });
}

/** The radio the server checked: the currency in the first byte. Null: "Loading prices…" until the browser knows. */
function serverCurrency(html: string): string | null {
  const checked = [...html.matchAll(/<input[^>]*name="currency"[^>]*>/g)]
    .map(([input]) => input)
    .filter((input) => /\schecked=""/.test(input));
  expect(checked.length).toBeLessThanOrEqual(1);
  const value = checked[0]?.match(/value="([A-Z]{3})"/)?.[1] ?? null;
  expect(html.includes("Loading prices…"), "the loading line exactly when nothing is known").toBe(
    value === null,
  );
  return value;
}

/** What the header says of who is there, from the server's HTML. */
function headerLinks(html: string) {
  const nav = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
  return {
    clientPortal: />Client Portal</.test(nav),
    dashboard: />Dashboard</.test(nav),
    admin: />Admin</.test(nav),
    signOut: />Sign out</.test(nav),
  };
}

const SIGNED_OUT = { clientPortal: true, dashboard: false, admin: false, signOut: false };

function scriptSources(response: Response): string[] {
  const policy = response.headers.get("content-security-policy") ?? "";
  const directive = policy.split(";").find((part) => part.trim().startsWith("script-src "));
  return directive?.trim().split(/\s+/).slice(1) ?? [];
}

function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(
      ([, attributes = ""]) =>
        !/\ssrc=/.test(attributes) && !/\stype="application\/ld\+json"/.test(attributes),
    )
    .map(([, , text = ""]) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`);
}

const CASES: { name: string; headers: Record<string, string>; currency: string | null }[] = [
  { name: "a currency=CAD cookie", headers: { cookie: "currency=CAD" }, currency: "CAD" },
  { name: "a currency=USD cookie", headers: { cookie: "currency=USD" }, currency: "USD" },
  { name: "a proxy's Canada (CF-IPCountry: CA)", headers: { "cf-ipcountry": "CA" }, currency: "CAD" },
  { name: "Canada from another proxy's header", headers: { "x-vercel-ip-country": "CA" }, currency: "CAD" },
  { name: "another country (CF-IPCountry: FR)", headers: { "cf-ipcountry": "FR" }, currency: "USD" },
  { name: "an unknown country (XX)", headers: { "cf-ipcountry": "XX" }, currency: null },
  { name: "nothing", headers: {}, currency: null },
  { name: "an invalid cookie (currency=EUR)", headers: { cookie: "currency=EUR" }, currency: null },
  {
    name: "an invalid cookie and Canada",
    headers: { cookie: "currency=eur", "cf-ipcountry": "CA" },
    currency: "CAD",
  },
  {
    name: "a USD cookie from Canada (the visitor's choice first)",
    headers: { cookie: "currency=USD", "cf-ipcountry": "CA" },
    currency: "USD",
  },
  {
    name: "a CAD cookie among others",
    headers: { cookie: "theme=light; currency=CAD; other=1" },
    currency: "CAD",
  },
];

describe("without a session cookie, the kept document for the visitor's currency", () => {
  for (const { name, headers, currency } of CASES) {
    test(`${name}: ${currency ?? "nothing known (Loading prices…)"}, signed-out header, scripts allowed by hash`, async () => {
      const response = await get(headers);
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(serverCurrency(html)).toBe(currency);
      expect(headerLinks(html)).toEqual(SIGNED_OUT);

      expect(response.headers.get("cache-control")).toBe("private, no-cache");
      const vary = (response.headers.get("vary") ?? "").split(/,\s*/);
      for (const header of [
        "Cookie",
        "CF-IPCountry",
        "X-Vercel-IP-Country",
        "CloudFront-Viewer-Country",
        "X-Country-Code",
        "Accept-Encoding",
      ])
        expect(vary).toContain(header);
      expect(response.headers.get("etag")).toMatch(/^"[\w-]+"$/);

      expect(html).not.toMatch(/\snonce=/);
      const hashes = inlineScriptHashes(html);
      expect(hashes.length).toBeGreaterThanOrEqual(1);
      expect(new Set(scriptSources(response))).toEqual(new Set(["'self'", ...hashes]));
      expect(html).toMatch(/<script type="module" src="\/assets\//);
    });
  }

  test("is what the app renders for the same visitor, byte for byte but the nonce", async () => {
    for (const { name, headers } of CASES) {
      const kept = await (await get(headers)).text();
      // Any session cookie, even one that names no session, has the page rendered for the request.
      const cookie = headers.cookie ? `${headers.cookie}; session=nobody` : "session=nobody";
      const rendered = await get({ ...headers, cookie });
      expect(scriptSources(rendered)[0], name).toMatch(/^'nonce-/);
      expect(kept, name).toBe((await rendered.text()).replace(/ nonce="[^"]*"/g, ""));
    }
  });

  test("the theme cookie is kept as a rendered page keeps it", async () => {
    const light = await (await get({ cookie: "theme=light; currency=CAD" })).text();
    expect(light).toMatch(/<html lang="en" class="" data-theme="light"/);
    const dark = await (await get({ cookie: "currency=CAD" })).text();
    expect(dark).toMatch(/<html lang="en" class="dark" data-theme="dark"/);
  });

  test("each variant has its own validator: a 304 for the same one, the page for another", async () => {
    const etag = (await get({ cookie: "currency=CAD" })).headers.get("etag") ?? "";
    // Through node:http: fetch adds `Cache-Control: no-cache` to a conditional request.
    const conditional = (headers: Record<string, string>) =>
      requestFrom("127.0.0.1", `${server.url}/pricing`, { headers: { ...headers, "if-none-match": etag } });
    expect((await conditional({ cookie: "currency=CAD" })).status).toBe(304);
    expect((await conditional({ "cf-ipcountry": "CA" })).status).toBe(304);
    const usd = await conditional({ cookie: "currency=USD" });
    expect(usd.status).toBe(200);
    expect(usd.headers.get("etag")).not.toBe(etag);
    expect((await conditional({})).status).toBe(200);
    expect((await conditional({ cookie: `${admin}; currency=CAD` })).status, "rendered for the admin").toBe(
      200,
    );
  });

  test("HEAD answers the same headers and no body", async () => {
    const head = await get({ cookie: "currency=CAD" }, "HEAD");
    const full = await get({ cookie: "currency=CAD" });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe("");
    for (const name of [
      "content-type",
      "content-length",
      "etag",
      "cache-control",
      "vary",
      "content-security-policy",
    ])
      expect(head.headers.get(name), name).toBe(full.headers.get(name));
  });

  test("goes out gzipped when asked, the same page", async () => {
    const plain = await (await get({ cookie: "currency=CAD" })).text();
    // fetch decodes the body and keeps the header.
    const response = await get({ cookie: "currency=CAD", "accept-encoding": "gzip" });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("etag")).toMatch(/-gzip"$/);
    expect(await response.text()).toBe(plain);
  });
});

describe("with a session cookie, the page is rendered for the visitor", () => {
  test("an admin sees their links, in the currency of their cookie, with this response's nonce", async () => {
    for (const [currency, headers] of [
      ["CAD", { cookie: `${admin}; currency=CAD` }],
      ["USD", { cookie: admin, "cf-ipcountry": "FR" }],
      [null, { cookie: admin }],
    ] as const) {
      const response = await get(headers);
      const html = await response.text();
      expect(serverCurrency(html)).toBe(currency);
      expect(headerLinks(html)).toEqual({
        clientPortal: false,
        dashboard: false,
        admin: true,
        signOut: true,
      });
      const nonce = scriptSources(response)[0]?.match(/^'nonce-(.+)'$/)?.[1];
      expect(nonce).toBeDefined();
      expect(html).toContain(`nonce="${nonce}"`);
      expect(response.headers.get("cache-control")).toBe("private, no-cache");
      expect(response.headers.get("vary")).toMatch(/\bCookie\b/);
      expect(response.headers.get("etag")).toBeNull();
    }
  });

  test("a client sees their Dashboard link and Sign out", async () => {
    const html = await (await get({ cookie: `${client}; currency=USD` })).text();
    expect(serverCurrency(html)).toBe("USD");
    expect(headerLinks(html)).toEqual({ clientPortal: false, dashboard: true, admin: false, signOut: true });
  });

  test("two renders carry two nonces: nothing of one visitor's page is kept for another", async () => {
    const nonces = new Set<string | undefined>();
    for (let i = 0; i < 2; i += 1) nonces.add(scriptSources(await get({ cookie: admin }))[0]);
    expect(nonces.size).toBe(2);
  });
});
