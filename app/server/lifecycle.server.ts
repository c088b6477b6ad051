import { listenForSessionChanges } from "./auth/session-cache.server";
import { closeDatabase, type Database, getDatabase } from "./db.server";
import { getConfig } from "./env.server";
import { closeAllStreams } from "./live/streams.server";
import { listenForPageChanges } from "./page-cache.server";
import { resolveSessionSecret } from "./session-secret.server";
import { assertValidSettings } from "./settings.server";

/** Work done once before the process takes traffic: secrets in place, database migrated and seeded. */
export async function startup(): Promise<Database> {
  assertValidSettings();
  resolveSessionSecret(getConfig());
  const database = await getDatabase();
  // The caches start listening for changes now rather than at the first signed-in request.
  listenForSessionChanges(database.bus);
  listenForPageChanges(database.bus);
  return database;
}

/**
 * First step of a graceful stop: ends the live-update streams, which would otherwise keep the
 * HTTP server from closing (browsers reconnect to another process, or to this one restarted).
 */
export function stopLiveUpdates(): void {
  closeAllStreams();
}

/** Graceful stop: the database (and its LISTEN connection) is closed last, after in-flight requests finished. */
export async function shutdown(): Promise<void> {
  closeAllStreams();
  await closeDatabase();
}
