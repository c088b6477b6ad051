import { createHash } from "node:crypto";
import { beforeAll, expect, test } from "vitest";
import { PRERENDERED_PATHS } from "~/content/prerender";
import { WHY_PREMIUM_VIDEO } from "~/content/pricing";
import { externalOrigins } from "~/content/settings";
import { localSignIn } from "../support/local-sign-in";
import { listedPersonIds } from "../support/people-list";
import { serversForFile } from "../support/server-file";
import { PUBLIC_SITE_ENV, type RunningServer, startServer } from "../support/server-process";

// docs/SECURITY.md, "Content-Security-Policy and headers".

let server: RunningServer;
let cookie = "";

serversForFile();
beforeAll(async () => {
  server = await startServer();
  cookie = await localSignIn(server.url, "admin@example.com", { redirectTo: "/admin" });
});

async function leadsOnPage() {
  const html = await (
    await fetch(`${server.url}/admin/clients?filter=leads`, { headers: { cookie } })
  ).text();
  return (html.match(/>Convert to client</g) ?? []).length;
}

async function firstLeadId() {
  const html = await (
    await fetch(`${server.url}/admin/clients?filter=leads`, { headers: { cookie } })
  ).text();
  const [id] = listedPersonIds(html);
  if (!id) throw new Error("no lead on the page");
  return id;
}

function convert(id: string, headers: Record<string, string>) {
  return fetch(`${server.url}/admin/clients`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    body: new URLSearchParams({ id }),
  });
}

test("pages carry nosniff, a referrer policy, no framing and a permissions policy", async () => {
  for (const path of ["/", "/pricing", "/login", "/healthz"]) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("x-powered-by")).toBeNull();
    // Over http here: HSTS would be ignored, and wrong on a plain-http test host.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  }
});

// Content-Security-Policy (docs/decisions/0017-content-security-policy.md) ---------------------------

function cspOf(response: Response): Map<string, string[]> {
  const header = response.headers.get("content-security-policy");
  expect(header, `a Content-Security-Policy on ${response.url}`).toBeTruthy();
  const directives = new Map<string, string[]>();
  for (const part of (header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), sources);
  }
  return directives;
}

type InlineScript = { attributes: string; text: string };

function executableInlineScripts(html: string): InlineScript[] {
  const scripts: InlineScript[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attributes = "", text = ""] = match;
    if (/\ssrc=/.test(attributes)) continue;
    const type = attributes.match(/\stype="([^"]*)"/)?.[1];
    if (type !== undefined && type !== "module") continue;
    scripts.push({ attributes, text });
  }
  return scripts;
}

const sha256Source = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

function expectCommonDirectives(csp: Map<string, string[]>) {
  expect(csp.get("default-src")).toEqual(["'self'"]);
  expect(csp.get("object-src")).toEqual(["'none'"]);
  expect(csp.get("base-uri")).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  expect(csp.get("img-src")).toEqual(["'self'", "data:"]);
  expect(csp.get("font-src")).toEqual(["'self'"]);
  expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
  for (const sources of csp.values()) expect(sources).not.toContain("'unsafe-eval'");
  const embeds = externalOrigins();
  expect(embeds.length).toBeGreaterThan(0);
  expect(csp.get("frame-src")).toEqual(
    expect.arrayContaining([...embeds, new URL(WHY_PREMIUM_VIDEO.embedUrl).origin]),
  );
  expect(csp.get("connect-src")).toEqual(["'self'"]);
  expect(csp.get("form-action")?.[0]).toBe("'self'");
  // Over http here: upgrading would break the site.
  expect(csp.has("upgrade-insecure-requests")).toBe(false);
}

test("a server-rendered page's inline scripts all carry the nonce its policy names, new on every response", async () => {
  // /pricing is rendered per request for a signed-in visitor (tests/system/pricing-variants.test.ts: the others).
  for (const [path, headers] of [
    ["/pricing", { cookie }],
    ["/login", {}],
    ["/no-such-page", {}],
  ] as const) {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${server.url}${path}`, { headers });
      const csp = cspOf(response);
      expectCommonDirectives(csp);
      const scriptSrc = csp.get("script-src") ?? [];
      expect(scriptSrc, path).toHaveLength(2);
      expect(scriptSrc[1], path).toBe("'strict-dynamic'");
      const nonce = scriptSrc[0]?.match(/^'nonce-([A-Za-z0-9+/]{22}==)'$/)?.[1];
      expect(nonce, `${path}: ${scriptSrc[0]}`).toBeDefined();
      nonces.push(nonce ?? "");

      const html = await response.text();
      const scripts = executableInlineScripts(html);
      // The public pages are HTML-first: their other scripts are modules from /assets, checked below.
      expect(scripts.length, path).toBeGreaterThanOrEqual(1);
      for (const script of scripts) {
        expect(script.attributes, `${path}: <script${script.attributes}>`).toContain(`nonce="${nonce}"`);
      }
      const modules = html.match(/<script\b[^>]*\bsrc="[^"]*"[^>]*>/g) ?? [];
      if (path !== "/no-such-page")
        expect(modules.length, `${path}: module scripts`).toBeGreaterThanOrEqual(1);
      for (const module of modules) expect(module, path).toContain(`nonce="${nonce}"`);
      for (const preload of html.match(/<link rel="modulepreload"[^>]*>/g) ?? []) {
        expect(preload, path).toContain(`nonce="${nonce}"`);
      }
      const all = new Set([...html.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]));
      expect([...all], path).toEqual([nonce]);
    }
    expect(nonces[0], path).not.toBe(nonces[1]);
  }
});

test("a pre-rendered page's policy lists the sha256 of each of its inline scripts, and the page has no nonce", async () => {
  for (const path of PRERENDERED_PATHS) {
    const response = await fetch(`${server.url}${path}`);
    expect(response.status, path).toBe(200);
    const csp = cspOf(response);
    expectCommonDirectives(csp);
    const html = await response.text();
    const scripts = executableInlineScripts(html);
    expect(scripts.length, path).toBeGreaterThanOrEqual(1);
    expect(html, path).toMatch(/<script type="module" src="\/assets\//);
    const scriptSrc = csp.get("script-src") ?? [];
    for (const script of scripts) expect(scriptSrc, path).toContain(sha256Source(script.text));
    const expected = new Set(["'self'", ...scripts.map((script) => sha256Source(script.text))]);
    expect(new Set(scriptSrc), path).toEqual(expected);
    expect(html, path).not.toMatch(/\snonce=/);
    // The same file for everyone: the same policy on the next request.
    const again = cspOf(await fetch(`${server.url}${path}`));
    expect(again.get("script-src"), path).toEqual(scriptSrc);
  }
});

test("a script not in the page is not allowed by the pre-rendered policy", async () => {
  const csp = cspOf(await fetch(`${server.url}/`));
  expect(csp.get("script-src")).not.toContain(sha256Source("alert(1)"));
  expect(csp.get("script-src")?.some((source) => source.startsWith("'nonce-"))).toBe(false);
});

test("with a sign-in provider and an https origin, forms may lead to the provider and requests are upgraded", async () => {
  const withProvider = await startServer({ env: PUBLIC_SITE_ENV });
  for (const path of ["/", "/login"]) {
    const response = await fetch(`${withProvider.url}${path}`);
    const csp = cspOf(response);
    // CSP checks a form's redirects too.
    expect(csp.get("form-action"), path).toEqual(["'self'", "https://accounts.provider.example"]);
    expect(csp.get("upgrade-insecure-requests"), path).toEqual([]);
    expect(response.headers.get("strict-transport-security"), path).toContain("max-age=");
  }
  await withProvider.stop();
});

test("without a sign-in provider, forms may only post to the site", async () => {
  const csp = cspOf(await fetch(`${server.url}/login`));
  expect(csp.get("form-action")).toEqual(["'self'"]);
});

test("a state-changing request from another site is refused with 403 and changes nothing", async () => {
  const before = await leadsOnPage();
  expect(before).toBeGreaterThan(0);
  const id = await firstLeadId();
  const foreign: Record<string, string>[] = [
    { origin: "https://evil.example" },
    { "sec-fetch-site": "cross-site" },
    { "sec-fetch-site": "same-site", origin: "https://sub.coach.example" },
    { origin: "null" },
  ];
  for (const headers of foreign) {
    const response = await convert(id, headers);
    expect(response.status, JSON.stringify(headers)).toBe(403);
    expect(await response.json()).toEqual({ error: "Cross-site requests are not allowed." });
  }
  expect(await leadsOnPage()).toBe(before);
});

test("the same request from the site itself goes through", async () => {
  const before = await leadsOnPage();
  const id = await firstLeadId();
  const response = await convert(id, { origin: server.url, "sec-fetch-site": "same-origin" });
  expect([200, 204]).toContain(response.status);
  expect(await leadsOnPage()).toBe(before - 1);
});

test("reading is never refused for its origin", async () => {
  const response = await fetch(`${server.url}/pricing`, { headers: { "sec-fetch-site": "cross-site" } });
  expect(response.status).toBe(200);
});

test("a change declaring a body over 1 MB is refused with 413 before anything reads it, wherever it is sent", async () => {
  const before = await leadsOnPage();
  const id = await firstLeadId();
  const huge = `id=${id}&padding=${"x".repeat(2 * 1_048_576)}`;
  for (const path of ["/admin/clients", "/about", "/no-such-page"]) {
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: server.url },
      body: huge,
    });
    expect(response.status, path).toBe(413);
    expect(await response.json()).toEqual({ error: "The form is too large (at most 1 MB)." });
  }
  expect(await leadsOnPage()).toBe(before);
  expect((await fetch(`${server.url}/pricing`)).status).toBe(200);
});

test("a refused plain form post (no JavaScript) shows the refusal's own message on the error page", async () => {
  const fields = new URLSearchParams();
  for (let i = 0; i < 101; i += 1) fields.append(`f${i}`, "x");
  const response = await fetch(`${server.url}/admin/clients`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: server.url },
    body: fields,
  });
  expect(response.status).toBe(400);
  expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  expect(await response.text()).toContain("The form has too many fields (at most 100).");
});
