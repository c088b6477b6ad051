import { createWriteStream } from "node:fs";
import { open, readFile } from "node:fs/promises";
import { pipeline } from "node:stream/promises";
import {
  assertDump,
  BackupError,
  type Dump,
  type DumpRow,
  restoreDatabase,
  serializeDump,
} from "./backup.server";
import type { Db } from "./db.server";
import { FileNotFoundError, FileRefusedError } from "./files/errors.server";
import { type FileStore, isFileKey, type StoredFile } from "./files/store.server";
import { removeObjects } from "./models/files.server";
import { openZip, type ZipReader, zipStream } from "./zip.server";

// A backup with its files (docs/decisions/0015-backups.md, 0043-file-storage.md): one ZIP holding every
// stored object a files row names, under files/<storage key>, and the database dump as coach-backup.json.
// A restore puts the objects back under the same keys before the rows that name them are inserted.

export const DUMP_ENTRY = "coach-backup.json";
const objectEntry = (key: string) => `files/${key}`;

/** What a files row of the dump says about its object (the dump's rows are the table's own columns). */
type FileRecord = { id: string; key: string; size: number; sha256: string; type: string; createdAt: string };

function fileRecords(dump: Dump): FileRecord[] {
  return (dump.tables.files ?? []).map((row: DumpRow) => {
    const record = {
      id: String(row.id),
      key: String(row.storage_key),
      size: Number(row.size),
      sha256: String(row.sha256),
      type: String(row.type),
      createdAt: String(row.created_at),
    };
    if (!isFileKey(record.key) || !Number.isSafeInteger(record.size) || record.size < 0) {
      throw new BackupError(`The backup is damaged: file ${record.id} has no valid storage key or size.`);
    }
    return record;
  });
}

export type ArchiveSummary = { files: number; bytes: number; gone: number };

/**
 * Writes `dump` and every object its files rows name to `target` (mode 600), one object at a time. A row
 * whose object is gone (deleted after the snapshot was taken) is left out of the dump with it, so the backup
 * never holds a row without its file.
 */
export async function writeBackupArchive(
  dump: Dump,
  store: FileStore,
  target: string,
): Promise<ArchiveSummary> {
  const summary: ArchiveSummary = { files: 0, bytes: 0, gone: 0 };
  const archive = zipStream(async (zip) => {
    const kept = new Set<string>();
    for (const file of fileRecords(dump)) {
      const opened = await store.read(file.key).catch(notFound);
      if (!opened) {
        summary.gone += 1;
        continue;
      }
      await zip.addStream(objectEntry(file.key), opened.body, {
        size: file.size,
        mtime: new Date(file.createdAt),
      });
      kept.add(file.id);
      summary.files += 1;
      summary.bytes += file.size;
    }
    const files = (dump.tables.files ?? []).filter((row) => kept.has(String(row.id)));
    const written = { ...dump, tables: { ...dump.tables, files } };
    zip.addBuffer(DUMP_ENTRY, Buffer.from(serializeDump(written)), { mtime: new Date(dump.createdAt) });
  });
  await pipeline(archive, createWriteStream(target, { mode: 0o600 }));
  return summary;
}

function notFound(error: unknown): null {
  if (error instanceof FileNotFoundError) return null;
  throw error;
}

export type OpenedBackup = {
  dump: Dump;
  /** Null for a database-only backup: a JSON dump (older backups, or written by hand). */
  archive: ZipReader | null;
  close(): void;
};

const ZIP_SIGNATURE = Buffer.from("PK\x03\x04", "latin1");

/** Reads and checks a backup file, ZIP or JSON, before anything is written anywhere. */
export async function openBackup(file: string): Promise<OpenedBackup> {
  const handle = await open(file, "r");
  const head = Buffer.alloc(4);
  try {
    await handle.read(head, 0, 4, 0);
  } finally {
    await handle.close();
  }
  if (!head.equals(ZIP_SIGNATURE)) {
    const text = await readFile(file, "utf8");
    return { dump: assertDump(parseJson(text, file)), archive: null, close() {} };
  }
  let archive: ZipReader;
  try {
    archive = await openZip(file);
  } catch (error) {
    throw new BackupError(`${file} is not a readable ZIP backup: ${(error as Error).message}`);
  }
  try {
    if (!archive.sizes.has(DUMP_ENTRY)) {
      throw new BackupError(`Not a backup of this application: ${file} has no ${DUMP_ENTRY}.`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of await archive.open(DUMP_ENTRY)) chunks.push(chunk as Buffer);
    const dump = assertDump(parseJson(Buffer.concat(chunks).toString("utf8"), file));
    for (const record of fileRecords(dump)) {
      if (archive.sizes.get(objectEntry(record.key)) !== record.size) {
        throw new BackupError(
          `The backup is damaged: the bytes of file ${record.id} (${objectEntry(record.key)}) are missing or of another size.`,
        );
      }
    }
    return { dump, archive, close: () => archive.close() };
  } catch (error) {
    archive.close();
    throw error;
  }
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new BackupError(`${file} is not a readable backup: ${(error as Error).message}`);
  }
}

/**
 * Checks, before the database is opened, that the files can be restored: from a ZIP, into a store that holds
 * no object yet (as the database must be empty, nothing is overwritten); from a database-only JSON backup,
 * only if the store already holds every object its rows name (copied back by hand).
 */
export async function checkFileTarget(backup: OpenedBackup, store: FileStore): Promise<void> {
  if (backup.archive) {
    for await (const entry of store.entries()) {
      if (entry.key === null) continue; // an unfinished upload's leftover, which the sweep removes
      throw new BackupError(
        `The file store is not empty (${store.kind === "disk" ? "DATA_DIR/files" : "the bucket"} holds files): ` +
          "restore only into an empty one (a new DATA_DIR, or a new bucket). Nothing was changed.",
      );
    }
    return;
  }
  let missing = 0;
  for (const file of fileRecords(backup.dump)) {
    const opened = await store.read(file.key).catch(notFound);
    if (opened) opened.body.destroy();
    else missing += 1;
  }
  if (missing > 0) {
    throw new BackupError(
      `This backup holds the database only, and ${missing} of the files it names are not in the file store: ` +
        "copy them back first, or restore a backup written by this version (a ZIP, with the files). Nothing was changed.",
    );
  }
}

/**
 * Restores the database and, from a ZIP, every file under its key, checked against its row (size, SHA-256,
 * type), after the target database was found empty and before its rows go in: all or nothing, since on any
 * failure the transaction rolls back and the objects put so far are removed.
 */
export async function restoreBackup(
  db: Db,
  store: FileStore,
  backup: OpenedBackup,
): Promise<{ counts: Record<string, number>; files: number }> {
  const put: string[] = [];
  try {
    const counts = await restoreDatabase(db, backup.dump, {
      beforeInsert: async () => {
        if (!backup.archive) return;
        for (const file of fileRecords(backup.dump)) put.push(await restoreFile(backup.archive, store, file));
      },
    });
    return { counts, files: put.length };
  } catch (error) {
    await removeObjects(store, put);
    throw error;
  }
}

async function restoreFile(archive: ZipReader, store: FileStore, file: FileRecord): Promise<string> {
  const damaged = new BackupError(
    `The backup is damaged: the bytes of file ${file.id} do not match its record. Nothing was changed.`,
  );
  let stored: StoredFile;
  try {
    const body = await archive.open(objectEntry(file.key));
    stored = await store.put(body, { maxBytes: file.size }, { key: file.key });
  } catch (error) {
    if (error instanceof FileRefusedError) throw damaged;
    throw error;
  }
  if (stored.size !== file.size || stored.sha256 !== file.sha256 || stored.type !== file.type) {
    await removeObjects(store, [stored.key]);
    throw damaged;
  }
  return stored.key;
}
