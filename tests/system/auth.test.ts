import { expect, test } from "vitest";
import { cookieFrom, postLocalSignIn } from "../support/local-sign-in";
import { MOCK_CLIENT_ID, MOCK_CLIENT_SECRET, startOidcProvider } from "../support/oidc-provider";
import { signInWithProvider } from "../support/oidc-sign-in";
import { FORWARDED_HEADER_SETS } from "../support/proxy-headers";
import { serversForFile } from "../support/server-file";
import {
  freshDataDir,
  PUBLIC_SITE_ENV,
  runServerExpectingExit,
  startServer,
} from "../support/server-process";

// Sign-in rules that only show on the whole process.

serversForFile();

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

test("binding a network interface decides nothing: local sign-in from this machine, never through a proxy", async () => {
  const server = await startServer({ env: { HOST: "0.0.0.0" } });
  expect((await postLocalSignIn(server.url, "maya.chen@example.com")).status).toBe(302);
  for (const forwarded of FORWARDED_HEADER_SETS) {
    const response = await postLocalSignIn(server.url, "admin@example.com", { headers: forwarded });
    expect(response.status, JSON.stringify(forwarded)).toBe(404);
    expect(response.headers.get("set-cookie")).toBeNull();
    const login = await (await fetch(`${server.url}/login`, { headers: forwarded })).text();
    expect(login).not.toContain("Local sign-in");
  }
  await server.stop();
});

test("a public origin without its sign-in stops at start with one line naming what is missing", async () => {
  const result = await runServerExpectingExit({ HOST: "127.0.0.1", PUBLIC_ORIGIN: "https://coach.example" });
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(
    /^Invalid configuration: AUTH_OIDC_CLIENT_ID, AUTH_OIDC_CLIENT_SECRET, SESSION_SECRET /,
  );
});

test("on a public origin the session cookie is __Host- and Secure, and local sign-in is refused whatever Host says", async () => {
  const provider = await startOidcProvider();
  const server = await startServer({
    env: {
      ...PUBLIC_SITE_ENV,
      AUTH_OIDC_ISSUER: provider.issuer,
      AUTH_OIDC_CLIENT_ID: MOCK_CLIENT_ID,
      AUTH_OIDC_CLIENT_SECRET: MOCK_CLIENT_SECRET,
    },
  });
  try {
    const send = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);
    const { setCookies } = await signInWithProvider(send, { sub: "https-1", email: "coach@example.com" });
    const session = setCookies.find((line) => /^__Host-session=./.test(line)) ?? "";
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; HttpOnly/i);
    expect(session).toMatch(/; SameSite=Lax/i);
    expect(session).toMatch(/; Path=\//);
    for (const line of setCookies) expect(line, line.split("=")[0]).toMatch(/; Secure/i);

    const spellings: Record<string, string>[] = [
      {},
      { host: "localhost" },
      { "x-forwarded-host": "localhost" },
    ];
    for (const headers of spellings) {
      for (const path of ["/login", "/login.data"]) {
        const response = await fetch(`${server.url}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
          body: new URLSearchParams({ intent: "local", email: "admin@example.com" }),
        });
        expect(response.status, `${path} ${JSON.stringify(headers)}`).toBe(404);
        expect(response.headers.get("set-cookie")).toBeNull();
      }
    }
  } finally {
    await server.stop();
    await provider.stop();
  }
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
  expect(await limited.text()).toContain("Too many sign-in attempts. Please wait a minute and try again.");
  const callback = await fetch(`${server.url}/auth/callback?code=x&state=y`, { redirect: "manual" });
  expect(callback.status).toBe(429);
  expect((await fetch(`${server.url}/`)).status).toBe(200);
  expect((await fetch(`${server.url}/login`)).status).toBe(200);
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  await server.stop();
});

test("a class of 30 behind one campus address signs in within a minute at the default limit; a script starting hundreds is refused", async () => {
  const provider = await startOidcProvider();
  const server = await startServer({
    env: {
      AUTH_OIDC_ISSUER: provider.issuer,
      AUTH_OIDC_CLIENT_ID: MOCK_CLIENT_ID,
      AUTH_OIDC_CLIENT_SECRET: MOCK_CLIENT_SECRET,
      SESSION_SECRET: OIDC_ENV.SESSION_SECRET,
    },
  });
  try {
    // TRUST_PROXY's default trusts loopback.
    const campus = (path: string, init: RequestInit = {}) =>
      fetch(`${server.url}${path}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), "x-forwarded-for": "198.51.100.30" },
      });
    for (let student = 1; student <= 30; student += 1) {
      const { session } = await signInWithProvider(campus, {
        sub: `student-${student}`,
        email: `student-${student}@campus.example.edu`,
      });
      expect(session, `student ${student}`).toMatch(/^session=./);
    }

    const script = (path: string) =>
      fetch(`${server.url}${path}`, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.66" },
        body: new URLSearchParams({ intent: "google" }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 200; i += 1) {
      const response = await script("/login");
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(100);
    expect(statuses.slice(0, 30).every((status) => status === 302)).toBe(true);
  } finally {
    await server.stop();
    await provider.stop();
  }
});

// Every spelling the router answers for the same route, each from its own address, must be limited on its own.
const SIGN_IN_STARTS = ["/login", "/login.data", "/login/", "/LOGIN", "/log%69n.data", "/login/.data"];
const CALLBACKS = ["/auth/callback", "/auth/callback.data", "/auth/callback/", "/AUTH/callback.data"];

test("every spelling of a sign-in start or callback counts against the limit", async () => {
  const limit = 3;
  const server = await startServer({ env: { SIGN_IN_RATE_LIMIT: String(limit) } });
  const send = (path: string, address: number, method: "GET" | "POST") =>
    fetch(`${server.url}${path}${method === "GET" ? "?code=x&state=y" : ""}`, {
      method,
      redirect: "manual",
      headers: {
        "x-forwarded-for": `198.51.100.${address}`,
        ...(method === "POST" ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: method === "POST" ? new URLSearchParams({ intent: "google" }) : undefined,
    });
  const attempts = [
    ...SIGN_IN_STARTS.map((path) => ({ path, method: "POST" as const })),
    ...CALLBACKS.map((path) => ({ path, method: "GET" as const })),
  ];
  for (const [index, { path, method }] of attempts.entries()) {
    const answers: number[] = [];
    for (let i = 0; i < limit; i += 1) {
      const response = await send(path, index + 1, method);
      await response.arrayBuffer();
      answers.push(response.status);
    }
    expect(
      answers.every((status) => status === 302 || status === 202),
      `${method} ${path}: ${answers}`,
    ).toBe(true);
    const limited = await send(path, index + 1, method);
    expect(limited.status, `${method} ${path}`).toBe(429);
    expect(Number(limited.headers.get("retry-after")), `${method} ${path}`).toBeGreaterThan(0);
  }
  await server.stop();
});

test("the login page says only its own sentences, never words from its URL", async () => {
  const server = await startServer();
  const alertOf = async (query: string) => {
    const html = await (await fetch(`${server.url}/login?${query}`)).text();
    return /role="alert"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;
  };
  const planted = "Your account is locked. Call +1 555 0100 now";
  expect(await alertOf(new URLSearchParams({ error: "signin_failed", message: planted }).toString())).toBe(
    "Sign-in failed. Please try again.",
  );
  expect(await alertOf(new URLSearchParams({ error: planted }).toString())).toBe(
    "Sign-in failed. Please try again.",
  );
  expect(await alertOf("error=cancelled")).toBe("Sign-in was cancelled.");
  expect(await alertOf("error=toString")).toBe("Sign-in failed. Please try again.");
  expect(await alertOf("")).toBeNull();
  await server.stop();
});
