import { and, asc, desc, eq, sql } from "drizzle-orm";
import { SERVER_TIME_ZONE, wallClockIn } from "~/lib/local-time";
import { JOB_MESSAGES } from "~/lib/schemas/job-search";
import type { Db, DbOrTx } from "../db.server";
import type { Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { refuse } from "../refusal.server";
import { emailPreferences, profiles } from "../schema";
import { jobApplicationMoves, jobApplicationNotes, jobApplications } from "../schema-job-search";

// Reading the job search (docs/decisions/0053-job-search.md): the client's own, staff's view of a client's,
// and the export. The board and the list are one query whatever the count; an application's page is two.

/** Application `applicationId` when it is `clientId`'s: a client's reads and writes of one are bound to them. */
export const theirApplication = (applicationId: string, clientId: string) =>
  and(eq(jobApplications.id, applicationId), eq(jobApplications.clientId, clientId));

/** What a card and a row show: every column but the notes, which only the application's page shows. */
const cardColumns = {
  id: jobApplications.id,
  company: jobApplications.company,
  role: jobApplications.role,
  url: jobApplications.url,
  level: jobApplications.level,
  location: jobApplications.location,
  remote: jobApplications.remote,
  source: jobApplications.source,
  appliedOn: jobApplications.appliedOn,
  stage: jobApplications.stage,
  stageChangedAt: jobApplications.stageChangedAt,
  createdAt: jobApplications.createdAt,
};

const cardsStatement = preparedPer((db) =>
  db
    .select(cardColumns)
    .from(jobApplications)
    .where(eq(jobApplications.clientId, sql.placeholder("clientId")))
    .orderBy(desc(jobApplications.appliedOn), desc(jobApplications.createdAt))
    .prepare("job_applications_of_client"),
);

export type ApplicationCard = Awaited<ReturnType<ReturnType<typeof cardsStatement>["execute"]>>[number];

/** The client's applications, newest first: the board and the list sort and group them (app/domain/job-search.ts). */
export async function ownApplications(db: Db, permit: Permit<"job-search.own">): Promise<ApplicationCard[]> {
  return cardsStatement(db).execute({ clientId: permit.actor.id });
}

/** A client's applications as staff read them (phase 1: read only). */
export async function applicationsOf(
  db: Db,
  _permit: Permit<"job-search.read">,
  clientId: string,
): Promise<ApplicationCard[]> {
  return cardsStatement(db).execute({ clientId });
}

/** One of the client's applications with its history, oldest move first; anyone else's is "not found". */
export async function ownApplication(db: Db, permit: Permit<"job-search.own">, applicationId: string) {
  const [application] = await db
    .select()
    .from(jobApplications)
    .where(theirApplication(applicationId, permit.actor.id));
  if (!application) refuse(JOB_MESSAGES.notFound, 404);
  const moves = await db
    .select({
      id: jobApplicationMoves.id,
      fromStage: jobApplicationMoves.fromStage,
      toStage: jobApplicationMoves.toStage,
      movedAt: jobApplicationMoves.movedAt,
      movedBy: profiles.fullName,
    })
    .from(jobApplicationMoves)
    .leftJoin(profiles, eq(profiles.id, jobApplicationMoves.movedBy))
    .where(eq(jobApplicationMoves.applicationId, applicationId))
    .orderBy(asc(jobApplicationMoves.movedAt), asc(jobApplicationMoves.id));
  return { application, moves };
}

/** The person's time zone as they set it in /account (the coach's until they do). */
export async function timeZoneOf(db: DbOrTx, profileId: string): Promise<string> {
  const [row] = await db
    .select({ timeZone: emailPreferences.timeZone })
    .from(emailPreferences)
    .where(eq(emailPreferences.profileId, profileId));
  return row?.timeZone ?? SERVER_TIME_ZONE;
}

/** Today as the client's calendar reads it: a new application's default date. */
export async function todayFor(db: DbOrTx, profileId: string, now = new Date()): Promise<string> {
  return wallClockIn(now, await timeZoneOf(db, profileId)).day;
}

/** For the person's data export: every application and every move of theirs. */
export async function jobSearchForExport(db: Db, permit: Permit<"self.export">) {
  const id = permit.actor.id;
  const [applications, moves, notes] = await Promise.all([
    db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.clientId, id))
      .orderBy(asc(jobApplications.createdAt)),
    db
      .select({
        applicationId: jobApplicationMoves.applicationId,
        fromStage: jobApplicationMoves.fromStage,
        toStage: jobApplicationMoves.toStage,
        movedAt: jobApplicationMoves.movedAt,
        movedBy: jobApplicationMoves.movedBy,
      })
      .from(jobApplicationMoves)
      .innerJoin(jobApplications, eq(jobApplications.id, jobApplicationMoves.applicationId))
      .where(eq(jobApplications.clientId, id))
      .orderBy(asc(jobApplicationMoves.movedAt)),
    // Staff notes shared with them; staff-only ones are the coach's working notes (0053, "Staff notes").
    db
      .select({
        applicationId: jobApplicationNotes.applicationId,
        body: jobApplicationNotes.body,
        createdAt: jobApplicationNotes.createdAt,
      })
      .from(jobApplicationNotes)
      .innerJoin(jobApplications, eq(jobApplications.id, jobApplicationNotes.applicationId))
      .where(and(eq(jobApplications.clientId, id), eq(jobApplicationNotes.visibility, "shared")))
      .orderBy(asc(jobApplicationNotes.createdAt)),
  ]);
  return { jobApplications: applications, jobApplicationMoves: moves, jobApplicationNotes: notes };
}
