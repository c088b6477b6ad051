import { desc, eq, sql } from "drizzle-orm";
import type { Link } from "~/domain/links";
import type { Db, DbOrTx } from "../db.server";
import { publishChange } from "../live/bus.server";
import { notifyLessonPosted } from "../mail/notify.server";
import type { Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { refuse } from "../refusal.server";
import { lessons, profiles } from "../schema";
import { recordChange } from "./audit.server";
import { recordFiles, type StagedFile } from "./files.server";

// Each function takes the permit it needs (app/server/policy.server.ts); each change is one transaction
// with its audit row.

export type LessonInput = {
  clientId: string;
  title: string;
  notes: string | null;
  occurredAt: Date;
  recordingUrl: string | null;
  resources: Link[];
};

async function assertClientForLesson(tx: DbOrTx, clientId: string) {
  const [client] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, clientId));
  // docs/product/validation.md: only role client is selectable.
  if (client?.role !== "client") refuse("Select a client.", 400);
}

/** The coach's files for a lesson, staged as they streamed (app/server/entries/staged-upload.server.ts). */
export type LessonFiles = { permit: Permit<"files.manage">; staged: readonly StagedFile[] } | null;

export async function createLesson(
  db: Db,
  permit: Permit<"lesson.create">,
  input: LessonInput,
  files: LessonFiles = null,
) {
  const { actor } = permit;
  return db.transaction(async (tx) => {
    await assertClientForLesson(tx, input.clientId);
    const [created] = await tx
      .insert(lessons)
      .values({ ...input, coachId: actor.id })
      .returning();
    if (!created) throw new Error("lesson insert returned nothing");
    const attached = files ? await recordFiles(tx, files.permit, files.staged, { lessonId: created.id }) : [];
    await notifyLessonPosted(tx, input.clientId, { ...created, files: attached.map((file) => file.name) });
    await recordChange(
      tx,
      permit,
      {
        action: "lesson.create",
        targetId: input.clientId,
        entity: "lesson",
        entityId: created.id,
        after: { title: created.title, occurredAt: created.occurredAt.toISOString() },
      },
      { kind: "lesson", clientId: input.clientId },
    );
    return created;
  });
}

export async function getLesson(db: Db, _permit: Permit<"lesson.edit">, lessonId: string) {
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (!lesson) refuse("That lesson was not found.", 404);
  return lesson;
}

export async function updateLesson(
  db: Db,
  permit: Permit<"lesson.edit">,
  lessonId: string,
  input: LessonInput,
  files: LessonFiles = null,
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).for("update");
    if (!current) refuse("That lesson was not found.", 404);
    await assertClientForLesson(tx, input.clientId);
    const [updated] = await tx.update(lessons).set(input).where(eq(lessons.id, lessonId)).returning();
    // After the update: a lesson moved to another client takes files staged for that client.
    if (files) await recordFiles(tx, files.permit, files.staged, { lessonId });
    await recordChange(
      tx,
      permit,
      {
        action: "lesson.update",
        targetId: input.clientId,
        entity: "lesson",
        entityId: lessonId,
        before: { title: current.title, clientId: current.clientId },
        after: { title: input.title, clientId: input.clientId },
      },
      { kind: "lesson", clientId: input.clientId },
    );
    if (current.clientId !== input.clientId) {
      await publishChange(tx, { kind: "lesson", clientId: current.clientId });
    }
    return updated;
  });
}

export async function deleteLesson(db: Db, permit: Permit<"lesson.edit">, lessonId: string) {
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(lessons).where(eq(lessons.id, lessonId)).returning();
    if (!removed) refuse("That lesson was not found.", 404);
    await recordChange(
      tx,
      permit,
      {
        action: "lesson.delete",
        targetId: removed.clientId,
        entity: "lesson",
        entityId: lessonId,
        before: { title: removed.title, occurredAt: removed.occurredAt.toISOString() },
      },
      { kind: "lesson", clientId: removed.clientId },
    );
    return removed;
  });
}

const lessonsStatement = preparedPer((db) =>
  db
    .select({
      id: lessons.id,
      title: lessons.title,
      occurredAt: lessons.occurredAt,
      recordingUrl: lessons.recordingUrl,
    })
    .from(lessons)
    .where(eq(lessons.clientId, sql.placeholder("clientId")))
    .orderBy(desc(lessons.occurredAt))
    .prepare("lessons_of_client"),
);

export async function lessonsFor(db: Db, _permit: Permit<"client.read">, clientId: string) {
  return lessonsStatement(db).execute({ clientId });
}
