import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as schema from "~/server/schema";
import {
  assertBuilt,
  freeLocalPort,
  health,
  type RunningServer,
  startServer,
  stopAllServers,
  waitFor,
} from "../support/server-process";

// The built server as a process on PostgreSQL 15: the shared server for migrate-and-seed, and a
// private throwaway cluster for the outage test, so the shared server is never disturbed.

const ADMIN_URL = "postgres://postgres@127.0.0.1:5432/test";
const PG_BIN = "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

async function sharedServerAnswers(): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3_000 });
  // A refused connection also emits "error" on the client; without a listener it would throw.
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

const skipReason = !existsSync(path.join(PG_BIN, "initdb"))
  ? `${PG_BIN}/initdb does not exist (PostgreSQL 15 is not installed)`
  : await sharedServerAnswers().then((error) =>
      error ? `the shared PostgreSQL server at 127.0.0.1:5432 does not answer: ${error}` : undefined,
    );
if (skipReason) console.log(`Skipping the PostgreSQL system tests: ${skipReason}`);

async function adminQuery<T extends pg.QueryResultRow>(
  url: string,
  text: string,
): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    return await client.query<T>(text);
  } finally {
    await client.end();
  }
}

describe.skipIf(Boolean(skipReason))("on PostgreSQL 15", () => {
  beforeAll(() => assertBuilt());
  afterAll(() => stopAllServers());

  describe("a fresh database on the shared server", () => {
    const name = `sys_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
    const url = new URL(ADMIN_URL);
    url.pathname = `/${name}`;
    let server: RunningServer | undefined;

    beforeAll(async () => {
      await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
    });
    afterAll(async () => {
      await server?.stop();
      await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    test("the server migrates, seeds and reports healthy", async () => {
      server = await startServer({ env: { DATABASE_URL: url.toString() } });
      const healthy = await health(server.url);
      expect(healthy.status, healthy.text).toBe(200);
      expect(healthy.body).toEqual({ status: "ok" });
      expect(server.logs()).toMatch(/"database":"postgres"/);

      const tables = await adminQuery<{ table_name: string }>(
        url.toString(),
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
      );
      // Every table the Drizzle schema declares, whatever it is at the moment.
      const declared = Object.values(schema)
        .filter((value) => is(value, PgTable))
        .map((table) => getTableName(table));
      expect(declared.length).toBeGreaterThan(0);
      expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(declared));
      const migrations = await adminQuery<{ n: string }>(
        url.toString(),
        "SELECT count(*) AS n FROM drizzle.__drizzle_migrations",
      );
      expect(Number(migrations.rows[0]?.n)).toBeGreaterThan(0);
      const people = await adminQuery<{ n: string }>(url.toString(), "SELECT count(*) AS n FROM profiles");
      expect(Number(people.rows[0]?.n)).toBeGreaterThan(0);

      expect(await server.stop()).toEqual({ code: 0, signal: null });
      server = undefined;
    });
  });

  describe("a private cluster that goes down and comes back", () => {
    // PostgreSQL refuses to run as root: run its tools as the postgres user then.
    const asRoot = process.getuid?.() === 0;
    let base = "";
    let dataDir = "";
    let port = 0;
    let clusterRunning = false;

    const pgTool = async (tool: string, args: string[]) => {
      const [command, fullArgs] = asRoot
        ? ["runuser", ["-u", "postgres", "--", path.join(PG_BIN, tool), ...args]]
        : [path.join(PG_BIN, tool), args];
      return run(command, fullArgs, { timeout: 60_000 });
    };
    const startCluster = async () => {
      await pgTool("pg_ctl", [
        "-D",
        dataDir,
        "-l",
        path.join(base, "postgres.log"),
        "-o",
        `-p ${port} -k ${base} -c listen_addresses=127.0.0.1`,
        "-w",
        "start",
      ]);
      clusterRunning = true;
    };
    const stopCluster = async (mode: "fast" | "immediate" = "fast") => {
      await pgTool("pg_ctl", ["-D", dataDir, "-m", mode, "-w", "stop"]);
      clusterRunning = false;
    };

    beforeAll(async () => {
      base = mkdtempSync(path.join(os.tmpdir(), "coach-pg-"));
      dataDir = path.join(base, "data");
      mkdirSync(dataDir);
      if (asRoot) {
        const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
        const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
        chownSync(base, uid, gid);
        chownSync(dataDir, uid, gid);
      }
      await pgTool("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres"]);
      port = await freeLocalPort();
      await startCluster();
    });

    afterAll(async () => {
      await stopAllServers();
      if (clusterRunning) await stopCluster("immediate").catch(() => {});
      if (base) rmSync(base, { recursive: true, force: true });
    });

    test("/healthz reports the outage with 503 and recovers without a restart", async () => {
      const server = await startServer({
        env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
      });
      const healthy = await health(server.url);
      expect(healthy.status, healthy.text).toBe(200);

      await stopCluster("fast");

      const down = await fetch(`${server.url}/healthz`);
      expect(down.status).toBe(503);
      expect(down.headers.get("cache-control")).toBe("no-store");
      const body = (await down.json()) as { status?: unknown; reason?: unknown };
      expect(body.status).toBe("unavailable");
      expect(typeof body.reason).toBe("string");
      expect(String(body.reason).trim()).not.toBe("");

      const home = await fetch(`${server.url}/`);
      expect(home.status).toBe(200);
      await home.arrayBuffer();
      expect(server.process.exitCode).toBeNull();
      expect(server.process.signalCode).toBeNull();

      await startCluster();
      const started = Date.now();
      await waitFor(async () => (await health(server.url)).status === 200, {
        timeoutMs: 15_000,
        intervalMs: 250,
        what: "/healthz to answer 200 after the database came back",
      });
      console.log(`/healthz recovered ${Date.now() - started} ms after the cluster restarted`);
      expect(server.process.exitCode).toBeNull();

      expect(await server.stop()).toEqual({ code: 0, signal: null });
    });
  });
});
