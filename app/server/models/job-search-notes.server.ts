import { and, desc, eq, type SQL } from "drizzle-orm";
import { JOB_MESSAGES } from "~/lib/schemas/job-search";
import { NOTE_MESSAGES, type NoteInput, noteSchema } from "~/lib/schemas/job-search-notes";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { profiles } from "../schema";
import { jobApplicationNotes, jobApplications } from "../schema-job-search";
import { recordChange } from "./audit.server";
import { theirApplication } from "./job-search-read.server";

// Staff notes on a client's applications (docs/decisions/0053-job-search.md, "Staff notes"): staff write
// and read them all; the client reads only the shared ones, on their own application. Each change is audited
// and announced, so the client's open page and other staff's pages revalidate.

const noteColumns = {
  id: jobApplicationNotes.id,
  applicationId: jobApplicationNotes.applicationId,
  body: jobApplicationNotes.body,
  visibility: jobApplicationNotes.visibility,
  createdAt: jobApplicationNotes.createdAt,
  author: profiles.fullName,
};

export async function addApplicationNote(
  db: Db,
  permit: Permit<"job-search.note">,
  clientId: string,
  input: NoteInput,
) {
  const parsed = noteSchema.safeParse(input);
  if (!parsed.success) refuse(parsed.error.issues[0]?.message ?? NOTE_MESSAGES.body, 400);
  const { applicationId, body, shared } = parsed.data;
  return db.transaction(async (tx) => {
    const [application] = await tx
      .select({ id: jobApplications.id })
      .from(jobApplications)
      .where(theirApplication(applicationId, clientId));
    if (!application) refuse(JOB_MESSAGES.notFound, 404);
    const visibility = shared ? "shared" : "staff";
    const [note] = await tx
      .insert(jobApplicationNotes)
      .values({ applicationId, body, visibility, authorId: permit.actor.id })
      .returning({ id: jobApplicationNotes.id });
    await recordChange(
      tx,
      permit,
      {
        action: "job-search.note",
        targetId: clientId,
        entity: "job_application_notes",
        entityId: note?.id ?? null,
        after: { applicationId, visibility },
      },
      { kind: "application", clientId },
    );
    return { message: shared ? "Note shared with the client." : "Note saved for staff." };
  });
}

export async function deleteApplicationNote(
  db: Db,
  permit: Permit<"job-search.note">,
  clientId: string,
  noteId: string,
) {
  await db.transaction(async (tx) => {
    const [note] = await tx
      .select({
        id: jobApplicationNotes.id,
        visibility: jobApplicationNotes.visibility,
        applicationId: jobApplicationNotes.applicationId,
      })
      .from(jobApplicationNotes)
      .innerJoin(jobApplications, eq(jobApplications.id, jobApplicationNotes.applicationId))
      .where(and(eq(jobApplicationNotes.id, noteId), eq(jobApplications.clientId, clientId)));
    if (!note) refuse(NOTE_MESSAGES.notFound, 404);
    await tx.delete(jobApplicationNotes).where(eq(jobApplicationNotes.id, noteId));
    await recordChange(
      tx,
      permit,
      {
        action: "job-search.note-delete",
        targetId: clientId,
        entity: "job_application_notes",
        entityId: noteId,
        before: { applicationId: note.applicationId, visibility: note.visibility },
      },
      { kind: "application", clientId },
    );
  });
}

/** Notes with their author, newest first, on the applications `where` picks (joined as `jobApplications`). */
function notesWhere(db: Db, where: SQL | undefined) {
  return db
    .select(noteColumns)
    .from(jobApplicationNotes)
    .innerJoin(jobApplications, eq(jobApplications.id, jobApplicationNotes.applicationId))
    .leftJoin(profiles, eq(profiles.id, jobApplicationNotes.authorId))
    .where(where)
    .orderBy(desc(jobApplicationNotes.createdAt));
}

/** Every note on the client's applications, newest first, for staff. */
export function notesOf(db: Db, _permit: Permit<"job-search.read">, clientId: string) {
  return notesWhere(db, eq(jobApplications.clientId, clientId));
}

/** The shared notes on one of the client's own applications; staff-only notes never leave the server for them. */
export function sharedNotesOnOwn(db: Db, permit: Permit<"job-search.own">, applicationId: string) {
  return notesWhere(
    db,
    and(
      eq(jobApplicationNotes.applicationId, applicationId),
      eq(jobApplications.clientId, permit.actor.id),
      eq(jobApplicationNotes.visibility, "shared"),
    ),
  );
}
