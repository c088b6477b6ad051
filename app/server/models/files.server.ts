import type { Readable } from "node:stream";
import { and, desc, eq, sql } from "drizzle-orm";
import { cleanFileName, type FileKind, fileQuotaMessage } from "~/lib/files";
import type { Db, DbOrTx } from "../db.server";
import { type FileLimits, fileLimits } from "../files/app-store.server";
import { FileNotFoundError, FileRefusedError } from "../files/errors.server";
import type { FileBody, FileStore, StoredFile } from "../files/store.server";
import { publishChange } from "../live/bus.server";
import { logger } from "../logger.server";
import { forbidden, type Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { type FileRow, files, homework, lessons } from "../schema";
import { audit, recordChange } from "./audit.server";
import { lockClient } from "./client-lock.server";

// A client's files and the coach's hand-backs (docs/decisions/0043-file-storage.md). The row and the stored
// object agree by their order: store the file, then insert its row (the object is deleted if that fails);
// to delete, the row goes first, then the object. A crash in between leaves an object no row names, which
// the sweep removes (app/server/files/sweep.server.ts); never a row without its file.
// Just over 300 lines on purpose: adding, staging, recording and deleting keep that one order together.

/** A client's permit works on their own files only; staff's on any client's. */
export type FilePermit = Permit<"files.own"> | Permit<"files.manage">;

export const FILE_NOT_FOUND = "That file was not found.";
export const HOMEWORK_NOT_FOUND = "That homework was not found.";
export const LESSON_NOT_FOUND = "That lesson was not found.";
export const HOMEWORK_REVIEWED = "This homework has already been reviewed.";
export const FILE_NOT_YOURS_TO_DELETE = "Only the coach can remove a file the coach added.";

const isStaff = (permit: FilePermit) => permit.action === "files.manage";
// Ids arrive from URLs and forms; a malformed one is "not found", not a database error.
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type NewFile = {
  ownerId: string;
  kind: FileKind;
  /** As the person gave it; cleaned here (cleanFileName). */
  name: string;
  body: FileBody;
  homeworkId?: string | null;
  lessonId?: string | null;
};

export type FileSummary = Omit<FileRow, "storageKey">;

/**
 * Stores `body` and records it as the owner's. Everything that can be refused without the bytes is checked
 * before the first byte is read; the size against min(FILE_MAX_BYTES, the owner's room left) while it
 * streams, and the room again under the owner's lock, so two uploads at once cannot pass the quota.
 */
export async function addFile(
  db: Db,
  permit: FilePermit,
  store: FileStore,
  input: NewFile,
  limits: FileLimits = fileLimits(),
): Promise<FileSummary> {
  const staged = await stageFile(db, permit, store, input, { limits });
  const attach = { homeworkId: input.homeworkId ?? null, lessonId: input.lessonId ?? null };
  try {
    const [added] = await db.transaction((tx) => recordFiles(tx, permit, [staged], attach, limits));
    if (!added) throw new Error("file row not inserted");
    return added;
  } catch (error) {
    // No row names the object: remove it now, or the sweep will.
    await discardStaged(store, [staged]);
    throw error;
  }
}

/** A file stored for its owner whose row is not written yet: recordFiles writes it, discardStaged drops it. */
export type StagedFile = { ownerId: string; kind: FileKind; name: string; stored: StoredFile };

/**
 * The first half of adding a file, for a form that adds files with something else (a hand-in, a review, a
 * lesson): the checks that need no bytes, then the bytes stored and checked, no row yet. The caller writes
 * the rows with its own change in one transaction (recordFiles), so the files and the change go in together
 * or not at all. `staged` is the size of the files this form staged before, counted against the quota.
 */
export async function stageFile(
  db: Db,
  permit: FilePermit,
  store: FileStore,
  input: NewFile,
  { limits = fileLimits(), staged = 0 }: { limits?: FileLimits; staged?: number } = {},
): Promise<StagedFile> {
  const { ownerId } = input;
  const homeworkId = input.homeworkId ?? null;
  const lessonId = input.lessonId ?? null;
  if (!isStaff(permit) && ownerId !== permit.actor.id) forbidden();
  if (!UUID.test(ownerId)) refuse("No one with that id.", 404);
  if (homeworkId !== null && lessonId !== null) refuse("A file is attached to one thing at most.", 400);
  await lockClient(db, permit, ownerId); // only that the owner exists and has coaching records, for now
  await checkAttachment(db, permit, ownerId, { homeworkId, lessonId });

  const room = limits.quotaBytes - (await usedBytesOf(db, ownerId)) - staged;
  const quotaBinds = room < limits.maxBytes;
  try {
    const stored = await store.put(input.body, {
      maxBytes: Math.max(0, Math.min(limits.maxBytes, room)),
      tooLargeMessage: quotaBinds ? fileQuotaMessage(room, limits.quotaBytes) : undefined,
    });
    return { ownerId, kind: input.kind, name: cleanFileName(input.name), stored };
  } catch (error) {
    if (error instanceof FileRefusedError) refuse(error.message, error.reason === "type" ? 415 : 413);
    throw error;
  }
}

/**
 * Inside the caller's transaction: the staged files' rows, attached to the homework or lesson (checked again
 * here: it may have changed since), each audited, after the owner's room is checked under their lock. The
 * owner's open pages hear of it on commit.
 */
export async function recordFiles(
  tx: DbOrTx,
  permit: FilePermit,
  staged: readonly StagedFile[],
  attach: { homeworkId?: string | null; lessonId?: string | null } = {},
  limits: FileLimits = fileLimits(),
): Promise<FileSummary[]> {
  const homeworkId = attach.homeworkId ?? null;
  const lessonId = attach.lessonId ?? null;
  const added: FileSummary[] = [];
  for (const ownerId of new Set(staged.map((file) => file.ownerId))) {
    const mine = staged.filter((file) => file.ownerId === ownerId);
    await lockClient(tx, permit, ownerId);
    await checkAttachment(tx, permit, ownerId, { homeworkId, lessonId });
    const left = limits.quotaBytes - (await usedBytesOf(tx, ownerId));
    const size = mine.reduce((sum, file) => sum + file.stored.size, 0);
    if (size > left) refuse(fileQuotaMessage(left, limits.quotaBytes), 413);
    for (const { kind, name, stored } of mine) {
      const [created] = await tx
        .insert(files)
        .values({
          ownerId,
          uploadedBy: permit.actor.id,
          kind,
          name,
          size: stored.size,
          type: stored.type,
          sha256: stored.sha256,
          storageKey: stored.key,
          homeworkId,
          lessonId,
        })
        .returning();
      if (!created) throw new Error("file row not inserted");
      await audit(tx, permit, {
        action: "file.add",
        targetId: ownerId,
        entity: "file",
        entityId: created.id,
        after: { name, kind, size: stored.size, type: stored.type, homeworkId, lessonId },
      });
      const { storageKey: _key, ...summary } = created;
      added.push(summary);
    }
    await publishChange(tx, { kind: "file", clientId: ownerId });
  }
  return added;
}

/** After the transaction that would have recorded them failed: no row names these objects. */
export async function discardStaged(store: FileStore, staged: readonly StagedFile[]): Promise<void> {
  await removeObjects(
    store,
    staged.map((file) => file.stored.key),
  );
}

/** The homework or lesson must be the owner's; a client attaches only to their own homework not yet reviewed. */
async function checkAttachment(
  db: DbOrTx,
  permit: FilePermit,
  ownerId: string,
  { homeworkId, lessonId }: { homeworkId: string | null; lessonId: string | null },
): Promise<void> {
  if (homeworkId !== null) {
    const [row] = UUID.test(homeworkId)
      ? await db
          .select({ status: homework.status })
          .from(homework)
          .where(and(eq(homework.id, homeworkId), eq(homework.clientId, ownerId)))
      : [];
    // Someone else's homework looks exactly like missing homework.
    if (!row) refuse(HOMEWORK_NOT_FOUND, 404);
    if (!isStaff(permit) && row.status === "reviewed") refuse(HOMEWORK_REVIEWED, 409);
  }
  if (lessonId !== null) {
    // Lessons are the coach's to write; a client hands in through homework or their own files.
    if (!isStaff(permit)) forbidden();
    const [row] = UUID.test(lessonId)
      ? await db
          .select({ id: lessons.id })
          .from(lessons)
          .where(and(eq(lessons.id, lessonId), eq(lessons.clientId, ownerId)))
      : [];
    if (!row) refuse(LESSON_NOT_FOUND, 404);
  }
}

const summaryColumns = {
  id: files.id,
  ownerId: files.ownerId,
  uploadedBy: files.uploadedBy,
  kind: files.kind,
  name: files.name,
  size: files.size,
  type: files.type,
  sha256: files.sha256,
  homeworkId: files.homeworkId,
  lessonId: files.lessonId,
  createdAt: files.createdAt,
};

/** Metadata only, newest first: listing never touches the store. */
export async function listFiles(db: Db, permit: FilePermit, ownerId: string): Promise<FileSummary[]> {
  if (!isStaff(permit) && ownerId !== permit.actor.id) forbidden();
  if (!UUID.test(ownerId)) return [];
  return db
    .select(summaryColumns)
    .from(files)
    .where(eq(files.ownerId, ownerId))
    .orderBy(desc(files.createdAt), desc(files.id));
}

/** What the owner's files add up to, against FILE_QUOTA_BYTES. */
export async function usedBytes(db: Db, permit: FilePermit, ownerId: string): Promise<number> {
  if (!isStaff(permit) && ownerId !== permit.actor.id) forbidden();
  return usedBytesOf(db, ownerId);
}

async function usedBytesOf(db: DbOrTx, ownerId: string): Promise<number> {
  const [row] = await db
    .select({ used: sql<string>`coalesce(sum(${files.size}), 0)::text` })
    .from(files)
    .where(eq(files.ownerId, ownerId));
  return Number(row?.used ?? 0);
}

/** Another client's file answers exactly as a missing one. */
async function findFile(db: DbOrTx, permit: FilePermit, fileId: string, lock = false): Promise<FileRow> {
  if (!UUID.test(fileId)) refuse(FILE_NOT_FOUND, 404);
  const query = db.select().from(files).where(eq(files.id, fileId));
  const [row] = lock ? await query.for("update") : await query;
  if (!row || (!isStaff(permit) && row.ownerId !== permit.actor.id)) refuse(FILE_NOT_FOUND, 404);
  return row;
}

/** The row and its bytes, for the owner or staff; a staff download goes in the owner's audit trail. */
export async function openFile(
  db: Db,
  permit: FilePermit,
  store: FileStore,
  fileId: string,
): Promise<{ file: FileSummary; body: Readable }> {
  const { storageKey, ...file } = await findFile(db, permit, fileId);
  let body: Readable;
  try {
    ({ body } = await store.read(storageKey));
  } catch (error) {
    if (!(error instanceof FileNotFoundError)) throw error;
    logger.error({ fileId, key: storageKey }, "a file's row names no stored object");
    refuse(FILE_NOT_FOUND, 404);
  }
  if (isStaff(permit)) {
    await audit(db, permit, {
      action: "file.download",
      targetId: file.ownerId,
      entity: "file",
      entityId: file.id,
      after: { name: file.name },
    }).catch((error: unknown) => {
      body.destroy();
      throw error;
    });
  }
  return { file, body };
}

/** The row first (with its audit entry), then the object; a client removes only what they added. */
export async function deleteFile(
  db: Db,
  permit: FilePermit,
  store: FileStore,
  fileId: string,
): Promise<FileSummary> {
  const removed = await db.transaction(async (tx) => {
    const row = await findFile(tx, permit, fileId, true);
    if (!isStaff(permit) && row.uploadedBy !== permit.actor.id) refuse(FILE_NOT_YOURS_TO_DELETE, 403);
    await tx.delete(files).where(eq(files.id, row.id));
    await recordChange(
      tx,
      permit,
      {
        action: "file.delete",
        targetId: row.ownerId,
        entity: "file",
        entityId: row.id,
        before: { name: row.name, kind: row.kind, size: row.size, type: row.type },
      },
      { kind: "file", clientId: row.ownerId },
    );
    return row;
  });
  await removeObject(store, removed.storageKey);
  const { storageKey: _key, ...summary } = removed;
  return summary;
}

/** The owner's objects' keys, read inside the transaction that deletes the owner (data-rights.server.ts). */
export async function storageKeysOf(tx: DbOrTx, ownerId: string): Promise<string[]> {
  const rows = await tx.select({ key: files.storageKey }).from(files).where(eq(files.ownerId, ownerId));
  return rows.map((row) => row.key);
}

/** After the rows are gone: best effort, since what is left has no row and the sweep removes it. */
export async function removeObjects(store: FileStore, keys: readonly string[]): Promise<void> {
  for (const key of keys) await removeObject(store, key);
}

async function removeObject(store: FileStore, key: string): Promise<void> {
  await store.delete(key).catch((error: unknown) => {
    logger.warn({ key, err: (error as Error).message }, "stored file not removed; the sweep will");
  });
}

/** For the sweep: whether a row names this stored object. */
export function isKnownFile(db: Db): (key: string) => Promise<boolean> {
  return async (key) => {
    const [row] = await db.select({ id: files.id }).from(files).where(eq(files.storageKey, key)).limit(1);
    return row !== undefined;
  };
}
