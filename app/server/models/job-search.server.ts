import { eq, sql } from "drizzle-orm";
import { isJobStage, type JobStage, planMove } from "~/domain/job-search";
import { problemOf } from "~/lib/forms";
import { type ApplicationInput, applicationFieldsSchema, JOB_MESSAGES } from "~/lib/schemas/job-search";
import { invalid } from "../action-result.server";
import type { Db, DbOrTx } from "../db.server";
import { publishChange } from "../live/bus.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { jobApplicationMoves, jobApplications } from "../schema-job-search";
import { theirApplication, todayFor } from "./job-search-read.server";

// The client's changes to their own job search (docs/decisions/0053-job-search.md). Each is one
// transaction: the row, its move if the stage changes, and the live event that refreshes open pages. Another
// client's application answers exactly as a missing one (404), as homework does (models/portal.server.ts).
// A client's own records carry no audit row, as a hand-in does not; staff changes (phase 2) will.

type Own = Permit<"job-search.own">;

/** Checked again here, with the form's own schema: no caller stores what the form would refuse. */
function checked(input: ApplicationInput) {
  const parsed = applicationFieldsSchema.safeParse(input);
  if (!parsed.success) {
    const problem = problemOf(parsed.error);
    throw invalid(problem.error, problem.field ?? undefined);
  }
  return parsed.data;
}

/** A stage the server knows, or a 400 that names the field. */
function knownStage(stage: string): JobStage {
  if (!isJobStage(stage)) throw invalid(JOB_MESSAGES.unknownStage, "stage");
  return stage;
}

const changed = (tx: DbOrTx, clientId: string) => publishChange(tx, { kind: "application", clientId });

/** A change to the client's own search: one transaction, ending with the live event for their open pages. */
export function changeTheirSearch<T>(
  db: DbOrTx,
  permit: Own,
  change: (tx: DbOrTx, clientId: string) => Promise<T>,
): Promise<T> {
  const clientId = permit.actor.id;
  return db.transaction(async (tx) => {
    const result = await change(tx, clientId);
    await changed(tx, clientId);
    return result;
  });
}

export async function createApplication(db: Db, permit: Own, input: ApplicationInput, stage: string) {
  const fields = checked(input);
  const to = knownStage(stage);
  return changeTheirSearch(db, permit, async (tx, clientId) => {
    const appliedOn = fields.appliedOn ?? (await todayFor(tx, clientId));
    const [created] = await tx
      .insert(jobApplications)
      .values({ ...fields, appliedOn, clientId, stage: to })
      .returning();
    if (!created) throw new Error("the insert returned no row");
    await tx.insert(jobApplicationMoves).values({
      applicationId: created.id,
      fromStage: null,
      toStage: to,
      movedAt: created.stageChangedAt,
      movedBy: clientId,
    });
    return created;
  });
}

export async function editApplication(db: Db, permit: Own, applicationId: string, input: ApplicationInput) {
  const fields = checked(input);
  return changeTheirSearch(db, permit, async (tx, clientId) => {
    const appliedOn = fields.appliedOn ?? (await todayFor(tx, clientId));
    const [updated] = await tx
      .update(jobApplications)
      .set({ ...fields, appliedOn })
      .where(theirApplication(applicationId, clientId))
      .returning();
    if (!updated) refuse(JOB_MESSAGES.notFound, 404);
    return updated;
  });
}

/**
 * To any other stage, with a row in the history; to the stage it is in, nothing (`moved: false`). The
 * application's row is locked, so two moves at once are applied one after the other.
 */
export async function moveApplication(db: DbOrTx, permit: Own, applicationId: string, stage: string) {
  const to = knownStage(stage);
  const clientId = permit.actor.id;
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select({ stage: jobApplications.stage })
      .from(jobApplications)
      .where(theirApplication(applicationId, clientId))
      .for("update");
    if (!current) refuse(JOB_MESSAGES.notFound, 404);
    const move = planMove(current.stage, to);
    if (move.kind === "same") return { moved: false as const, stage: current.stage };
    const [row] = await tx
      .insert(jobApplicationMoves)
      .values({ applicationId, fromStage: move.from, toStage: move.to, movedBy: clientId })
      .returning({ movedAt: jobApplicationMoves.movedAt });
    await tx
      .update(jobApplications)
      .set({ stage: move.to, stageChangedAt: row?.movedAt ?? sql`now()` })
      .where(eq(jobApplications.id, applicationId));
    await changed(tx, clientId);
    return { moved: true as const, stage: move.to };
  });
}

/** Gone with its history; the client confirmed on the page. */
export async function deleteApplication(db: Db, permit: Own, applicationId: string) {
  return changeTheirSearch(db, permit, async (tx, clientId) => {
    const [gone] = await tx
      .delete(jobApplications)
      .where(theirApplication(applicationId, clientId))
      .returning({ id: jobApplications.id, company: jobApplications.company });
    if (!gone) refuse(JOB_MESSAGES.notFound, 404);
    return gone;
  });
}
