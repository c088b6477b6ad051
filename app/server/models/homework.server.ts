import { and, asc, eq, sql } from "drizzle-orm";
import type { Link } from "~/domain/links";
import type { Db } from "../db.server";
import { notifyHomeworkAssigned, notifyHomeworkReviewed } from "../mail/notify.server";
import type { Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { refuse } from "../refusal.server";
import { homework } from "../schema";
import { recordChange } from "./audit.server";
import { lockClient } from "./client-lock.server";
import { recordFiles, type StagedFile } from "./files.server";

// Each function takes the permit it needs (app/server/policy.server.ts); each change is one transaction
// with its audit row.

const homeworkStatement = preparedPer((db) =>
  db
    .select()
    .from(homework)
    .where(eq(homework.clientId, sql.placeholder("clientId")))
    .orderBy(asc(homework.dueDate), asc(homework.createdAt))
    .prepare("homework_of_client"),
);

export async function homeworkFor(db: Db, _permit: Permit<"client.read">, clientId: string) {
  return homeworkStatement(db).execute({ clientId });
}

export async function assignHomework(
  db: Db,
  permit: Permit<"homework.assign">,
  clientId: string,
  input: { title: string; dueDate: string | null; description: string | null; links: Link[] },
) {
  const { actor } = permit;
  return db.transaction(async (tx) => {
    await lockClient(tx, permit, clientId);
    const [created] = await tx
      .insert(homework)
      .values({ clientId, assignedBy: actor.id, status: "assigned", ...input })
      .returning();
    await notifyHomeworkAssigned(tx, clientId, input);
    await recordChange(
      tx,
      permit,
      {
        action: "homework.assign",
        targetId: clientId,
        entity: "homework",
        entityId: created?.id,
        after: { title: input.title, dueDate: input.dueDate },
      },
      { kind: "homework", clientId },
    );
    return created;
  });
}

/** submitted → reviewed, with the coach's files (staged by app/server/entries/staged-upload.server.ts), if any. */
export async function reviewHomework(
  db: Db,
  permit: Permit<"homework.review">,
  homeworkId: string,
  feedback: string | null,
  clientId: string,
  files: { permit: Permit<"files.manage">; staged: readonly StagedFile[] } | null = null,
) {
  const { actor } = permit;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(homework)
      .where(and(eq(homework.id, homeworkId), eq(homework.clientId, clientId)))
      .for("update");
    if (!current) refuse("That homework was not found.", 404);
    if (current.status !== "submitted") {
      refuse("Only handed-in homework can be reviewed.", 409);
    }
    const [updated] = await tx
      .update(homework)
      .set({ status: "reviewed", feedback, reviewedAt: sql`now()`, reviewedBy: actor.id })
      .where(eq(homework.id, homeworkId))
      .returning();
    const attached = files ? await recordFiles(tx, files.permit, files.staged, { homeworkId }) : [];
    await notifyHomeworkReviewed(tx, current.clientId, {
      title: current.title,
      feedback,
      files: attached.map((file) => file.name),
    });
    await recordChange(
      tx,
      permit,
      {
        action: "homework.review",
        targetId: current.clientId,
        entity: "homework",
        entityId: homeworkId,
        before: { status: current.status },
        after: { status: "reviewed", feedback },
      },
      { kind: "homework", clientId: current.clientId },
    );
    return updated;
  });
}
