import { beforeAll, expect, test } from "vitest";
import { localSignIn, requestFrom } from "../support/local-sign-in";
import { personIdOf } from "../support/people-list";
import { serversForFile } from "../support/server-file";
import { type RunningServer, startServer } from "../support/server-process";

// docs/SECURITY.md, "Rate limits". The server trusts X-Forwarded-For from loopback, so one machine plays
// several addresses.

const LIMIT = 3;
let server: RunningServer;

serversForFile();
beforeAll(async () => {
  server = await startServer({ env: { MUTATION_RATE_LIMIT: String(LIMIT), SIGN_IN_RATE_LIMIT: "1000" } });
});

let address = 0;
function freshAddress() {
  address += 1;
  return { "x-forwarded-for": `203.0.113.${address}` };
}

function post(path: string, fields: Record<string, string>, headers: Record<string, string>) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });
}

const mayaId = (cookie: string) => personIdOf(server.url, cookie, "maya.chen@example.com");

test("one address over the limit gets 429 with Retry-After; reading and other addresses go on", async () => {
  const from = { "x-forwarded-for": "198.51.100.7" };
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT; i += 1) statuses.push((await post("/auth/sign-out", {}, from)).status);
  expect(statuses.every((status) => status !== 429)).toBe(true);

  const limited = await post("/auth/sign-out", {}, from);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await limited.json()).toEqual({
    error: "Too many changes in a short time. Please wait a minute and try again.",
  });

  expect((await fetch(`${server.url}/pricing`, { headers: from })).status).toBe(200);
  expect((await post("/auth/sign-out", {}, { "x-forwarded-for": "198.51.100.8" })).status).not.toBe(429);
});

test("one person over the limit gets 429 from any address, and the refused change does not happen", async () => {
  const admin = await localSignIn(server.url, "admin@example.com", { localAddress: "127.0.0.2" });
  const id = await mayaId(admin);
  const title = `Rate limit check ${Date.now()}`;
  const add = (n: number) =>
    post(
      `/admin/clients/${id}`,
      { intent: "add-activity", title: `${title} #${n}` },
      { cookie: admin, ...freshAddress() },
    );

  for (let n = 1; n <= LIMIT; n += 1) expect((await add(n)).status).toBe(200);
  const limited = await add(LIMIT + 1);
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);

  const page = await fetch(`${server.url}/admin/clients/${id}`, { headers: { cookie: admin } });
  expect(page.status).toBe(200);
  const html = await page.text();
  for (let n = 1; n <= LIMIT; n += 1) expect(html).toContain(`${title} #${n}`);
  expect(html).not.toContain(`${title} #${LIMIT + 1}`);

  const maya = await localSignIn(server.url, "maya.chen@example.com", { localAddress: "127.0.0.3" });
  expect((await post("/auth/sign-out", {}, { cookie: maya, ...freshAddress() })).status).not.toBe(429);
});

test("the per-person limit counts a change however its URL is spelled (`.data`, `?index`, trailing slash)", async () => {
  // The admin used up their own limit in the test above.
  const coach = await localSignIn(server.url, "coach@example.com", { localAddress: "127.0.0.4" });
  // The limit runs before any action, so an unknown intent still counts.
  const spellings = ["/admin/clients.data", "/admin.data?index", "/admin/clients/", "/ADMIN/clients.data"];
  const statuses: number[] = [];
  for (const path of spellings) {
    const response = await post(path, { intent: "nothing" }, { cookie: coach, ...freshAddress() });
    await response.arrayBuffer();
    statuses.push(response.status);
    if (response.status === 429) expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
  }
  expect(statuses.slice(0, LIMIT).every((status) => status !== 429)).toBe(true);
  expect(statuses.slice(LIMIT)).toEqual(spellings.slice(LIMIT).map(() => 429));
});

test("two clients on different addresses never share a bucket", async () => {
  const from = (localAddress: string) =>
    requestFrom(localAddress, `${server.url}/auth/sign-out`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
  for (let i = 0; i < LIMIT; i += 1) expect((await from("127.0.0.5")).status).not.toBe(429);
  expect((await from("127.0.0.5")).status).toBe(429);
  expect((await from("127.0.0.6")).status).not.toBe(429);
});

test("with TRUST_PROXY=false, a visitor cannot pick their own address with X-Forwarded-For", async () => {
  const trustsNoOne = await startServer({
    env: { MUTATION_RATE_LIMIT: String(LIMIT), TRUST_PROXY: "false" },
  });
  const statuses: number[] = [];
  for (let i = 1; i <= LIMIT + 1; i += 1) {
    const response = await fetch(`${trustsNoOne.url}/auth/sign-out`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `192.0.2.${i}` },
    });
    await response.arrayBuffer();
    statuses.push(response.status);
  }
  expect(statuses.slice(0, LIMIT).every((status) => status !== 429)).toBe(true);
  expect(statuses[LIMIT]).toBe(429);
  await trustsNoOne.stop();
});
