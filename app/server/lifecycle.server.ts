import { closeDatabase, type Database, getDatabase } from "./db.server";
import { getConfig } from "./env.server";
import { resolveSessionSecret } from "./session-secret.server";
import { assertValidSettings } from "./settings.server";

/** Work done once before the process takes traffic: secrets in place, database migrated and seeded. */
export async function startup(): Promise<Database> {
  assertValidSettings();
  resolveSessionSecret(getConfig());
  return getDatabase();
}

/** Graceful stop: the database is closed last, after in-flight requests finished. */
export async function shutdown(): Promise<void> {
  await closeDatabase();
}
