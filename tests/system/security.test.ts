import { afterAll, beforeAll, expect, test } from "vitest";
import { assertBuilt, type RunningServer, startServer, stopAllServers } from "../support/server-process";

// Response headers, and the same-site rule for state-changing requests: a foreign Origin or
// Sec-Fetch-Site is refused with 403 before any action runs, even with a valid session.

let server: RunningServer;
let cookie = "";

beforeAll(async () => {
  assertBuilt();
  server = await startServer();
  const signedIn = await fetch(`${server.url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "local", email: "admin@example.com", redirectTo: "/admin" }),
  });
  cookie = (signedIn.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
  expect(cookie).toMatch(/^session=/);
});
afterAll(() => stopAllServers());

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
  const id = html.match(/\/admin\/clients\/([0-9a-f-]{36})/)?.[1];
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
    // Served over http here: no HSTS (it would be ignored, and wrong on a plain-http test host).
    expect(response.headers.get("strict-transport-security")).toBeNull();
  }
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
