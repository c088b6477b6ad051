import { randomUUID } from "node:crypto";
import { Readable } from "node:stream";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { FILE_TYPE_REFUSED, type FileKind, fileQuotaMessage } from "~/lib/files";
import { startFileSweep, sweepFiles } from "~/server/files/sweep.server";
import { deletePerson, exportPersonData } from "~/server/models/data-rights.server";
import {
  addFile,
  deleteFile,
  FILE_NOT_FOUND,
  FILE_NOT_YOURS_TO_DELETE,
  type FilePermit,
  HOMEWORK_NOT_FOUND,
  HOMEWORK_REVIEWED,
  isKnownFile,
  listFiles,
  type NewFile,
  openFile,
  usedBytes,
} from "~/server/models/files.server";
import { authorize } from "~/server/policy.server";
import { auditEvents, files, homework, lessons } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { fileStoreForFile } from "../support/file-store";
import { insertPerson } from "../support/people";
import { CHECK_VIOLATION, expectRefused, UNIQUE_VIOLATION } from "../support/pg-constraints";
import { expectRefusedIn, type ModelRefusal, modelRefusal, PERMISSION } from "../support/refusal";
import { docx, pdf, png } from "../support/sample-files";
import { databaseForFile } from "../support/test-database";

// The files table and its rules on a real database and a real disk store (docs/decisions/0043-file-storage.md):
// who may add, list, open and delete; the quota; the row and the object always agreeing.

const db = databaseForFile();
const disk = fileStoreForFile();
const store = () => disk.store();
const refusedUnchanged = expectRefusedIn(db);
const LIMITS = { maxBytes: 20 * 1024 * 1024, quotaBytes: 200 * 1024 * 1024 };

let admin: Viewer;
let coach: Viewer;

beforeAll(async () => {
  admin = await insertPerson(db(), "admin", null, "Ada Admin");
  coach = await insertPerson(db(), "coach", null, "Cole Coach");
});

const client = (name: string) => insertPerson(db(), "client", "pro", name);
const own = (viewer: Viewer) => authorize(viewer, "files.own");
const staff = (viewer: Viewer = coach) => authorize(viewer, "files.manage");

const bodyOf = (bytes: Buffer) => Readable.from([bytes]);

type Upload = Omit<NewFile, "body" | "kind"> & { kind?: FileKind; bytes?: Buffer };

/** addFile on this file's store: a PDF resume within LIMITS unless told otherwise. */
const add = (permit: FilePermit, { bytes = pdf(), kind = "resume", ...input }: Upload, limits = LIMITS) =>
  addFile(db(), permit, store(), { ...input, kind, body: bodyOf(bytes) }, limits);

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function homeworkOf(clientId: string, status: "assigned" | "reviewed" = "assigned") {
  const now = new Date();
  const [row] = await db()
    .insert(homework)
    .values({
      clientId,
      assignedBy: coach.id,
      title: "Update your resume",
      status,
      submittedAt: status === "reviewed" ? now : null,
      reviewedAt: status === "reviewed" ? now : null,
    })
    .returning();
  if (!row) throw new Error("homework not inserted");
  return row;
}

async function lessonOf(clientId: string) {
  const [row] = await db()
    .insert(lessons)
    .values({ clientId, coachId: coach.id, title: "Resume" })
    .returning();
  if (!row) throw new Error("lesson not inserted");
  return row;
}

/** Refused with `status` (and `message`), and neither the database nor the store changed. */
async function refusedLeavingNothing(run: () => Promise<unknown>, status: number, message?: string) {
  const before = await disk.objects();
  await refusedUnchanged(run, status, message);
  expect(await disk.objects(), "a refused call changed the store").toEqual(before);
}

const auditOf = (entityId: string) =>
  db().select().from(auditEvents).where(eq(auditEvents.entityId, entityId));

describe(`adding a file (${databaseLabel})`, () => {
  test("a client adds a resume to their own files: a row with the cleaned name, the object, an audit entry", async () => {
    const mia = await client("Mia Resume");
    const bytes = pdf(30_000);
    const added = await add(own(mia), {
      ownerId: mia.id,
      kind: "resume",
      name: "C:\\Users\\mia\\CV\u202Efdp.exe.pdf",
      bytes,
    });
    expect(added).toMatchObject({
      ownerId: mia.id,
      uploadedBy: mia.id,
      kind: "resume",
      name: "CVfdp.exe.pdf",
      size: bytes.length,
      type: "application/pdf",
    });
    expect(added).not.toHaveProperty("storageKey");
    const [row] = await db().select().from(files).where(eq(files.id, added.id));
    expect(await disk.objects()).toContain(row?.storageKey);
    expect(await auditOf(added.id)).toEqual([
      expect.objectContaining({ action: "file.add", actorId: mia.id, targetId: mia.id, entity: "file" }),
    ]);
    expect(await listFiles(db(), own(mia), mia.id)).toEqual([added]);
    expect(await usedBytes(db(), own(mia), mia.id)).toBe(bytes.length);
  });

  test("a client cannot add to another client's files, homework, or any lesson; nothing is stored", async () => {
    const mia = await client("Mia Mine");
    const otto = await client("Otto Other");
    const ottosHomework = await homeworkOf(otto.id);
    const miasLesson = await lessonOf(mia.id);
    const input = { kind: "other" as FileKind, name: "cv.pdf" };
    await refusedLeavingNothing(() => add(own(mia), { ...input, ownerId: otto.id }), 403, PERMISSION);
    // Someone else's homework answers as a missing one.
    for (const homeworkId of [ottosHomework.id, randomUUID(), "not-an-id"]) {
      await refusedLeavingNothing(
        () => add(own(mia), { ...input, ownerId: mia.id, homeworkId }),
        404,
        HOMEWORK_NOT_FOUND,
      );
    }
    await refusedLeavingNothing(
      () => add(own(mia), { ...input, ownerId: mia.id, lessonId: miasLesson.id }),
      403,
      PERMISSION,
    );
  });

  test("a client hands in a file with their homework until it is reviewed", async () => {
    const mia = await client("Mia Homework");
    const open = await homeworkOf(mia.id);
    const done = await homeworkOf(mia.id, "reviewed");
    const added = await add(own(mia), {
      ownerId: mia.id,
      kind: "resume",
      name: "resume.docx",
      bytes: docx(),
      homeworkId: open.id,
    });
    expect(added).toMatchObject({ homeworkId: open.id, type: expect.stringContaining("wordprocessingml") });
    await refusedLeavingNothing(
      () => add(own(mia), { ownerId: mia.id, kind: "resume", name: "late.pdf", homeworkId: done.id }),
      409,
      HOMEWORK_REVIEWED,
    );
  });

  test("staff hand back files to a client's files, reviewed homework and lesson, but only that client's", async () => {
    const mia = await client("Mia Handback");
    const otto = await client("Otto Handback");
    const reviewed = await homeworkOf(mia.id, "reviewed");
    const lesson = await lessonOf(mia.id);
    const base = { ownerId: mia.id, kind: "resume" as FileKind, name: "marked-up.pdf" };
    const toFiles = await add(staff(), base);
    const toHomework = await add(staff(admin), { ...base, homeworkId: reviewed.id });
    const toLesson = await add(staff(), { ...base, bytes: png(), lessonId: lesson.id });
    expect(toFiles.uploadedBy).toBe(coach.id);
    expect(toHomework).toMatchObject({ homeworkId: reviewed.id, uploadedBy: admin.id });
    expect(toLesson).toMatchObject({ lessonId: lesson.id, type: "image/png" });
    expect((await listFiles(db(), staff(), mia.id)).map((f) => f.id).sort()).toEqual(
      [toFiles.id, toHomework.id, toLesson.id].sort(),
    );
    await refusedLeavingNothing(
      () => add(staff(), { ...base, ownerId: otto.id, homeworkId: reviewed.id }),
      404,
      HOMEWORK_NOT_FOUND,
    );
    await refusedLeavingNothing(() => add(staff(), { ...base, ownerId: coach.id }), 400);
  });

  test("a file of a refused type is refused with its message and leaves nothing", async () => {
    const mia = await client("Mia Html");
    const html = Buffer.from("<!doctype html><script>alert(1)</script>");
    await refusedLeavingNothing(
      () => add(own(mia), { ownerId: mia.id, kind: "other", name: "cv.pdf", bytes: html }),
      415,
      FILE_TYPE_REFUSED,
    );
  });

  test("past the owner's quota: refused with the quota's own message, nothing left behind", async () => {
    const mia = await client("Mia Quota");
    const limits = { maxBytes: 100_000, quotaBytes: 70_000 };
    const first = await add(
      own(mia),
      { ownerId: mia.id, kind: "resume", name: "a.pdf", bytes: pdf(30_000) },
      limits,
    );
    const room = limits.quotaBytes - first.size;
    await refusedLeavingNothing(
      () => add(own(mia), { ownerId: mia.id, kind: "resume", name: "b.pdf", bytes: pdf(50_000) }, limits),
      413,
      fileQuotaMessage(room, limits.quotaBytes),
    );
    // The coach's hand-back counts against the same total.
    await refusedLeavingNothing(
      () => add(staff(), { ownerId: mia.id, kind: "other", name: "c.pdf", bytes: pdf(50_000) }, limits),
      413,
      fileQuotaMessage(room, limits.quotaBytes),
    );
    expect(await usedBytes(db(), own(mia), mia.id)).toBe(first.size);
  });

  test("two uploads at once cannot pass the quota together: the second is refused and its object removed", async () => {
    const mia = await client("Mia Together");
    const limits = { maxBytes: 100_000, quotaBytes: 70_000 };
    const before = await disk.objects();
    // Each fits the room left when it starts; both together do not.
    const results = await Promise.allSettled([
      add(own(mia), { ownerId: mia.id, name: "one.pdf", bytes: pdf(40_000) }, limits),
      add(own(mia), { ownerId: mia.id, name: "two.pdf", bytes: pdf(40_000) }, limits),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected")?.reason as ModelRefusal;
    expect(refused.init?.status).toBe(413);
    const listed = await listFiles(db(), own(mia), mia.id);
    expect(listed).toHaveLength(1);
    expect((await disk.objects()).length).toBe(before.length + 1);
    expect(refused.data?.error).toBe(
      fileQuotaMessage(limits.quotaBytes - (listed[0]?.size ?? 0), limits.quotaBytes),
    );
  });

  test("the table refuses what the model never writes: no size, an unknown type, two attachments, a key twice", async () => {
    const mia = await client("Mia Constraints");
    const hw = await homeworkOf(mia.id);
    const lesson = await lessonOf(mia.id);
    const sha = "a".repeat(64);
    const insert = (overrides: {
      size?: number;
      type?: string;
      key?: string;
      both?: boolean;
      name?: string;
    }) =>
      db().execute(sql`INSERT INTO files (owner_id, name, size, type, sha256, storage_key, homework_id, lesson_id)
        VALUES (${mia.id}, ${overrides.name ?? "cv.pdf"}, ${overrides.size ?? 10}, ${overrides.type ?? "application/pdf"},
          ${sha}, ${overrides.key ?? randomUUID()}, ${overrides.both ? hw.id : null}, ${overrides.both ? lesson.id : null})`);
    await expectRefused(() => insert({ size: 0 }), CHECK_VIOLATION, "files_size_positive");
    await expectRefused(() => insert({ type: "text/html" }), CHECK_VIOLATION, "files_type_accepted");
    await expectRefused(() => insert({ both: true }), CHECK_VIOLATION, "files_one_attachment");
    await expectRefused(() => insert({ name: "  " }), CHECK_VIOLATION, "files_name_present");
    const key = randomUUID();
    await insert({ key });
    await expectRefused(() => insert({ key }), UNIQUE_VIOLATION, "files_storage_key_key");
  });

  test("when the row cannot be inserted, the stored object is deleted", async () => {
    const mia = await client("Mia Insert");
    const before = await disk.objects();
    // A kind the table refuses: the insert fails after the object was stored.
    const failed = await add(own(mia), {
      ownerId: mia.id,
      kind: "portfolio" as FileKind,
      name: "cv.pdf",
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect(await disk.objects()).toEqual(before);
    expect(await listFiles(db(), own(mia), mia.id)).toEqual([]);
  });
});

describe(`reading and deleting (${databaseLabel})`, () => {
  test("the owner and staff open a file; another client's id answers as a missing one", async () => {
    const mia = await client("Mia Open");
    const otto = await client("Otto Open");
    const bytes = pdf(12_345);
    const added = await add(own(mia), { ownerId: mia.id, kind: "resume", name: "cv.pdf", bytes });
    const mine = await openFile(db(), own(mia), store(), added.id);
    expect(mine.file).toEqual(added);
    expect((await bytesOf(mine.body)).equals(bytes)).toBe(true);
    expect((await auditOf(added.id)).map((e) => e.action)).toEqual(["file.add"]);

    const coachs = await openFile(db(), staff(), store(), added.id);
    expect((await bytesOf(coachs.body)).equals(bytes)).toBe(true);
    expect(await auditOf(added.id)).toContainEqual(
      expect.objectContaining({ action: "file.download", actorId: coach.id, targetId: mia.id }),
    );

    for (const id of [added.id, randomUUID(), "../../etc/passwd"]) {
      const refused = await modelRefusal(() => openFile(db(), own(otto), store(), id));
      expect(refused.init?.status).toBe(404);
      expect(refused.data?.error).toBe(FILE_NOT_FOUND);
    }
    await refusedLeavingNothing(() => listFiles(db(), own(otto), mia.id), 403, PERMISSION);
  });

  test("deleting removes the row, then the object; a client removes only what they added", async () => {
    const mia = await client("Mia Delete");
    const otto = await client("Otto Delete");
    const hers = await add(own(mia), { ownerId: mia.id, kind: "resume", name: "old.pdf" });
    const coachs = await add(staff(), { ownerId: mia.id, kind: "resume", name: "marked.pdf" });
    const [row] = await db().select().from(files).where(eq(files.id, hers.id));
    const key = row?.storageKey ?? "";

    await refusedLeavingNothing(() => deleteFile(db(), own(otto), store(), hers.id), 404, FILE_NOT_FOUND);
    await refusedLeavingNothing(
      () => deleteFile(db(), own(mia), store(), coachs.id),
      403,
      FILE_NOT_YOURS_TO_DELETE,
    );

    await deleteFile(db(), own(mia), store(), hers.id);
    expect(await db().select().from(files).where(eq(files.id, hers.id))).toEqual([]);
    expect(await disk.objects()).not.toContain(key);
    expect(await auditOf(hers.id)).toContainEqual(
      expect.objectContaining({
        action: "file.delete",
        actorId: mia.id,
        before: expect.objectContaining({ name: "old.pdf" }),
      }),
    );
    await deleteFile(db(), staff(), store(), coachs.id);
    expect(await listFiles(db(), own(mia), mia.id)).toEqual([]);
  });
});

describe(`the sweep (${databaseLabel})`, () => {
  test("removes an object no row names, keeps every object a row names", async () => {
    const mia = await client("Mia Sweep");
    const kept = await add(own(mia), { ownerId: mia.id, kind: "resume", name: "kept.pdf" });
    // What a crash between storing and inserting leaves.
    const orphan = await store().put(bodyOf(pdf()), LIMITS);
    const [row] = await db().select().from(files).where(eq(files.id, kept.id));
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000);
    const report = await sweepFiles(store(), { isKnown: isKnownFile(db()), now: later });
    expect(report.removedOrphans).toBeGreaterThanOrEqual(1);
    const objects = await disk.objects();
    expect(objects).not.toContain(orphan.key);
    expect(objects).toContain(row?.storageKey);
  });

  test("the scheduled sweep runs, reports, and stops", async () => {
    const orphan = await store().put(bodyOf(pdf()), LIMITS);
    const reported = new Promise((resolve) => {
      const sweeper = startFileSweep(store(), {
        isKnown: isKnownFile(db()),
        graceMs: -60_000, // everything counts as old enough
        firstAfterMs: 0,
        onReport: (report) => void sweeper.stop().then(() => resolve(report)),
      });
    });
    expect(await reported).toMatchObject({ removedOrphans: expect.any(Number) });
    expect(await disk.objects()).not.toContain(orphan.key);
  });
});

describe(`data rights (${databaseLabel})`, () => {
  test("the export lists the person's files, not their keys; deleting the person removes rows and objects", async () => {
    const mia = await client("Mia Rights");
    const bea = await client("Bea Bystander");
    const resume = await add(own(mia), { ownerId: mia.id, kind: "resume", name: "resume.pdf" });
    await add(staff(), { ownerId: mia.id, kind: "other", name: "notes.png", bytes: png() });
    const beas = await add(own(bea), { ownerId: bea.id, kind: "resume", name: "bea.pdf" });

    const exported = await exportPersonData(db(), authorize(mia, "self.export"));
    expect(exported.files.map((f) => [f.name, f.kind, f.size])).toEqual([
      ["resume.pdf", "resume", resume.size],
      ["notes.png", "other", expect.any(Number)],
    ]);
    expect(JSON.stringify(exported)).not.toMatch(/storageKey|storage_key|bea\.pdf/);

    const keys = (await db().select().from(files).where(eq(files.ownerId, mia.id))).map((f) => f.storageKey);
    const [beasRow] = await db().select().from(files).where(eq(files.id, beas.id));
    expect(keys).toHaveLength(2);
    await deletePerson(db(), authorize(admin, "profile.delete"), mia.id, store());
    expect(await db().select().from(files).where(eq(files.ownerId, mia.id))).toEqual([]);
    const objects = await disk.objects();
    for (const key of keys) expect(objects).not.toContain(key);
    expect(objects).toContain(beasRow?.storageKey);
    expect(
      await db()
        .select()
        .from(files)
        .where(and(eq(files.ownerId, bea.id))),
    ).toHaveLength(1);
  });
});
