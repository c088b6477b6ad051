import type { PGlite } from "@electric-sql/pglite";
import { readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";

// drizzle's migrator in fewer round trips (docs/decisions/0040-cold-start.md). The same journal, hashes and
// table (drizzle.__drizzle_migrations), and the same rule: a migration is applied when it is newer than the
// newest one applied. A database already current costs one query instead of five; the pending migrations
// go as one multi-statement query, which PostgreSQL (and PGlite) runs as one transaction, all or nothing,
// instead of a round trip per statement inside one.

/** Runs SQL text, one or several statements, and answers the first statement's rows. */
export type RunSql = (text: string) => Promise<Record<string, unknown>[]>;

export const onPglite =
  (client: PGlite): RunSql =>
  async (text) =>
    (await client.exec(text))[0]?.rows ?? [];

export const onPostgres =
  (client: pg.ClientBase): RunSql =>
  async (text) => {
    // Several statements answer one result each.
    const result: pg.QueryResult | pg.QueryResult[] = await client.query(text);
    return (Array.isArray(result) ? result[0] : result)?.rows ?? [];
  };

const TABLE = `"drizzle"."__drizzle_migrations"`;
const UNDEFINED_TABLE = "42P01";

/** How many migrations it applied. */
export async function applyMigrations(run: RunSql, migrationsFolder: string): Promise<number> {
  const migrations = readMigrationFiles({ migrationsFolder });
  const newest = await newestApplied(run);
  const pending = migrations.filter((migration) => newest === null || newest < migration.folderMillis);
  if (pending.length === 0) return 0;
  const statements = [
    `CREATE SCHEMA IF NOT EXISTS "drizzle"`,
    `CREATE TABLE IF NOT EXISTS ${TABLE} (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at bigint)`,
    ...pending.flatMap(({ sql, hash, folderMillis }) => [
      ...sql,
      `INSERT INTO ${TABLE} ("hash", "created_at") VALUES ('${hash}', ${folderMillis})`,
    ]),
  ];
  // On lines of their own: a statement may end in a `--` comment.
  await run(statements.join("\n;\n"));
  return pending.length;
}

async function newestApplied(run: RunSql): Promise<number | null> {
  try {
    const [row] = await run(`SELECT max(created_at)::text AS newest FROM ${TABLE}`);
    return row?.newest == null ? null : Number(row.newest);
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return null;
    throw error;
  }
}
