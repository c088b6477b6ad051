import { randomBytes } from "node:crypto";
import pg from "pg";
import { type Database, openDatabase } from "~/server/db.server";

/**
 * A fresh, migrated, empty database for one test file: in-memory PGlite by default, or a new
 * database on the PostgreSQL server named by TEST_DATABASE_URL (dropped again by `dispose`).
 */
export async function freshDatabase(
  options: { seed?: boolean } = {},
): Promise<Database & { dispose(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openDatabase({
      url: undefined,
      dataDir: "memory://",
      seed: options.seed ?? false,
    });
    return { ...database, dispose: () => database.close() };
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir: "", seed: options.seed ?? false });
  return {
    ...database,
    async dispose() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

export const databaseLabel = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";
