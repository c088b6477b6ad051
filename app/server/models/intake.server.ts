import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { DEFAULT_INTAKE_QUESTIONS } from "~/content/intake";
import { checkAnswers, INTAKE_MESSAGES, type IntakeQuestion } from "~/lib/schemas/intake";
import type { Db, DbOrTx } from "../db.server";
import { notifyIntakeSubmitted } from "../mail/notify.server";
import type { Permit } from "../policy.server";
import { refusal, refuse } from "../refusal.server";
import { intakeQuestionnaires, intakeResponses, profiles } from "../schema";
import { audit, recordChange } from "./audit.server";
import { requestIntake } from "./onboarding.server";

// The intake questionnaire (docs/decisions/0046-intake-questionnaire.md): the coach's questions, one
// version per save; a client's answers, kept as a draft while they type and snapshotted with the
// questions as asked when they send them.

/** The questions in force: the newest saved version, else the default set (version null). */
export async function currentQuestionnaire(db: DbOrTx) {
  const [row] = await db
    .select({ version: intakeQuestionnaires.version, questions: intakeQuestionnaires.questions })
    .from(intakeQuestionnaires)
    .orderBy(desc(intakeQuestionnaires.version))
    .limit(1);
  return row ?? { version: null, questions: [...DEFAULT_INTAKE_QUESTIONS] };
}

export async function saveQuestionnaire(
  db: Db,
  permit: Permit<"intake.manage">,
  questions: IntakeQuestion[],
): Promise<{ version: number }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(intakeQuestionnaires)
      .values({ questions, createdBy: permit.actor.id })
      .returning({ version: intakeQuestionnaires.version });
    if (!row) throw new Error("no questionnaire version returned");
    await audit(tx, permit, {
      action: "intake.questionnaire-save",
      targetId: null,
      entity: "intake_questionnaire",
      after: { version: row.version, questions: questions.length },
    });
    return row;
  });
}

const responseColumns = {
  id: intakeResponses.id,
  requestedAt: intakeResponses.requestedAt,
  answers: intakeResponses.answers,
  questions: intakeResponses.questions,
  questionnaireVersion: intakeResponses.questionnaireVersion,
  submittedAt: intakeResponses.submittedAt,
  updatedAt: intakeResponses.updatedAt,
};

/** The client's page: the open request with the questions in force, else the last one they sent. */
export async function ownIntake(db: Db, permit: Permit<"intake.answer-own">) {
  const rows = await db
    .select(responseColumns)
    .from(intakeResponses)
    .where(eq(intakeResponses.profileId, permit.actor.id))
    .orderBy(desc(intakeResponses.requestedAt))
    .limit(2);
  const open = rows.find((row) => row.submittedAt === null) ?? null;
  const sent = rows.find((row) => row.submittedAt !== null) ?? null;
  return { open, sent, questions: open ? (await currentQuestionnaire(db)).questions : [] };
}

/**
 * The row the client posts to, locked for the change: someone else's looks exactly like a missing one
 * (404); one already sent is 409.
 */
async function openRowOf(tx: DbOrTx, profileId: string, responseId: string) {
  const [row] = await tx
    .select({ id: intakeResponses.id, submittedAt: intakeResponses.submittedAt })
    .from(intakeResponses)
    .where(and(eq(intakeResponses.id, responseId), eq(intakeResponses.profileId, profileId)))
    .for("update");
  if (!row) refuse(INTAKE_MESSAGES.notFound, 404);
  if (row.submittedAt !== null) refuse(INTAKE_MESSAGES.submitted, 409);
}

/** What the client typed so far, checked for size and choices but not for what is required. */
export async function saveIntakeDraft(
  db: Db,
  permit: Permit<"intake.answer-own">,
  responseId: string,
  raw: Record<string, unknown>,
): Promise<{ savedAt: string }> {
  return db.transaction(async (tx) => {
    await openRowOf(tx, permit.actor.id, responseId);
    const checked = checkAnswers((await currentQuestionnaire(tx)).questions, raw, { complete: false });
    if (!checked.ok) refuseField(checked);
    const [row] = await tx
      .update(intakeResponses)
      .set({ answers: checked.data, updatedAt: sql`now()` })
      .where(eq(intakeResponses.id, responseId))
      .returning({ updatedAt: intakeResponses.updatedAt });
    return { savedAt: (row?.updatedAt ?? new Date()).toISOString() };
  });
}

/** Once: the answers with the questions exactly as asked, the coach emailed, in one transaction. */
export async function submitIntake(
  db: Db,
  permit: Permit<"intake.answer-own">,
  responseId: string,
  raw: Record<string, unknown>,
): Promise<{ submittedAt: string }> {
  const clientId = permit.actor.id;
  return db.transaction(async (tx) => {
    await openRowOf(tx, clientId, responseId);
    const { version, questions } = await currentQuestionnaire(tx);
    const checked = checkAnswers(questions, raw, { complete: true });
    if (!checked.ok) refuseField(checked);
    const [row] = await tx
      .update(intakeResponses)
      .set({
        answers: checked.data,
        questions,
        questionnaireVersion: version,
        submittedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(intakeResponses.id, responseId), isNull(intakeResponses.submittedAt)))
      .returning({ submittedAt: intakeResponses.submittedAt });
    if (!row?.submittedAt) refuse(INTAKE_MESSAGES.submitted, 409);
    await notifyIntakeSubmitted(tx, clientId);
    await recordChange(
      tx,
      permit,
      {
        action: "intake.submit",
        targetId: clientId,
        entity: "intake_response",
        entityId: responseId,
        after: { questionnaireVersion: version, answered: Object.keys(checked.data).length },
      },
      { kind: "intake", clientId },
    );
    return { submittedAt: row.submittedAt.toISOString() };
  });
}

/** A 400 that names the question's field, so the form marks it (app/server/action-result.server.ts). */
function refuseField(problem: { error: string; field: string }): never {
  throw refusalWithField(problem);
}

const refusalWithField = ({ error, field }: { error: string; field: string }) =>
  refusal({ ok: false as const, error, field }, { status: 400, statusText: "Bad Request" });

/**
 * The client page: every time they were asked, newest first; a sent one with its questions as asked. A
 * request still open carries no answers: a draft is the client's until they send it.
 */
export async function intakeFor(db: Db, _permit: Permit<"client.read">, clientId: string) {
  const rows = await db
    .select(responseColumns)
    .from(intakeResponses)
    .where(eq(intakeResponses.profileId, clientId))
    .orderBy(desc(intakeResponses.requestedAt));
  return rows.map((row) => (row.submittedAt === null ? { ...row, answers: {} } : row));
}

/** "Ask to fill in again": a new open request, unless one is already waiting. */
export async function askIntakeAgain(db: Db, permit: Permit<"intake.manage">, clientId: string) {
  await db.transaction(async (tx) => {
    const [person] = await tx
      .select({ role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, clientId))
      .for("update");
    if (!person) refuse("No one with that id.", 404);
    if (person.role !== "client") refuse(INTAKE_MESSAGES.notAClient, 409);
    const [open] = await tx
      .select({ id: intakeResponses.id })
      .from(intakeResponses)
      .where(and(eq(intakeResponses.profileId, clientId), isNull(intakeResponses.submittedAt)));
    if (open) refuse(INTAKE_MESSAGES.alreadyOpen, 409);
    await requestIntake(tx, clientId, permit.actor.id);
    await recordChange(
      tx,
      permit,
      { action: "intake.request", targetId: clientId, entity: "intake_response" },
      { kind: "intake", clientId },
    );
  });
  return { message: "Asked. They'll see the questionnaire first on their dashboard." };
}

/** Their data export: every request and what they answered. */
export async function intakeForExport(db: Db, permit: Permit<"self.export">) {
  return db
    .select(responseColumns)
    .from(intakeResponses)
    .where(eq(intakeResponses.profileId, permit.actor.id))
    .orderBy(asc(intakeResponses.requestedAt));
}
