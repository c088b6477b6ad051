import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import pg from "pg";
import * as tar from "tar";
import { setting } from "./env.server";
import { type LiveBus, pgliteBus, postgresBus } from "./live/bus.server";
import { logger, startupPhase } from "./logger.server";
import { applyMigrations, onPglite, onPostgres } from "./migrations.server";
import { lockPgliteFolder } from "./pglite-lock.server";
import * as schema from "./tables";

// Opening a database: PGlite or PostgreSQL, migrated, with its live-update bus. What the app composes
// around it lives in lifecycle.server.ts.

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/**
 * The database or a transaction on it: what a write takes so that it joins its caller's transaction
 * (an audit row in the change's own transaction), or runs alone when there is none.
 */
export type DbOrTx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export type DatabaseOptions = {
  url: string | undefined;
  dataDir: string;
  /** Runs once under the migration lock, so processes starting together seed once. */
  prepare?: (db: Db) => Promise<unknown>;
  pgliteTemplate?: string;
};

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  bus: LiveBus;
  close(): Promise<void>;
};

export const MIGRATIONS_FOLDER = path.resolve(setting("MIGRATIONS_DIR"));
// Every process takes this lock before migrating or seeding.
const MIGRATION_LOCK = 7_270_201;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url ? openPostgres(options.url, options.prepare) : openPglite(options);
}

/** The build's initialised, empty PGlite cluster: unpacking it beats initdb in WebAssembly (docs/decisions/0018-performance.md). */
export const PGLITE_TEMPLATE = path.resolve(setting("BUILD_DIR"), "pglite-template.tar.gz");

export async function createPglite(folder: string, template?: string): Promise<PGlite> {
  if (template && readdirSync(folder).length === 0 && existsSync(template)) {
    try {
      // Unpacked by Node rather than PGlite's `loadDataDir`, which is slower (docs/decisions/0018-performance.md).
      // The archive's entries start with "/", which tar strips: that warning is expected.
      tar.x({ file: template, cwd: folder, sync: true, onwarn: () => {} });
      startupPhase("PGlite template unpacked");
      if (!existsSync(path.join(folder, "PG_VERSION"))) throw new Error("the template holds no database");
      return await PGlite.create(folder);
    } catch (error) {
      // A damaged file, or one from another PGlite version.
      logger.warn({ err: (error as Error).message }, "PGlite template not usable; creating the database");
      for (const entry of readdirSync(folder))
        rmSync(path.join(folder, entry), { recursive: true, force: true });
    }
  }
  return PGlite.create(folder);
}

async function openPglite({ dataDir, prepare, pgliteTemplate }: DatabaseOptions): Promise<Database> {
  let client: PGlite;
  let unlock = () => {};
  if (dataDir === "memory://") {
    client = await PGlite.create();
  } else {
    const folder = path.resolve(dataDir, "pglite");
    mkdirSync(folder, { recursive: true });
    // PGlite has no lock of its own: refuse a folder another process has open (docs/decisions/0015-backups.md).
    unlock = lockPgliteFolder(folder);
    client = await createPglite(folder, pgliteTemplate).catch((error: unknown) => {
      unlock();
      throw error;
    });
  }
  startupPhase("database opened");
  try {
    await applyMigrations(onPglite(client), MIGRATIONS_FOLDER);
    startupPhase("migrated");
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await prepare?.(db);
    startupPhase("prepared");
    return handleOf(db, "pglite", pgliteBus(client), async () => {
      await client.close();
      unlock();
    });
  } catch (error) {
    await client.close();
    unlock();
    throw error;
  }
}

async function openPostgres(url: string, prepare: DatabaseOptions["prepare"]): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: setting("DATABASE_POOL_SIZE"),
    connectionTimeoutMillis: 3_000,
    idleTimeoutMillis: 30_000,
  });
  // A server restart kills idle connections; without this handler the error would crash the process.
  pool.on("error", (error) => logger.warn({ err: error.message }, "idle database connection lost"));
  try {
    const client = await pool.connect();
    startupPhase("database opened");
    try {
      await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await applyMigrations(onPostgres(client), MIGRATIONS_FOLDER);
      startupPhase("migrated");
      await prepare?.(drizzlePg(client, { schema }) as unknown as Db);
      startupPhase("prepared");
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  // Opened by the first subscriber, so short-lived handles (tools, tests) never hold one.
  return handleOf(db, "postgres", postgresBus(url), () => pool.end());
}

/** What callers hold: closing it stops the live bus first, then the store the bus listens on. */
function handleOf(db: Db, kind: Database["kind"], bus: LiveBus, closeStore: () => Promise<void>): Database {
  return {
    db,
    kind,
    bus,
    close: async () => {
      await bus.close();
      await closeStore();
    },
  };
}

export async function pingDatabase(db: Db, timeoutMs = 2_000): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([db.execute(sql`SELECT 1`), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

// The process's one handle, opened on first use (the build imports this module) by the opener
// lifecycle.server.ts provides. A failed open is retried by a later request.
let opener: (() => Promise<Database>) | undefined;
let opening: Promise<Database> | undefined;
const RETRY_AFTER_FAILURE_MS = 1_000;

export function provideDatabase(open: () => Promise<Database>): void {
  opener = open;
}

export function getDatabase(): Promise<Database> {
  if (!opening) {
    if (!opener) {
      return Promise.reject(new Error("no database opener: app/server/lifecycle.server.ts was not loaded"));
    }
    const attempt = opener();
    opening = attempt;
    attempt.catch((error: Error) => {
      logger.error({ err: error.message }, "database unavailable; will retry");
      setTimeout(() => {
        if (opening === attempt) opening = undefined;
      }, RETRY_AFTER_FAILURE_MS).unref();
    });
  }
  return opening;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** PGlite must be closed cleanly so nothing is lost; a later use opens it again. */
export async function closeDatabase(): Promise<void> {
  const current = opening;
  opening = undefined;
  const database = await current?.catch(() => undefined);
  await database?.close();
}
