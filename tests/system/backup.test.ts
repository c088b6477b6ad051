import { spawn } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type Dump, dumpDatabase } from "~/server/backup.server";
import { openDatabase } from "~/server/db.server";
import { diskFileStore } from "~/server/files/disk-store.server";
import { addFile } from "~/server/models/files.server";
import { authorize } from "~/server/policy.server";
import { profiles } from "~/server/schema";
import { postgresProblem, scratchDatabase } from "../support/database";
import { docx, pdf } from "../support/sample-files";
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
import { escapeRegExp } from "../support/text";
import { readZip } from "../support/zip";

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

/** The dump inside a backup ZIP, and the stored files beside it by key. */
async function backupOf(file: string): Promise<{ dump: Dump; objects: Map<string, Buffer> }> {
  const entries = await readZip(readFileSync(file));
  const dump = JSON.parse(entries.get("coach-backup.json")?.toString("utf8") ?? "null") as Dump;
  const objects = new Map<string, Buffer>();
  for (const [name, bytes] of entries) if (name.startsWith("files/")) objects.set(name.slice(6), bytes);
  return { dump, objects };
}

/** Every object of a DATA_DIR's disk store by key. */
function storedObjects(dataDir: string): Map<string, Buffer> {
  const folder = path.join(dataDir, "files", "objects");
  return new Map(readdirSync(folder).map((key) => [key, readFileSync(path.join(folder, key))]));
}

/** A client's resume and the coach's marked-up copy, added as the site adds them. */
async function addFiles(dataDir: string): Promise<void> {
  const database = await openDatabase({ url: undefined, dataDir });
  const store = diskFileStore(dataDir);
  try {
    const viewer = {
      id: profiles.id,
      email: profiles.email,
      fullName: profiles.fullName,
      role: profiles.role,
      plan: profiles.plan,
    };
    const [client] = await database.db
      .select(viewer)
      .from(profiles)
      .where(eq(profiles.role, "client"))
      .limit(1);
    const [coach] = await database.db
      .select(viewer)
      .from(profiles)
      .where(eq(profiles.role, "coach"))
      .limit(1);
    if (!client || !coach) throw new Error("the seed has a client and a coach");
    const limits = { maxBytes: 1024 * 1024, quotaBytes: 10 * 1024 * 1024 };
    await addFile(
      database.db,
      authorize(client, "files.own"),
      store,
      { ownerId: client.id, kind: "resume", name: "resume.pdf", body: Readable.from([pdf(300_000)]) },
      limits,
    );
    await addFile(
      database.db,
      authorize(coach, "files.manage"),
      store,
      { ownerId: client.id, kind: "other", name: "marked-up.docx", body: Readable.from([docx()]) },
      limits,
    );
  } finally {
    store.close();
    await database.close();
  }
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
    await addFiles(sourceDir);
  });
  afterAll(() => stopAllServers());

  test("backup writes DATA_DIR/backups/coach-<time>.zip with the files and prints one line", async () => {
    const run = await runScript("backup", [], { DATA_DIR: sourceDir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const files = readdirSync(path.join(sourceDir, "backups"));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^coach-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.zip$/);
    backupFile = path.join(sourceDir, "backups", files[0] ?? "");
    expect(run.stdout).toBe(
      `${run.stdout.match(/^Backed up \d+ rows from \d+ tables of PGlite in .+ and 2 files \(.+\) from .+ to /)?.[0]}${backupFile}\n`,
    );

    const backup = await backupOf(backupFile);
    dump = backup.dump;
    expect(dump.format).toBe("coach-backup");
    expect(dump.tables.profiles?.length).toBeGreaterThan(0);
    expect(dump.tables.files).toHaveLength(2);
    expect((await dumpOf({ url: undefined, dataDir: sourceDir })).tables).toEqual(dump.tables);
    expect(backup.objects).toEqual(storedObjects(sourceDir));
  });

  test("restore FILE loads it into a new, empty DATA_DIR, files and all, which a server then serves", async () => {
    const targetDir = freshDataDir("coach-restore-");
    const run = await runScript("restore", [backupFile], { DATA_DIR: targetDir });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(
      new RegExp(
        `^Restored \\d+ rows into \\d+ tables of PGlite in .+ and 2 files into .+ from ${escapeRegExp(backupFile)} \\(made .+\\)\\n$`,
      ),
    );
    const restored = await dumpOf({ url: undefined, dataDir: targetDir });
    expect(restored.migrations).toEqual(dump.migrations);
    expect(restored.tables).toEqual(dump.tables);
    expect(storedObjects(targetDir)).toEqual(storedObjects(sourceDir));

    const again = await runScript("restore", [backupFile], { DATA_DIR: targetDir });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^Restore failed: The file store is not empty .*Nothing was changed\.\n$/);
    expect((await dumpOf({ url: undefined, dataDir: targetDir })).tables).toEqual(dump.tables);
    expect(storedObjects(targetDir)).toEqual(storedObjects(sourceDir));
    // With the files out of the way, the database is the one that refuses.
    rmSync(path.join(targetDir, "files"), { recursive: true });
    const filled = await runScript("restore", [backupFile], { DATA_DIR: targetDir });
    expect(filled.code).toBe(1);
    expect(filled.stderr).toMatch(/^Restore failed: The target database is not empty \(.*profiles: \d+/);
    expect(readdirSync(path.join(targetDir, "files", "objects"))).toEqual([]);
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
        expect(run.stdout).toMatch(
          /^Restored \d+ rows into \d+ tables of PostgreSQL \(DATABASE_URL\) and 2 files into .+ from /,
        );
        const restored = await dumpOf({ url: url.toString(), dataDir: "" });
        expect(restored.migrations).toEqual(dump.migrations);
        expect(restored.tables).toEqual(dump.tables);

        const out = path.join(freshDataDir("coach-pg-backup-"), "pg.zip");
        const back = await runScript("backup", [out], { DATA_DIR: sourceDir, DATABASE_URL: url.toString() });
        expect(back.code).toBe(0);
        expect(back.stdout).toMatch(
          /^Backed up \d+ rows from \d+ tables of PostgreSQL \(DATABASE_URL\) and 2 files /,
        );
        expect((await backupOf(out)).dump.tables).toEqual(dump.tables);
      } finally {
        await scratch.drop();
      }
    },
  );
});
