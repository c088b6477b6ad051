import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { JOB_MESSAGES } from "~/lib/schemas/job-search";
import { NOTE_MESSAGES } from "~/lib/schemas/job-search-notes";
import { createApplication } from "~/server/models/job-search.server";
import {
  addApplicationNote,
  deleteApplicationNote,
  notesOf,
  sharedNotesOnOwn,
} from "~/server/models/job-search-notes.server";
import { jobSearchForExport } from "~/server/models/job-search-read.server";
import { authorize } from "~/server/policy.server";
import { auditEvents } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { APPLICATION_FIELDS } from "../support/job-outcomes";
import { insertPerson } from "../support/people";
import { modelDatabaseForFile } from "../support/test-database";

// Staff notes on a client's applications (docs/decisions/0053-job-search.md, "Staff notes") on a real database:
// staff read every note, the client only the shared ones on their own application; each change audited.

const { db, refusedUnchanged } = modelDatabaseForFile();

describe(`staff notes on applications, on ${databaseLabel}`, () => {
  let coach: Viewer;
  let nia: Viewer;
  let other: Viewer;
  beforeAll(async () => {
    coach = await insertPerson(db(), "coach", null, "Cora Notes");
    nia = await insertPerson(db(), "client", "pro", "Nia Notes");
    other = await insertPerson(db(), "client", "pro", "Omar Other");
  });
  const note = () => authorize(coach, "job-search.note");
  const applicationOf = async (person: Viewer) =>
    (await createApplication(db(), authorize(person, "job-search.own"), APPLICATION_FIELDS, "applied")).id;

  test("a staff note and a shared one: staff read both, the client only the shared one, each audited", async () => {
    const id = await applicationOf(nia);
    await addApplicationNote(db(), note(), nia.id, {
      applicationId: id,
      body: "Weak on system design.",
      shared: false,
    });
    await addApplicationNote(db(), note(), nia.id, {
      applicationId: id,
      body: "Ask about the team's on-call.",
      shared: true,
    });
    const staffView = await notesOf(db(), authorize(coach, "job-search.read"), nia.id);
    expect(staffView.map((n) => [n.body, n.visibility, n.author])).toEqual([
      ["Ask about the team's on-call.", "shared", "Cora Notes"],
      ["Weak on system design.", "staff", "Cora Notes"],
    ]);
    const clientView = await sharedNotesOnOwn(db(), authorize(nia, "job-search.own"), id);
    expect(clientView.map((n) => n.body)).toEqual(["Ask about the team's on-call."]);
    // Her data export holds the shared one, not the staff note.
    const exported = await jobSearchForExport(db(), authorize(nia, "self.export"));
    expect(exported.jobApplicationNotes.map((n) => n.body)).toEqual(["Ask about the team's on-call."]);
    // Another client asking for Nia's application by id reads nothing.
    expect(await sharedNotesOnOwn(db(), authorize(other, "job-search.own"), id)).toEqual([]);
    const audits = await db()
      .select({ action: auditEvents.action, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, nia.id), eq(auditEvents.actorId, coach.id)));
    expect(audits.map((a) => a.action).sort()).toEqual(["job-search.note", "job-search.note"]);
  });

  test("a note on another client's application, a blank or too long one is refused and stores nothing", async () => {
    const theirs = await applicationOf(other);
    await refusedUnchanged(
      () => addApplicationNote(db(), note(), nia.id, { applicationId: theirs, body: "x", shared: false }),
      404,
      JOB_MESSAGES.notFound,
    );
    const mine = await applicationOf(nia);
    await refusedUnchanged(
      () => addApplicationNote(db(), note(), nia.id, { applicationId: mine, body: "   ", shared: true }),
      400,
      NOTE_MESSAGES.body,
    );
    await refusedUnchanged(
      () =>
        addApplicationNote(db(), note(), nia.id, {
          applicationId: mine,
          body: "n".repeat(2001),
          shared: true,
        }),
      400,
    );
  });

  test("deleting: only a note on this client's applications, audited; the client no longer reads it", async () => {
    const id = await applicationOf(nia);
    await addApplicationNote(db(), note(), nia.id, {
      applicationId: id,
      body: "Shared then gone.",
      shared: true,
    });
    const [made] = await sharedNotesOnOwn(db(), authorize(nia, "job-search.own"), id);
    if (!made) throw new Error("no note");
    await refusedUnchanged(
      () => deleteApplicationNote(db(), note(), other.id, made.id),
      404,
      NOTE_MESSAGES.notFound,
    );
    await deleteApplicationNote(db(), note(), nia.id, made.id);
    expect(await sharedNotesOnOwn(db(), authorize(nia, "job-search.own"), id)).toEqual([]);
    const [deleted] = await db()
      .select({ before: auditEvents.before })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "job-search.note-delete"), eq(auditEvents.entityId, made.id)));
    expect(deleted?.before).toEqual({ applicationId: id, visibility: "shared" });
  });
});
