import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import * as schema from "~/server/tables";
import { adminQuery, postgresProblem, scratchDatabase } from "../support/database";
import { localSignIn, postLocalSignIn } from "../support/local-sign-in";
import { serversForFile } from "../support/server-file";
import {
  freeLocalPort,
  health,
  type RunningServer,
  startServer,
  stopAllServers,
  waitFor,
} from "../support/server-process";

// A private throwaway cluster for the outage test, so the shared server is never disturbed.

const PG_BIN = "/usr/lib/postgresql/15/bin";
const run = promisify(execFile);

const skipReason = !existsSync(path.join(PG_BIN, "initdb"))
  ? `${PG_BIN}/initdb does not exist (PostgreSQL 15 is not installed)`
  : await postgresProblem().then((error) =>
      error ? `the shared PostgreSQL server at 127.0.0.1:5432 does not answer: ${error}` : undefined,
    );
if (skipReason) console.log(`Skipping the PostgreSQL system tests: ${skipReason}`);

describe.skipIf(Boolean(skipReason))("on PostgreSQL 15", () => {
  serversForFile();

  describe("a fresh database on the shared server", () => {
    let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
    let server: RunningServer | undefined;

    beforeAll(async () => {
      scratch = await scratchDatabase("sys");
    });
    afterAll(async () => {
      await server?.stop();
      await scratch.drop();
    });

    test("the server migrates, seeds and reports healthy", async () => {
      server = await startServer({ env: { DATABASE_URL: scratch.url } });
      const healthy = await health(server.url);
      expect(healthy.status, healthy.text).toBe(200);
      expect(healthy.body).toEqual({ status: "ok" });
      expect(server.logs()).toMatch(/"database":"postgres"/);

      const tables = await adminQuery<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
        scratch.url,
      );
      const declared = Object.values(schema)
        .filter((value) => is(value, PgTable))
        .map((table) => getTableName(table));
      expect(declared.length).toBeGreaterThan(0);
      expect(tables.rows.map((row) => row.table_name)).toEqual(expect.arrayContaining(declared));
      const migrations = await adminQuery<{ n: string }>(
        "SELECT count(*) AS n FROM drizzle.__drizzle_migrations",
        scratch.url,
      );
      expect(Number(migrations.rows[0]?.n)).toBeGreaterThan(0);
      const people = await adminQuery<{ n: string }>("SELECT count(*) AS n FROM profiles", scratch.url);
      expect(Number(people.rows[0]?.n)).toBeGreaterThan(0);

      expect(await server.stop()).toEqual({ code: 0, signal: null });
      server = undefined;
    });
  });

  describe("a private cluster that goes down and comes back", () => {
    // PostgreSQL refuses to run as root.
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

    test("pages answer a friendly 503 and /healthz 503 during the outage; all recovers without a restart", async () => {
      const server = await startServer({
        env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` },
      });
      const healthy = await health(server.url);
      expect(healthy.status, healthy.text).toBe(200);
      const client = await localSignIn(server.url, "maya.chen@example.com");
      const admin = await localSignIn(server.url, "admin@example.com");
      const page = (path: string, cookie: string) => fetch(`${server.url}${path}`, { headers: { cookie } });
      expect((await page("/dashboard", client)).status).toBe(200);
      expect((await page("/admin/clients", admin)).status).toBe(200);

      await stopCluster("fast");

      for (const [path, cookie] of [
        ["/dashboard", client],
        ["/homework", client],
        ["/admin/clients", admin],
        ["/account", admin],
      ] as const) {
        const response = await page(path, cookie);
        expect(response.status, path).toBe(503);
        const html = await response.text();
        expect(html, path).toContain("We&#x27;ll be right back");
        expect(html, path).toContain("Please try again in a minute.");
      }
      expect((await page("/dashboard.data", client)).status).toBe(503);
      const change = await fetch(`${server.url}/admin/clients/00000000-0000-4000-8000-000000000000`, {
        method: "POST",
        headers: { cookie: admin, "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "add-activity", title: "During the outage" }),
      });
      expect(change.status).toBe(503);
      const signIn = await postLocalSignIn(server.url, "maya.chen@example.com");
      expect(signIn.status).toBe(503);
      for (const path of ["/", "/about", "/pricing", "/login"]) {
        expect((await page(path, "")).status, path).toBe(200);
      }

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
      expect((await page("/dashboard", client)).status).toBe(200);
      expect((await page("/admin/clients", admin)).status).toBe(200);

      expect(await server.stop()).toEqual({ code: 0, signal: null });
    });
  });
});
