import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, sql } from "drizzle-orm";
import { afterEach, expect, test } from "vitest";
import { type Database, MIGRATIONS_FOLDER, openDatabase, pingDatabase } from "~/server/db.server";
import { activities, homework, lessons, profiles, resources, serviceUsage } from "~/server/schema";
import { SEED_PEOPLE, seedIfEmpty } from "~/server/seed.server";
import { scratchDatabase } from "../support/database";

const serverUrl = process.env.TEST_DATABASE_URL;

const JOURNAL: { entries: { tag: string }[] } = JSON.parse(
  readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
);

let cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  const pending = cleanups.reverse();
  cleanups = [];
  for (const cleanup of pending) await cleanup();
});

async function open(options: Parameters<typeof openDatabase>[0]): Promise<Database> {
  const database = await openDatabase(options);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await database.close();
  };
  cleanups.push(close);
  return { ...database, close };
}

function tmpDataDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), "noc-db-test-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

async function emptyServerDatabase(): Promise<string> {
  if (!serverUrl) throw new Error("TEST_DATABASE_URL is not set");
  const scratch = await scratchDatabase("t", serverUrl);
  // Registered before any open, so it runs after the databases are closed.
  cleanups.push(scratch.drop);
  return scratch.url;
}

async function reopenableDatabase(): Promise<Parameters<typeof openDatabase>[0]> {
  return serverUrl
    ? { url: await emptyServerDatabase(), dataDir: "" }
    : { url: undefined, dataDir: tmpDataDir() };
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

const TABLES = { profiles, lessons, homework, resources, activities, serviceUsage };

async function counts(database: Database): Promise<Record<keyof typeof TABLES, number>> {
  const entries = await Promise.all(
    Object.entries(TABLES).map(async ([name, table]) => {
      const [row] = await database.db.select({ n: count() }).from(table);
      return [name, row?.n ?? 0] as const;
    }),
  );
  return Object.fromEntries(entries) as Record<keyof typeof TABLES, number>;
}

async function profileIds(database: Database): Promise<string[]> {
  const rows = await database.db.select({ id: profiles.id }).from(profiles).orderBy(profiles.id);
  return rows.map((r) => r.id);
}

type MigrationRow = { hash: string; created_at: string };
async function appliedMigrations(database: Database): Promise<MigrationRow[]> {
  return rowsOf<MigrationRow>(
    await database.db.execute(
      sql`SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY id`,
    ),
  );
}

async function tableNames(database: Database): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
    ),
  );
  return rows.map((r) => r.name);
}

test.skipIf(Boolean(serverUrl))(
  "PGlite keeps its data in DATA_DIR across restarts, and the seed does not run twice",
  async () => {
    const dataDir = tmpDataDir();
    const first = await open({ url: undefined, dataDir, prepare: seedIfEmpty });
    expect(first.kind).toBe("pglite");
    const seeded = await counts(first);
    expect(seeded.profiles).toBe(SEED_PEOPLE.length);
    expect(Object.values(seeded).every((n) => n > 0)).toBe(true);
    const ids = await profileIds(first);
    await first.close();

    const second = await open({ url: undefined, dataDir, prepare: seedIfEmpty });
    expect(await profileIds(second)).toEqual(ids);
    expect(await counts(second)).toEqual(seeded);
    const emails = await second.db.select({ email: profiles.email }).from(profiles).orderBy(profiles.email);
    expect(emails.map((e) => e.email)).toEqual(SEED_PEOPLE.map((p) => p.email).sort());
    await second.close();
  },
);

test("opening the same database twice applies the migrations once and fails nothing", async () => {
  const options = await reopenableDatabase();
  const first = await open(options);
  expect(first.kind).toBe(serverUrl ? "postgres" : "pglite");
  const applied = await appliedMigrations(first);
  expect(applied).toHaveLength(JOURNAL.entries.length);
  const tables = await tableNames(first);
  expect(tables).toEqual(
    expect.arrayContaining(["profiles", "service_usage", "activities", "lessons", "homework", "resources"]),
  );
  const [person] = await first.db.insert(profiles).values({ email: "kept@example.com" }).returning();
  await first.close();

  const second = await open(options);
  expect(await appliedMigrations(second)).toEqual(applied);
  expect(await tableNames(second)).toEqual(tables);
  expect(await profileIds(second)).toEqual([person?.id]);
  expect((await counts(second)).lessons).toBe(0);
});

test.skipIf(!serverUrl)(
  "two servers starting together on an empty PostgreSQL database migrate and seed it exactly once",
  async () => {
    const url = await emptyServerDatabase();
    const [a, b] = await Promise.all([
      open({ url, dataDir: "", prepare: seedIfEmpty }),
      open({ url, dataDir: "", prepare: seedIfEmpty }),
    ]);
    expect([a.kind, b.kind]).toEqual(["postgres", "postgres"]);
    expect(await appliedMigrations(a)).toHaveLength(JOURNAL.entries.length);
    const seen = await counts(a);
    expect(seen.profiles).toBe(SEED_PEOPLE.length);
    expect(await counts(b)).toEqual(seen);

    const alone = await open({ url: await emptyServerDatabase(), dataDir: "", prepare: seedIfEmpty });
    expect(await counts(alone)).toEqual(seen);
  },
);

test("pingDatabase answers on an open database and rejects once it is closed", async () => {
  const database = await open(await reopenableDatabase());
  await expect(pingDatabase(database.db)).resolves.toBeUndefined();
  await expect(pingDatabase(database.db, 5_000)).resolves.toBeUndefined();
  await database.close();
  await expect(pingDatabase(database.db)).rejects.toThrow();
});
