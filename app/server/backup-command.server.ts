import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  assertDump,
  BackupError,
  type Dump,
  dumpDatabase,
  restoreDatabase,
  serializeDump,
} from "./backup.server";
import { openDatabase, PGLITE_TEMPLATE } from "./db.server";
import { getConfig } from "./env.server";
import { DatabaseInUseError } from "./pglite-lock.server";

// `npm run backup [FILE]` and `npm run restore FILE`; the dump itself is backup.server.ts.

const totalRows = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

function rowCounts(dump: Dump): Record<string, number> {
  return Object.fromEntries(Object.entries(dump.tables).map(([name, rows]) => [name, rows.length]));
}

function where(kind: "pglite" | "postgres", dataDir: string): string {
  return kind === "pglite" ? `PGlite in ${path.resolve(dataDir, "pglite")}` : "PostgreSQL (DATABASE_URL)";
}

async function openForTool(url: string | undefined, dataDir: string) {
  try {
    return await openDatabase({ url, dataDir, pgliteTemplate: PGLITE_TEMPLATE });
  } catch (error) {
    if (error instanceof DatabaseInUseError) throw new BackupError(error.message);
    throw error;
  }
}

/** Defaults to DATA_DIR/backups/coach-<time>.json; returns the line to print. */
export async function backup(file?: string): Promise<string> {
  const { databaseUrl, dataDir } = getConfig();
  if (!databaseUrl && !existsSync(path.resolve(dataDir, "pglite", "PG_VERSION"))) {
    throw new BackupError(
      `Nothing to back up: there is no database in ${path.resolve(dataDir, "pglite")} (DATA_DIR=${dataDir}).`,
    );
  }
  const database = await openForTool(databaseUrl, dataDir);
  let dump: Dump;
  try {
    dump = await dumpDatabase(database.db);
  } finally {
    await database.close();
  }
  const stamp = dump.createdAt.replace(/:/g, "-");
  const target = path.resolve(file ?? path.join(dataDir, "backups", `coach-${stamp}.json`));
  mkdirSync(path.dirname(target), { recursive: true });
  // Written beside the target and renamed: a backup file is either complete or absent.
  const partial = `${target}.partial`;
  writeFileSync(partial, serializeDump(dump), { mode: 0o600 });
  renameSync(partial, target);
  const counts = rowCounts(dump);
  return `Backed up ${totalRows(counts)} rows from ${Object.keys(counts).length} tables of ${where(database.kind, dataDir)} to ${target}`;
}

export async function restore(file: string | undefined): Promise<string> {
  if (!file) throw new BackupError("Usage: npm run restore FILE (a backup written by npm run backup)");
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`No such backup file: ${source}`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(source, "utf8"));
  } catch (error) {
    throw new BackupError(`${source} is not a readable JSON backup: ${(error as Error).message}`);
  }
  // Checked before the database is opened, so a wrong file creates nothing.
  const dump = assertDump(parsed);
  const { databaseUrl, dataDir } = getConfig();
  // Migrations are applied to an empty target; never seeded, or it would no longer be empty.
  const database = await openForTool(databaseUrl, dataDir);
  let counts: Record<string, number>;
  try {
    counts = await restoreDatabase(database.db, dump);
  } finally {
    await database.close();
  }
  return `Restored ${totalRows(counts)} rows into ${Object.keys(counts).length} tables of ${where(database.kind, dataDir)} from ${source} (made ${dump.createdAt})`;
}
