import { afterAll, beforeAll, expect, test } from "vitest";
import { cookieFrom, postLocalSignIn } from "../support/local-sign-in";
import { assertBuilt, freshDataDir, startServer, stopAllServers } from "../support/server-process";

// Sign-in rules that only show on the whole process: local sign-in's limits, sessions across a
// restart, the rate limit and the cookie's flags.

beforeAll(() => assertBuilt());
afterAll(() => stopAllServers());

const OIDC_ENV = {
  AUTH_OIDC_ISSUER: "http://127.0.0.1:9",
  AUTH_OIDC_CLIENT_ID: "client",
  AUTH_OIDC_CLIENT_SECRET: "secret",
  SESSION_SECRET: "system-test-session-secret-0123456789abcdef",
};

test("local sign-in goes through sessions that survive a restart", async () => {
  const dataDir = freshDataDir();
  let server = await startServer({ dataDir });
  const signedIn = await postLocalSignIn(server.url, "maya.chen@example.com", { redirectTo: "/lessons" });
  expect(signedIn.status).toBe(302);
  expect(signedIn.headers.get("location")).toBe("/lessons");
  const cookie = cookieFrom(signedIn);
  expect(cookie).toMatch(/^session=/);

  const before = await fetch(`${server.url}/dashboard`, { headers: { cookie }, redirect: "manual" });
  expect(before.status).toBe(200);
  expect(await before.text()).toContain("Maya Chen");

  expect((await server.stop()).code).toBe(0);
  server = await startServer({ dataDir });
  const after = await fetch(`${server.url}/dashboard`, { headers: { cookie }, redirect: "manual" });
  expect(after.status).toBe(200);
  expect(await after.text()).toContain("Maya Chen");
  const session = (await (await fetch(`${server.url}/auth/session`, { headers: { cookie } })).json()) as {
    viewer: { email: string; role: string } | null;
  };
  expect(session.viewer).toMatchObject({ email: "maya.chen@example.com", role: "client" });
  await server.stop();
});

test("local sign-in is impossible once an OIDC client is configured", async () => {
  const server = await startServer({ env: OIDC_ENV });
  const response = await postLocalSignIn(server.url, "admin@example.com");
  expect(response.status).toBe(404);
  expect(response.headers.get("set-cookie")).toBeNull();
  const login = await (await fetch(`${server.url}/login`)).text();
  expect(login).toContain("Continue with Google");
  expect(login).not.toContain("Local sign-in");
  await server.stop();
});

test("local sign-in is impossible when the server binds a non-loopback interface", async () => {
  const server = await startServer({ env: { HOST: "0.0.0.0" } });
  const response = await postLocalSignIn(server.url, "admin@example.com");
  expect(response.status).toBe(404);
  expect(response.headers.get("set-cookie")).toBeNull();
  await server.stop();
});

test("the session cookie is __Host- and Secure when the site is served over https", async () => {
  const server = await startServer({ env: { PUBLIC_ORIGIN: "https://coach.example" } });
  const response = await postLocalSignIn(server.url, "coach@example.com");
  const setCookie = response.headers.get("set-cookie") ?? "";
  expect(setCookie).toMatch(/^__Host-session=/);
  expect(setCookie).toMatch(/; Secure/i);
  expect(setCookie).toMatch(/; HttpOnly/i);
  expect(setCookie).toMatch(/; SameSite=Lax/i);
  expect(setCookie).toMatch(/; Path=\//);
  await server.stop();
});

test("a burst of sign-in attempts gets 429 with Retry-After, and the site keeps answering", async () => {
  const server = await startServer({ env: { SIGN_IN_RATE_LIMIT: "3" } });
  const statuses: number[] = [];
  for (let i = 0; i < 3; i += 1)
    statuses.push((await postLocalSignIn(server.url, "lead@example.org")).status);
  expect(statuses).toEqual([302, 302, 302]);
  const limited = await postLocalSignIn(server.url, "lead@example.org");
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
  const callback = await fetch(`${server.url}/auth/callback?code=x&state=y`, { redirect: "manual" });
  expect(callback.status).toBe(429);
  // Everyone and everything else is still served.
  expect((await fetch(`${server.url}/`)).status).toBe(200);
  expect((await fetch(`${server.url}/login`)).status).toBe(200);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  await server.stop();
});
