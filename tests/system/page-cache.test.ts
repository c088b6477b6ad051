import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { localSignIn } from "../support/local-sign-in";
import { listedPersonIds } from "../support/people-list";
import { assertBuilt, type RunningServer, startServer, stopAllServers } from "../support/server-process";
import { startTwoProcesses, twoProcessesUnavailable } from "../support/two-processes";

// Rendered pages remembered per visitor (docs/decisions/0020-page-cache.md), against the built server:
// a page is answered from memory only to the same cookies, with a fresh nonce each time, and never
// after anything it shows changed — on this process at once, on another through LISTEN/NOTIFY.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Page = { status: number; hit: boolean; html: string; nonce: string | null; location: string | null };

async function load(url: string, cookie: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(url, { headers: { cookie, ...headers }, redirect: "manual" });
  const html = await response.text();
  const csp = response.headers.get("content-security-policy") ?? "";
  return {
    status: response.status,
    hit: response.headers.get("x-cache") === "hit",
    html,
    nonce: /'nonce-([^']+)'/.exec(csp)?.[1] ?? null,
    location: response.headers.get("location"),
  };
}

/** Loads until the page comes from memory (the first load renders and remembers it). */
async function loadRemembered(url: string, cookie: string, headers: Record<string, string> = {}) {
  await load(url, cookie, headers);
  const page = await load(url, cookie, headers);
  expect(page.hit, `${url} answered from memory`).toBe(true);
  return page;
}

function post(url: string, cookie: string, fields: Record<string, string>) {
  return fetch(url, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie },
    body: new URLSearchParams(fields),
  }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });
}

async function clientId(server: RunningServer, adminCookie: string, email: string): Promise<string> {
  const list = await load(
    `${server.url}/admin/clients?filter=all&q=${encodeURIComponent(email)}`,
    adminCookie,
  );
  const ids = listedPersonIds(list.html);
  expect(ids).toHaveLength(1);
  return ids[0] as string;
}

describe("the page cache on one process (embedded database)", () => {
  let server: RunningServer;
  const cookies = { admin: "", daniel: "", maya: "" };

  beforeAll(async () => {
    assertBuilt();
    server = await startServer();
    cookies.admin = await localSignIn(server.url, "admin@example.com");
    cookies.daniel = await localSignIn(server.url, "daniel.okafor@example.com");
    cookies.maya = await localSignIn(server.url, "maya.chen@example.com");
  });

  afterAll(async () => {
    await stopAllServers();
  });

  test("a remembered page is the rendered one with this response's own nonce in every place", async () => {
    const url = `${server.url}/dashboard`;
    const rendered = await load(url, cookies.daniel);
    expect(rendered.status).toBe(200);
    const remembered = await load(url, cookies.daniel);
    expect(remembered.hit).toBe(true);
    expect(remembered.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(remembered.nonce).not.toBe(rendered.nonce);
    const nonces = [...remembered.html.matchAll(/ nonce="([^"]*)"/g)].map((m) => m[1]);
    expect(nonces.length).toBeGreaterThan(5);
    expect(new Set(nonces)).toEqual(new Set([remembered.nonce]));
    // Byte for byte the rendered page, but for the nonce.
    expect(remembered.html.replaceAll(remembered.nonce as string, rendered.nonce as string)).toBe(
      rendered.html,
    );
    expect(remembered.html).toContain("Welcome back, Daniel");

    // Gzip for a browser, plain for a client that takes no compression: the same page.
    const gzipped = await fetch(url, { headers: { cookie: cookies.daniel, "accept-encoding": "gzip, br" } });
    expect(gzipped.headers.get("x-cache")).toBe("hit");
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    const plain = await fetch(url, { headers: { cookie: cookies.daniel, "accept-encoding": "identity" } });
    expect(plain.headers.get("x-cache")).toBe("hit");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const nonceOf = (response: Response) =>
      /'nonce-([^']+)'/.exec(response.headers.get("content-security-policy") ?? "")?.[1] as string;
    expect((await gzipped.text()).replaceAll(nonceOf(gzipped), "N")).toBe(
      (await plain.text()).replaceAll(nonceOf(plain), "N"),
    );
  });

  test("a page is only ever answered to the cookies it was rendered for", async () => {
    await loadRemembered(`${server.url}/dashboard`, cookies.daniel);
    const maya = await load(`${server.url}/dashboard`, cookies.maya);
    expect(maya.hit).toBe(false);
    expect(maya.html).toContain("Welcome back, Maya");
    expect(maya.html).not.toContain("Daniel");
    // The theme cookie is part of the page too.
    const light = await load(`${server.url}/dashboard`, `${cookies.daniel}; theme=light`);
    expect(light.hit).toBe(false);
    expect(light.html).toContain('data-theme="light"');
    // Signed out, the same path is a redirect, never someone's page.
    const visitor = await load(`${server.url}/dashboard`, "");
    expect(visitor.status).toBe(302);
  });

  test("a change made here shows on the very next load of every page that shows it", async () => {
    const danielId = await clientId(server, cookies.admin, "daniel.okafor@example.com");
    await loadRemembered(`${server.url}/dashboard`, cookies.daniel);
    const detail = `${server.url}/admin/clients/${danielId}`;
    await loadRemembered(detail, cookies.admin);

    const title = `Mock interview debrief ${randomBytes(4).toString("hex")}`;
    expect(await post(detail, cookies.admin, { intent: "add-activity", title })).toBe(200);

    const dashboard = await load(`${server.url}/dashboard`, cookies.daniel);
    expect(dashboard.hit).toBe(false);
    expect(dashboard.html).toContain(title);
    const admin = await load(detail, cookies.admin);
    expect(admin.hit).toBe(false);
    expect(admin.html).toContain(title);
  });

  test("a sign-out ends the remembered pages of that session at once", async () => {
    const cookie = await localSignIn(server.url, "maya.chen@example.com");
    await loadRemembered(`${server.url}/lessons`, cookie);
    const out = await fetch(`${server.url}/auth/sign-out`, {
      method: "POST",
      headers: { cookie, accept: "application/json" },
    });
    await out.arrayBuffer();
    expect(out.status).toBe(200);
    const after = await load(`${server.url}/lessons`, cookie);
    expect(after.status).toBe(302);
    expect(after.location).toMatch(/^\/login/);
    cookies.maya = await localSignIn(server.url, "maya.chen@example.com");
  });

  test("a lead's remembered demo gives way to their own dashboard once the coach converts them", async () => {
    const email = `lead-${randomBytes(4).toString("hex")}@example.com`;
    const lead = await localSignIn(server.url, email);
    const demo = await loadRemembered(`${server.url}/dashboard`, lead);
    expect(demo.html).toContain('aria-label="Demo"');

    const id = await clientId(server, cookies.admin, email);
    expect(await post(`${server.url}/admin/clients`, cookies.admin, { id })).toBe(200);
    const own = await load(`${server.url}/dashboard`, lead);
    expect(own.hit).toBe(false);
    expect(own.html).not.toContain('aria-label="Demo"');
  });

  test("what is not a whole page is never remembered: redirects, errors, data requests", async () => {
    for (let i = 0; i < 2; i++) {
      expect((await load(`${server.url}/no-such-page`, cookies.daniel)).hit).toBe(false);
      expect((await load(`${server.url}/admin`, cookies.daniel)).hit).toBe(false);
      expect((await load(`${server.url}/dashboard.data`, cookies.daniel)).hit).toBe(false);
      expect((await load(`${server.url}/login`, cookies.daniel)).hit).toBe(false);
    }
  });

  test("a visitor's page is remembered per country the proxy reports", async () => {
    const canada = await loadRemembered(`${server.url}/pricing`, "", { "cf-ipcountry": "CA" });
    const states = await loadRemembered(`${server.url}/pricing`, "", { "cf-ipcountry": "US" });
    // The page's currency radio is checked for the visitor's currency (HTML-first page: no loader data).
    expect(canada.html).toMatch(/name="currency" checked="" value="CAD"/);
    expect(states.html).toMatch(/name="currency" checked="" value="USD"/);
  });
});

const skipReason = await twoProcessesUnavailable("the two-process page-cache tests");

describe.skipIf(Boolean(skipReason))("the page cache on two processes sharing PostgreSQL", () => {
  let servers: Awaited<ReturnType<typeof startTwoProcesses>> | undefined;
  let a: RunningServer;
  let b: RunningServer;

  beforeAll(async () => {
    servers = await startTwoProcesses("pagecache");
    ({ a, b } = servers);
  });

  afterAll(() => servers?.stop());

  /** Loads `url` on a process until `seen` holds, for at most 2 s; resolves to the last page. */
  async function until(url: string, cookie: string, seen: (page: Page) => boolean): Promise<Page> {
    const deadline = performance.now() + 2_000;
    let page = await load(url, cookie);
    while (!seen(page) && performance.now() < deadline) {
      await sleep(25);
      page = await load(url, cookie);
    }
    return page;
  }

  test("a change through one process drops the other's remembered pages within 2 s", async () => {
    const adminOnB = await localSignIn(b.url, "admin@example.com");
    const danielOnA = await localSignIn(a.url, "daniel.okafor@example.com");
    const adminOnA = await localSignIn(a.url, "admin@example.com");
    const danielId = await clientId(b, adminOnB, "daniel.okafor@example.com");
    await loadRemembered(`${a.url}/dashboard`, danielOnA);

    const title = `Offer negotiation call ${randomBytes(4).toString("hex")}`;
    expect(
      await post(`${b.url}/admin/clients/${danielId}`, adminOnB, { intent: "add-activity", title }),
    ).toBe(200);
    const dashboard = await until(`${a.url}/dashboard`, danielOnA, (page) => page.html.includes(title));
    expect(dashboard.html).toContain(title);

    // A first sign-in through B (a new lead) shows in the coach's remembered list on A.
    const leads = `${a.url}/admin/clients?filter=leads`;
    await loadRemembered(leads, adminOnA);
    const email = `new-lead-${randomBytes(4).toString("hex")}@example.com`;
    await localSignIn(b.url, email);
    expect((await until(leads, adminOnA, (page) => page.html.includes(email))).html).toContain(email);
  });
});
