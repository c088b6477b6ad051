import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { openDatabase } from "~/server/db.server";
import { homework, lessons, profiles, serviceUsage } from "~/server/schema";
import { serversForFile } from "../support/server-file";
import {
  freshDataDir,
  health,
  jsonLines,
  type RunningServer,
  runServerExpectingExit,
  startServer,
  waitFor,
} from "../support/server-process";

serversForFile();

const requestLines = (server: RunningServer) => jsonLines(server.stdout()).filter((line) => "method" in line);
const messages = (server: RunningServer) => jsonLines(server.stdout()).map((line) => line.msg);

describe("on a fresh data folder", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server?.stop());

  test("serves /healthz, the home page and a 404, logging one JSON line per request", async () => {
    // A line is written as its response finishes, maybe after the client has the answer: our own request in the
    // log marks where start-up's lines have all arrived.
    const marker = `/log-marker-${Date.now()}`;
    await (await fetch(`${server.url}${marker}`)).arrayBuffer();
    await waitFor(() => requestLines(server).some((line) => line.path === marker), {
      what: "the marker's line",
    });
    const before = requestLines(server).length;
    const missing = `/no-such-page-${Date.now()}`;

    const healthResponse = await fetch(`${server.url}/healthz`);
    const healthText = await healthResponse.text();
    expect(healthResponse.status, healthText).toBe(200);
    expect(healthResponse.headers.get("content-type")).toMatch(/application\/json/);
    expect(healthResponse.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(healthText)).toEqual({ status: "ok" });

    const home = await fetch(`${server.url}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get("content-type")).toMatch(/text\/html/);
    expect(await home.text()).toContain("Coached 115+ aspiring SWEs");

    const notFound = await fetch(`${server.url}${missing}`);
    expect(notFound.status).toBe(404);
    await notFound.arrayBuffer();

    const lines = await waitFor(
      () => {
        const fresh = requestLines(server).slice(before);
        return fresh.length >= 3 && fresh;
      },
      { what: "three request log lines" },
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(requestLines(server).slice(before)).toHaveLength(3);
    expect(lines.map(({ method, path, status }) => ({ method, path, status }))).toEqual([
      { method: "GET", path: "/healthz", status: 200 },
      { method: "GET", path: "/", status: 200 },
      { method: "GET", path: missing, status: 404 },
    ]);
    for (const line of lines) {
      expect(typeof line.ms).toBe("number");
      expect(line.ms).toBeGreaterThanOrEqual(0);
    }
  });

  test("fingerprinted assets are cached for a year; HTML is gzip-compressed on request", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = html.match(/\/assets\/[^"'\s)]+\.(?:js|css)/)?.[0];
    expect(asset, "the home page links no /assets/… file").toBeDefined();

    const response = await fetch(`${server.url}${asset}`);
    expect(response.status).toBe(200);
    await response.arrayBuffer();
    const cacheControl = response.headers.get("cache-control") ?? "";
    expect(cacheControl).toContain("immutable");
    expect(cacheControl).toContain("max-age=31536000");

    const gzipped = await fetch(`${server.url}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(await gzipped.text()).toContain("Coached 115+ aspiring SWEs");

    const plain = await fetch(`${server.url}/`, { headers: { "Accept-Encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    await plain.arrayBuffer();
  });

  test("the request log names the full path of a static asset", async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const asset = html.match(/\/assets\/[^"'\s)]+\.js/)?.[0] ?? "";
    const before = requestLines(server).length;
    await (await fetch(`${server.url}${asset}`)).arrayBuffer();
    const [line] = await waitFor(
      () => {
        const fresh = requestLines(server)
          .slice(before)
          .filter((entry) => entry.path !== "/");
        return fresh.length >= 1 && fresh;
      },
      { what: "the asset's request log line" },
    );
    expect(line?.path).toBe(asset);
  });
});

async function snapshot(dataDir: string) {
  // A PGlite folder can be open in one process only.
  const database = await openDatabase({ url: undefined, dataDir });
  try {
    const { db } = database;
    const total = async (table: typeof profiles | typeof lessons | typeof homework | typeof serviceUsage) =>
      (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
    const ids = (await db.select({ id: profiles.id }).from(profiles).orderBy(profiles.id)).map(
      (row) => row.id,
    );
    return {
      ids,
      counts: {
        profiles: await total(profiles),
        lessons: await total(lessons),
        homework: await total(homework),
        serviceUsage: await total(serviceUsage),
      },
    };
  } finally {
    await database.close();
  }
}

test("data survives a restart, the seed runs once, and SIGTERM/SIGINT shut down cleanly", async () => {
  const dataDir = freshDataDir();

  const first = await startServer({ dataDir });
  const firstHealth = await health(first.url);
  expect(firstHealth.status, firstHealth.text).toBe(200);
  expect(await first.stop("SIGTERM")).toEqual({ code: 0, signal: null });
  expect(messages(first)).toContain("shutting down");
  expect(messages(first)).toContain("stopped");
  const seeded = await snapshot(dataDir);
  expect(seeded.ids.length).toBeGreaterThan(0);
  expect(seeded.counts.profiles).toBe(seeded.ids.length);

  const second = await startServer({ dataDir });
  const secondHealth = await health(second.url);
  expect(secondHealth.status, secondHealth.text).toBe(200);
  expect(await second.stop("SIGINT")).toEqual({ code: 0, signal: null });
  expect(messages(second)).toContain("stopped");
  expect(await snapshot(dataDir)).toEqual(seeded);
});

describe("configuration errors stop the process with one line naming the variable", () => {
  const SECRET = "s3cr3t-value-that-must-never-be-printed-0123456789";
  const cases: { env: Record<string, string>; variable: string }[] = [
    { env: { PORT: "abc" }, variable: "PORT" },
    { env: { PORT: "70000" }, variable: "PORT" },
    { env: { DATABASE_URL: "mysql://x" }, variable: "DATABASE_URL" },
    { env: { AUTH_OIDC_ISSUER: "http://evil.example.com" }, variable: "AUTH_OIDC_ISSUER" },
    { env: { AUTH_OIDC_ISSUER: "not-a-url" }, variable: "AUTH_OIDC_ISSUER" },
    { env: { PUBLIC_ORIGIN: "not-a-url" }, variable: "PUBLIC_ORIGIN" },
    { env: { ADMIN_EMAILS: "not-an-email" }, variable: "ADMIN_EMAILS" },
    { env: { AUTH_OIDC_CLIENT_ID: "client-id-only" }, variable: "AUTH_OIDC_CLIENT_SECRET" },
    // Read at import or before the build loads, validated with the rest.
    { env: { LOG_LEVEL: "loud" }, variable: "LOG_LEVEL" },
    { env: { NODE_ENV: "staging" }, variable: "NODE_ENV" },
    { env: { DATABASE_POOL_SIZE: "0" }, variable: "DATABASE_POOL_SIZE" },
    { env: { WEB_CONCURRENCY: "lots" }, variable: "WEB_CONCURRENCY" },
    { env: { MIGRATIONS_DIR: "db/\u0001migrations" }, variable: "MIGRATIONS_DIR" },
    { env: { BUILD_DIR: "build\u0007" }, variable: "BUILD_DIR" },
  ];

  test.each(cases)("$env → names $variable", async ({ env, variable }) => {
    const result = await runServerExpectingExit({ SESSION_SECRET: SECRET, ...env });
    expect(result.code, `exit code; stderr:\n${result.stderr}`).not.toBe(0);
    expect(result.code).not.toBeNull();
    const lines = result.stderr.split("\n").filter((line) => line.trim() !== "");
    expect(lines, "stderr must hold exactly one line").toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: /);
    expect(lines[0]).toContain(variable);
    expect(result.stdout + result.stderr).not.toContain(SECRET);
  });

  test("a too-short SESSION_SECRET is named but never echoed", async () => {
    const secret = "short-but-secret-xyzzy";
    const result = await runServerExpectingExit({ SESSION_SECRET: secret });
    expect(result.code).not.toBe(0);
    const lines = result.stderr.split("\n").filter((line) => line.trim() !== "");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: SESSION_SECRET /);
    expect(result.stdout + result.stderr).not.toContain(secret);
  });
});
