import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase } from "~/server/db.server";
import { seedIfEmpty } from "~/server/seed.server";

/** In-memory PGlite by default, or a new database on TEST_DATABASE_URL's server (dropped by `dispose`). */
export async function freshDatabase(
  options: { seed?: boolean } = {},
): Promise<Database & { dispose(): Promise<void>; url?: string }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const prepare = options.seed ? seedIfEmpty : undefined;
  if (!serverUrl) {
    const database = await openDatabase({ url: undefined, dataDir: "memory://", prepare });
    return { ...database, dispose: () => database.close() };
  }
  const scratch = await scratchDatabase("t", serverUrl);
  const database = await openDatabase({ url: scratch.url, dataDir: "", prepare });
  return {
    ...database,
    url: scratch.url,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}

export const SHARED_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/test";

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(
  text: string,
  serverUrl = SHARED_POSTGRES_URL,
): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 5_000 });
  // A refused connection also emits "error"; without a listener it would throw.
  client.on("error", () => {});
  await client.connect();
  try {
    return await client.query<T>(text);
  } finally {
    await client.end().catch(() => {});
  }
}

export function postgresProblem(serverUrl = SHARED_POSTGRES_URL): Promise<string | undefined> {
  return adminQuery("SELECT 1", serverUrl).then(
    () => undefined,
    (error: unknown) => (error instanceof Error ? error.message : String(error)),
  );
}

export async function scratchDatabase(
  prefix: string,
  serverUrl = SHARED_POSTGRES_URL,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`, serverUrl);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, serverUrl);
    },
  };
}

export const databaseLabel = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

/** What a refused call must leave as it was; asks the database for its tables, so new ones are covered. */
export async function everyRow(db: Database["db"]): Promise<Record<string, unknown[]>> {
  const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
  const tables = rows<{ name: string }>(
    await db.execute(sql`
      SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`),
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const { name } of tables) {
    snapshot[name] = rows(await db.execute(sql`SELECT * FROM ${sql.identifier(name)} AS t ORDER BY t::text`));
  }
  return snapshot;
}
