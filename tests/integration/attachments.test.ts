import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { homeworkSubmissionForm } from "~/lib/schemas/homework";
import { mailContext } from "~/server/mail/outbox.server";
import {
  addFile,
  deleteFile,
  discardStaged,
  type FilePermit,
  HOMEWORK_REVIEWED,
  listFiles,
  type StagedFile,
  stageFile,
} from "~/server/models/files.server";
import { reviewHomework } from "~/server/models/homework.server";
import { createLesson, type LessonInput, updateLesson } from "~/server/models/lessons.server";
import { submitHomework } from "~/server/models/portal.server";
import { authorize } from "~/server/policy.server";
import { auditEvents, files, homework, lessons, profiles } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { fileStoreForFile } from "../support/file-store";
import { recordEvents } from "../support/live-events";
import { deliverQueued } from "../support/mail-delivery";
import { insertPerson } from "../support/people";
import { modelRefusal } from "../support/refusal";
import { docx, pdf, png } from "../support/sample-files";
import type { TestSmtp } from "../support/smtp";
import { openDatabaseForFile } from "../support/test-database";

// Files that go with a change (docs/decisions/0043-file-storage.md, "Attachments"): a hand-in, a review, a
// lesson (app/routes/admin/lesson-action.server.ts). The route stages each file as it streams (stageFile)
// and the change records them in its own transaction, so they go in together or not at all.

const database = openDatabaseForFile();
const db = () => database().db;
const disk = fileStoreForFile();
const store = () => disk.store();
const LIMITS = { maxBytes: 1024 * 1024, quotaBytes: 10 * 1024 * 1024 };

let coach: Viewer;
beforeAll(async () => {
  coach = await insertPerson(db(), "coach", null, "Cole Attach");
});

const client = (name: string) => insertPerson(db(), "client", "pro", name);
const own = (viewer: Viewer) => authorize(viewer, "files.own");
const staff = () => authorize(coach, "files.manage");

async function assigned(clientId: string, title = "Update your resume") {
  const [row] = await db()
    .insert(homework)
    .values({ clientId, assignedBy: coach.id, title, status: "assigned" })
    .returning();
  if (!row) throw new Error("no homework");
  return row.id;
}

/**
 * As the route does (receiveFormWithFiles): each file staged as it arrives, counted against the quota with
 * those before it; a refusal drops what was staged. A lesson's are staged for the client alone (a new
 * lesson has no id yet).
 */
async function stage(
  permit: FilePermit,
  ownerId: string,
  homeworkId: string | null,
  given: [string, Buffer][],
) {
  const staged: StagedFile[] = [];
  try {
    for (const [name, bytes] of given) {
      const before = staged.reduce((sum, one) => sum + one.stored.size, 0);
      const input = { ownerId, homeworkId, kind: "other" as const, name, body: Readable.from([bytes]) };
      staged.push(await stageFile(db(), permit, store(), input, { limits: LIMITS, staged: before }));
    }
    return staged;
  } catch (error) {
    await discardStaged(store(), staged);
    throw error;
  }
}

const handIn = (who: Viewer, homeworkId: string, staged: StagedFile[], url: string | null = null) =>
  submitHomework(
    db(),
    authorize(who, "homework.submit-own"),
    homeworkId,
    { url, note: null },
    {
      permit: own(who),
      staged,
    },
  );

describe(`a hand-in with files on ${databaseLabel}`, () => {
  test("the form takes a file alone; nothing at all is refused", () => {
    const form = (entries: [string, string | File][]) => {
      const data = new FormData();
      for (const [name, value] of entries) data.append(name, value);
      return data;
    };
    const id = "3f1d4c1e-8a53-4e0b-9d2a-7a3c2b1d0e9f";
    expect(
      homeworkSubmissionForm.parse(
        form([
          ["homeworkId", id],
          ["file", new File(["x"], "cv.pdf")],
        ]),
      ),
    ).toMatchObject({
      ok: true,
      data: { url: null, note: null, files: 1 },
    });
    // An empty file input sends one nameless, empty part.
    expect(
      homeworkSubmissionForm.parse(
        form([
          ["homeworkId", id],
          ["file", new File([], "")],
        ]),
      ),
    ).toMatchObject({
      ok: false,
      error: "Add a link, a note or a file before submitting.",
      field: "url",
    });
  });

  test("a file alone is handed in: the homework is submitted and the file attached to it, audited", async () => {
    const mia = await client("Mia Hand-in");
    const homeworkId = await assigned(mia.id);
    const staged = await stage(own(mia), mia.id, homeworkId, [
      ["resume.pdf", pdf(5_000)],
      ["portfolio.png", png(100)],
    ]);
    expect(await disk.objects()).toEqual(expect.arrayContaining(staged.map((s) => s.stored.key)));
    expect(await listFiles(db(), own(mia), mia.id)).toEqual([]); // staged: no row yet

    expect(await handIn(mia, homeworkId, staged)).toEqual({ id: homeworkId, status: "submitted" });
    const attached = await listFiles(db(), own(mia), mia.id);
    expect(attached.map((f) => [f.name, f.homeworkId, f.uploadedBy]).sort()).toEqual([
      ["portfolio.png", homeworkId, mia.id],
      ["resume.pdf", homeworkId, mia.id],
    ]);
    const added = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, mia.id), eq(auditEvents.action, "file.add")));
    expect(added).toHaveLength(2);
  });

  test("a hand-in refused after its files were staged leaves no row and, once discarded, no object", async () => {
    const mia = await client("Mia Late");
    const homeworkId = await assigned(mia.id);
    const staged = await stage(own(mia), mia.id, homeworkId, [["resume.pdf", pdf(1_000)]]);
    // Reviewed in the meantime (the coach was quicker).
    const now = new Date();
    await db()
      .update(homework)
      .set({ status: "reviewed", submittedAt: now, reviewedAt: now })
      .where(eq(homework.id, homeworkId));
    const refused = await modelRefusal(() => handIn(mia, homeworkId, staged));
    expect(refused.init?.status).toBe(409);
    expect(refused.data?.error).toBe(HOMEWORK_REVIEWED);
    await discardStaged(store(), staged);
    expect(await db().select().from(files).where(eq(files.ownerId, mia.id))).toEqual([]);
    expect(await disk.objects()).not.toContain(staged[0]?.stored.key);
  });

  test("a file for someone else's homework is refused before a byte is stored", async () => {
    const mia = await client("Mia Other");
    const otto = await client("Otto Other");
    const ottos = await assigned(otto.id);
    const before = await disk.objects();
    const refused = await modelRefusal(() => stage(own(mia), mia.id, ottos, [["x.pdf", pdf()]]));
    expect(refused.init?.status).toBe(404);
    expect(await disk.objects()).toEqual(before);
  });

  test("the quota counts the files staged before in the same form", async () => {
    const mia = await client("Mia Quota");
    const homeworkId = await assigned(mia.id);
    const small = { ...LIMITS, quotaBytes: 12_000 };
    const first = await stageFile(
      db(),
      own(mia),
      store(),
      { ownerId: mia.id, homeworkId, kind: "other", name: "a.pdf", body: Readable.from([pdf(8_000)]) },
      { limits: small },
    );
    const refused = await modelRefusal(() =>
      stageFile(
        db(),
        own(mia),
        store(),
        { ownerId: mia.id, homeworkId, kind: "other", name: "b.pdf", body: Readable.from([pdf(8_000)]) },
        { limits: small, staged: first.stored.size },
      ),
    );
    expect(refused.init?.status).toBe(413);
    await discardStaged(store(), [first]);
  });
});

const servers: TestSmtp[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

describe(`the coach hands back files with a review on ${databaseLabel}`, () => {
  test("the review attaches them, and its email names them with the portal page, never attaching them", async () => {
    const mia = await client("Mia Review");
    const homeworkId = await assigned(mia.id, "Resume, first draft");
    await handIn(mia, homeworkId, [], "https://example.com/draft");
    const staged = await stage(staff(), mia.id, homeworkId, [
      ["resume (marked up).docx", docx()],
      ["notes.pdf", pdf(2_000)],
    ]);
    const events = await recordEvents(database().bus);
    await reviewHomework(db(), authorize(coach, "homework.review"), homeworkId, "See my notes.", mia.id, {
      permit: staff(),
      staged,
    });
    await events.waitFor(
      (event) => event.kind === "file" && "clientId" in event && event.clientId === mia.id,
    );
    await events.stop();

    const back = (await listFiles(db(), own(mia), mia.id)).filter((f) => f.uploadedBy === coach.id);
    expect(back.map((f) => [f.name, f.homeworkId]).sort()).toEqual([
      ["notes.pdf", homeworkId],
      ["resume (marked up).docx", homeworkId],
    ]);

    // Every email waiting goes out (the hand-ins told the coach too).
    const received = await deliverQueued(db(), (server) => servers.push(server));
    const review = received.find((mail) => mail.parsed.subject === "Homework reviewed: Resume, first draft");
    expect(review?.envelopeTo).toEqual([mia.email]);
    const text = review?.parsed.text ?? "";
    expect(text).toContain("Your coach attached 2 files: resume (marked up).docx, notes.pdf.");
    expect(text).toContain(`${mailContext().origin}/homework`);
    expect(review?.parsed.attachments).toEqual([]);
  });

  test("removing a file tells the owner's open pages", async () => {
    const mia = await client("Mia Remove");
    const added = await addFile(
      db(),
      own(mia),
      store(),
      { ownerId: mia.id, kind: "resume", name: "cv.pdf", body: Readable.from([pdf()]) },
      LIMITS,
    );
    const events = await recordEvents(database().bus);
    await deleteFile(db(), own(mia), store(), added.id);
    expect(await events.waitFor((event) => event.kind === "file")).toEqual({
      kind: "file",
      clientId: mia.id,
    });
    await events.stop();
  });
});

const lesson = (clientId: string, title: string): LessonInput => ({
  clientId,
  title,
  notes: null,
  occurredAt: new Date("2026-03-02T15:00:00Z"),
  recordingUrl: null,
  resources: [],
});

const rowsOf = (ownerId: string) => db().select().from(files).where(eq(files.ownerId, ownerId));

describe(`the coach's files on a lesson on ${databaseLabel}`, () => {
  test("a new lesson records its files, audited, and its email names them with /lessons, never attaching them", async () => {
    const mia = await client("Mia Lesson");
    const staged = await stage(staff(), mia.id, null, [
      ["interview notes.pdf", pdf(3_000)],
      ["resume (marked up).docx", docx()],
    ]);
    const created = await createLesson(
      db(),
      authorize(coach, "lesson.create"),
      lesson(mia.id, "Mock interview"),
      {
        permit: staff(),
        staged,
      },
    );

    const attached = await listFiles(db(), staff(), mia.id);
    expect(attached.map((f) => [f.name, f.lessonId, f.uploadedBy]).sort()).toEqual([
      ["interview notes.pdf", created.id, coach.id],
      ["resume (marked up).docx", created.id, coach.id],
    ]);
    expect(await disk.objects()).toEqual(expect.arrayContaining(staged.map((s) => s.stored.key)));
    const audited = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, mia.id), eq(auditEvents.action, "file.add")));
    expect(audited).toHaveLength(2);

    const received = await deliverQueued(db(), (server) => servers.push(server));
    const posted = received.find((mail) => mail.parsed.subject === "Lesson posted: Mock interview");
    expect(posted?.envelopeTo).toEqual([mia.email]);
    const text = posted?.parsed.text ?? "";
    expect(text).toContain(
      `Your coach attached 2 files: interview notes.pdf, resume (marked up).docx. Download them from ${mailContext().origin}/lessons (sign in first).`,
    );
    expect(posted?.parsed.attachments).toEqual([]);
  });

  test("an edit adds files to the lesson", async () => {
    const mia = await client("Mia Edit");
    const created = await createLesson(db(), authorize(coach, "lesson.create"), lesson(mia.id, "Kick-off"));
    const staged = await stage(staff(), mia.id, null, [["plan.pdf", pdf(1_000)]]);
    await updateLesson(db(), authorize(coach, "lesson.edit"), created.id, lesson(mia.id, "Kick-off call"), {
      permit: staff(),
      staged,
    });
    expect((await rowsOf(mia.id)).map((f) => [f.name, f.lessonId])).toEqual([["plan.pdf", created.id]]);
  });

  test("a refused file leaves nothing: no lesson, no file row, no stored object", async () => {
    const mia = await client("Mia Refused");
    const before = await disk.objects();
    // The first file is stored as it streams; the second is HTML, refused on its first bytes.
    const refused = await modelRefusal(() =>
      stage(staff(), mia.id, null, [
        ["notes.pdf", pdf(2_000)],
        ["page.pdf", Buffer.from("<!doctype html><html><body>hi</body></html>")],
      ]),
    );
    expect(refused.init?.status).toBe(415);
    expect(await db().select().from(lessons).where(eq(lessons.clientId, mia.id))).toEqual([]);
    expect(await rowsOf(mia.id)).toEqual([]);
    expect(await disk.objects()).toEqual(before);
  });

  test("a lesson refused after its files were staged records none of them", async () => {
    const mia = await client("Mia Gone");
    const staged = await stage(staff(), mia.id, null, [["notes.pdf", pdf(1_000)]]);
    // No longer a client by the time the lesson is written.
    await db().update(profiles).set({ role: "coach" }).where(eq(profiles.id, mia.id));
    const refused = await modelRefusal(() =>
      createLesson(db(), authorize(coach, "lesson.create"), lesson(mia.id, "Too late"), {
        permit: staff(),
        staged,
      }),
    );
    expect(refused.data?.error).toBe("Select a client.");
    await discardStaged(store(), staged);
    expect(await db().select().from(lessons).where(eq(lessons.clientId, mia.id))).toEqual([]);
    expect(await rowsOf(mia.id)).toEqual([]);
    expect(await disk.objects()).not.toContain(staged[0]?.stored.key);
  });
});
