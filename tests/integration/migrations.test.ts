import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as drizzleMigratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as drizzleMigratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, afterEach, expect, test } from "vitest";
import { MIGRATIONS_FOLDER } from "~/server/db.server";
import { applyMigrations, onPglite, onPostgres, type RunSql } from "~/server/migrations.server";
import { scratchDatabase } from "../support/database";

// app/server/migrations.server.ts against drizzle's own migrator, which made every database before it
// (docs/decisions/0040-cold-start.md). PGlite by default, PostgreSQL when TEST_DATABASE_URL is set.

const serverUrl = process.env.TEST_DATABASE_URL;
type Journal = { entries: { idx: number; when: number; tag: string }[] };
const JOURNAL: Journal = JSON.parse(
  readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8"),
);

const scratch = mkdtempSync(path.join(os.tmpdir(), "migrations-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

type Target = { run: RunSql; drizzleMigrate(folder: string): Promise<void> };

async function emptyDatabase(): Promise<Target> {
  if (!serverUrl) {
    const client = await PGlite.create();
    cleanups.push(() => client.close());
    return {
      run: onPglite(client),
      drizzleMigrate: (folder) => drizzleMigratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    };
  }
  const database = await scratchDatabase("mig", serverUrl);
  cleanups.push(database.drop);
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  cleanups.push(() => client.end());
  return {
    run: onPostgres(client),
    drizzleMigrate: (folder) => drizzleMigratePg(drizzlePg(client), { migrationsFolder: folder }),
  };
}

/** A migrations folder holding the first `count` committed migrations, or the given ones. */
function migrationsFolder(name: string, migrations: number | { tag: string; sql: string }[]): string {
  const folder = path.join(scratch, name);
  mkdirSync(path.join(folder, "meta"), { recursive: true });
  const entries =
    typeof migrations === "number"
      ? JOURNAL.entries.slice(0, migrations).map((entry) => {
          copyFileSync(
            path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`),
            path.join(folder, `${entry.tag}.sql`),
          );
          return entry;
        })
      : migrations.map(({ tag, sql }, idx) => {
          writeFileSync(path.join(folder, `${tag}.sql`), sql);
          return { idx, version: "7", when: 1_700_000_000_000 + idx, tag, breakpoints: true };
        });
  writeFileSync(path.join(folder, "meta", "_journal.json"), JSON.stringify({ ...JOURNAL, entries }));
  return folder;
}

const applied = (target: Target) =>
  target.run(`SELECT hash, created_at::text AS created_at FROM drizzle.__drizzle_migrations ORDER BY id`);
const schema = (target: Target) =>
  target.run(
    `SELECT table_name, column_name, data_type, is_nullable, column_default FROM information_schema.columns
      WHERE table_schema = 'public' ORDER BY table_name, column_name`,
  );
const indexes = (target: Target) =>
  target.run(`SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`);
const constraints = (target: Target) =>
  target.run(
    `SELECT conname, pg_get_constraintdef(oid) AS definition FROM pg_constraint
      WHERE connamespace = 'public'::regnamespace ORDER BY conname`,
  );

test("the committed migrations make what drizzle's migrator makes, recorded the same way, and only once", async () => {
  const ours = await emptyDatabase();
  const theirs = await emptyDatabase();
  expect(await applyMigrations(ours.run, MIGRATIONS_FOLDER)).toBe(JOURNAL.entries.length);
  await theirs.drizzleMigrate(MIGRATIONS_FOLDER);
  expect(await schema(ours)).toEqual(await schema(theirs));
  expect(await indexes(ours)).toEqual(await indexes(theirs));
  expect(await constraints(ours)).toEqual(await constraints(theirs));
  const recorded = await applied(ours);
  expect(recorded).toHaveLength(JOURNAL.entries.length);
  expect(recorded).toEqual(await applied(theirs));

  expect(await applyMigrations(ours.run, MIGRATIONS_FOLDER)).toBe(0);
  expect(await applied(ours)).toEqual(recorded);
});

test("a database drizzle migrated to an older level gets only the newer migrations", async () => {
  const target = await emptyDatabase();
  await target.drizzleMigrate(migrationsFolder("older", 3));
  expect(await applied(target)).toHaveLength(3);
  expect(await applyMigrations(target.run, MIGRATIONS_FOLDER)).toBe(JOURNAL.entries.length - 3);
  const reference = await emptyDatabase();
  await reference.drizzleMigrate(MIGRATIONS_FOLDER);
  expect(await applied(target)).toEqual(await applied(reference));
  expect(await schema(target)).toEqual(await schema(reference));
});

test("a migration that fails leaves nothing of itself or of the migrations before it in the same run", async () => {
  const target = await emptyDatabase();
  const folder = migrationsFolder("failing", [
    // Ends in a comment and no semicolon: the next statement must not be swallowed by it.
    { tag: "0000_fine", sql: "CREATE TABLE kept_out (n integer) -- a comment last" },
    { tag: "0001_broken", sql: "INSERT INTO kept_out VALUES (1);\n--> statement-breakpoint\nSELECT 1 / 0;" },
  ]);
  await expect(applyMigrations(target.run, folder)).rejects.toThrow(/division by zero/);
  const [left] = await target.run(
    `SELECT to_regclass('public.kept_out')::text AS kept_out, to_regclass('drizzle.__drizzle_migrations')::text AS recorded`,
  );
  expect(left).toEqual({ kept_out: null, recorded: null });
});
