import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { formatBytes } from "~/lib/files";
import { BackupError, type Dump, dumpDatabase } from "./backup.server";
import { checkFileTarget, openBackup, restoreBackup, writeBackupArchive } from "./backup-files.server";
import { openDatabase, PGLITE_TEMPLATE } from "./db.server";
import { getConfig } from "./env.server";
import { openFileStore } from "./files/open.server";
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

/** Defaults to DATA_DIR/backups/coach-<time>.zip: the dump and the stored files; returns the line to print. */
export async function backup(file?: string): Promise<string> {
  const config = getConfig();
  const { databaseUrl, dataDir } = config;
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
  const target = path.resolve(file ?? path.join(dataDir, "backups", `coach-${stamp}.zip`));
  mkdirSync(path.dirname(target), { recursive: true });
  // Written beside the target and renamed: a backup file is either complete or absent.
  const partial = `${target}.partial`;
  const store = openFileStore(config);
  let written: Awaited<ReturnType<typeof writeBackupArchive>>;
  try {
    written = await writeBackupArchive(dump, store, partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  } finally {
    store.close();
  }
  renameSync(partial, target);
  const counts = rowCounts(dump);
  const rows = totalRows(counts) - written.gone;
  return (
    `Backed up ${rows} rows from ${Object.keys(counts).length} tables of ${where(database.kind, dataDir)} ` +
    `and ${written.files} files (${formatBytes(written.bytes)}) from ${storeName(store.kind, dataDir)} to ${target}`
  );
}

function storeName(kind: "disk" | "s3", dataDir: string): string {
  return kind === "disk" ? path.resolve(dataDir, "files") : "the S3 bucket";
}

export async function restore(file: string | undefined): Promise<string> {
  if (!file) throw new BackupError("Usage: npm run restore FILE (a backup written by npm run backup)");
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`No such backup file: ${source}`);
  // Checked before the database is opened, so a wrong file creates nothing.
  const backup = await openBackup(source);
  const config = getConfig();
  const { databaseUrl, dataDir } = config;
  const store = openFileStore(config);
  let restored: Awaited<ReturnType<typeof restoreBackup>>;
  let kind: "pglite" | "postgres";
  try {
    await checkFileTarget(backup, store);
    // Migrations are applied to an empty target; never seeded, or it would no longer be empty.
    const database = await openForTool(databaseUrl, dataDir);
    kind = database.kind;
    try {
      restored = await restoreBackup(database.db, store, backup);
    } finally {
      await database.close();
    }
  } finally {
    backup.close();
    store.close();
  }
  const { counts, files } = restored;
  const into = backup.archive ? ` and ${files} files into ${storeName(store.kind, dataDir)}` : "";
  return `Restored ${totalRows(counts)} rows into ${Object.keys(counts).length} tables of ${where(kind, dataDir)}${into} from ${source} (made ${backup.dump.createdAt})`;
}
