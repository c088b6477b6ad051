import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dump, dumpDatabase } from "~/server/backup.server";
import { openDatabase } from "~/server/db.server";
import { postgresProblem, scratchDatabase } from "../support/database";
import {
  assertBuilt,
  buildDir,
  freshDataDir,
  health,
  nodeBinary,
  repoRoot,
  startServer,
  stopAllServers,
} from "../support/server-process";

// `npm run backup` and `npm run restore FILE` as processes, PGlite → PGlite and PGlite → PostgreSQL.

type Run = { code: number | null; stdout: string; stderr: string };

function runScript(name: "backup" | "restore", args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(nodeBinary(), [path.join(repoRoot, "scripts", `${name}.mjs`), ...args], {
      cwd: repoRoot,
      // Never rebuild under other tests' feet.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        SKIP_BUILD: "1",
        BUILD_DIR: buildDir,
        LOG_LEVEL: "warn",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.once("error", reject);
    child.once("close", (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

async function dumpOf(options: { url: string | undefined; dataDir: string }): Promise<Dump> {
  const database = await openDatabase(options);
  try {
    return await dumpDatabase(database.db);
  } finally {
    await database.close();
  }
}

const postgresDown = await postgresProblem();
if (postgresDown)
  console.log(`Skipping PGlite → PostgreSQL: the server at 127.0.0.1:5432 says ${postgresDown}`);

describe("npm run backup / npm run restore", () => {
  let sourceDir: string;
  let backupFile: string;
  let dump: Dump;

  beforeAll(async () => {
    assertBuilt();
    const server = await startServer();
    sourceDir = server.dataDir;
    expect((await health(server.url)).status).toBe(200);

    const busy = await runScript("backup", [], { DATA_DIR: sourceDir });
    expect(busy.code).toBe(1);
    expect(busy.stderr).toMatch(/^Backup failed: .*in use by process \d+.*stop the server first/);
    expect(busy.stdout).toBe("");

    expect((await server.stop()).code).toBe(0);
  });
  afterAll(() => stopAllServers());

  test("backup writes DATA_DIR/backups/coach-<time>.json and prints one line", async () => {
    const run = await runScript("backup", [], { DATA_DIR: sourceDir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const files = readdirSync(path.join(sourceDir, "backups"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^coach-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.json$/);
    backupFile = path.join(sourceDir, "backups", files[0] ?? "");
    expect(run.stdout).toBe(
      `${run.stdout.match(/^Backed up \d+ rows from \d+ tables of PGlite in .+ to /)?.[0]}${backupFile}\n`,
    );

    dump = JSON.parse(readFileSync(backupFile, "utf8")) as Dump;
    expect(dump.format).toBe("coach-backup");
    expect(dump.tables.profiles?.length).toBeGreaterThan(0);
    expect((await dumpOf({ url: undefined, dataDir: sourceDir })).tables).toEqual(dump.tables);
  });

  test("restore FILE loads it into a new, empty DATA_DIR, which a server then serves", async () => {
    const targetDir = freshDataDir("coach-restore-");
    const run = await runScript("restore", [backupFile], { DATA_DIR: targetDir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^Restored \\d+ rows into \\d+ tables of PGlite in .+ from ${escapeRegExp(backupFile)} \\(made .+\\)\\n$`,
      ),
    );
    const restored = await dumpOf({ url: undefined, dataDir: targetDir });
    expect(restored.migrations).toEqual(dump.migrations);
    expect(restored.tables).toEqual(dump.tables);

    const again = await runScript("restore", [backupFile], { DATA_DIR: targetDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Restore failed: The target database is not empty \(.*profiles: \d+/);
    expect((await dumpOf({ url: undefined, dataDir: targetDir })).tables).toEqual(dump.tables);

    const server = await startServer({ dataDir: targetDir });
    expect((await health(server.url)).status).toBe(200);
    expect((await server.stop()).code).toBe(0);
    expect((await dumpOf({ url: undefined, dataDir: targetDir })).tables).toEqual(dump.tables);
  });

  test("restore without a file, or of a file that is not a backup, fails with one line", async () => {
    const targetDir = freshDataDir("coach-restore-");
    const none = await runScript("restore", [], { DATA_DIR: targetDir });
    expect(none.code).toBe(1);
    expect(none.stderr).toBe(
      "Restore failed: Usage: npm run restore FILE (a backup written by npm run backup)\n",
    );
    const wrong = await runScript("restore", [path.join(repoRoot, "package.json")], { DATA_DIR: targetDir });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^Restore failed: Not a backup of this application/);
    expect(readdirSync(targetDir)).toEqual([]);
    const empty = await runScript("backup", [], { DATA_DIR: targetDir });
    expect(empty.code).toBe(1);
    expect(empty.stderr).toMatch(/^Backup failed: Nothing to back up/);
  });

  test.skipIf(Boolean(postgresDown))(
    "restore FILE with DATABASE_URL loads the PGlite backup into a new PostgreSQL database",
    async () => {
      const scratch = await scratchDatabase("bk");
      const url = new URL(scratch.url);
      try {
        const run = await runScript("restore", [backupFile], {
          DATA_DIR: freshDataDir("coach-unused-"),
          DATABASE_URL: url.toString(),
        });
        expect(run.stderr).toBe("");
        expect(run.code).toBe(0);
        expect(run.stdout).toMatch(/^Restored \d+ rows into \d+ tables of PostgreSQL \(DATABASE_URL\) from /);
        const restored = await dumpOf({ url: url.toString(), dataDir: "" });
        expect(restored.migrations).toEqual(dump.migrations);
        expect(restored.tables).toEqual(dump.tables);

        const out = path.join(freshDataDir("coach-pg-backup-"), "pg.json");
        const back = await runScript("backup", [out], { DATA_DIR: sourceDir, DATABASE_URL: url.toString() });
        expect(back.code).toBe(0);
        expect(back.stdout).toMatch(/^Backed up \d+ rows from \d+ tables of PostgreSQL \(DATABASE_URL\) to /);
        expect((JSON.parse(readFileSync(out, "utf8")) as Dump).tables).toEqual(dump.tables);
      } finally {
        await scratch.drop();
      }
    },
  );
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
