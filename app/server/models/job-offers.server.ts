import { and, eq, sql } from "drizzle-orm";
import { daysBetween, payChange } from "~/domain/job-offers";
import { problemOf } from "~/lib/forms";
import { instantIn } from "~/lib/local-time";
import {
  type CurrentPayInput,
  currentPaySchema,
  type InterviewInput,
  interviewFieldsSchema,
  OFFER_MESSAGES,
  type OfferInput,
  offerFieldsSchema,
} from "~/lib/schemas/job-offers";
import { JOB_MESSAGES } from "~/lib/schemas/job-search";
import type { z } from "~/lib/schemas/zod";
import { invalid } from "../action-result.server";
import type { Db, DbOrTx } from "../db.server";
import { notifyOfferAccepted } from "../mail/notify.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { jobApplications, jobCurrentPay, jobInterviews, jobOffers, jobOutcomes } from "../schema-job-search";
import { consentAudited } from "./job-outcome-consent.server";
import { outcomeFigures } from "./job-outcome-figures.server";
import { changeTheirSearch, moveApplication } from "./job-search.server";
import { theirApplication, timeZoneOf } from "./job-search-read.server";

// Interviews, offers, current pay and accepting an offer (phase 2 of docs/decisions/0053-job-search.md).
// The client's own only: another client's application, interview or offer by id answers exactly as a
// missing one (404) and changes nothing. Each change is one transaction with the live event.

type Own = Permit<"job-search.own">;

/** Checked again here with the form's own schema: no caller stores what the form would refuse. */
function checked<S extends z.ZodMiniType>(schema: S, input: unknown): z.output<S> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) {
    const problem = problemOf(parsed.error);
    throw invalid(problem.error, problem.field ?? undefined);
  }
  return parsed.data;
}

/** The client's application, locked for the change; anyone else's is "not found". */
async function ownedApplication(tx: DbOrTx, clientId: string, applicationId: string) {
  const [row] = await tx
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(theirApplication(applicationId, clientId))
    .for("update");
  if (!row) refuse(JOB_MESSAGES.notFound, 404);
  return row;
}

/** A change on one of the client's applications, made once the application is locked as theirs. */
function onTheirApplication<T>(
  db: Db,
  permit: Own,
  applicationId: string,
  change: (tx: DbOrTx, clientId: string) => Promise<T>,
): Promise<T> {
  return changeTheirSearch(db, permit, async (tx, clientId) => {
    await ownedApplication(tx, clientId, applicationId);
    return change(tx, clientId);
  });
}

/** The form's wall-clock time on the client's clock, as an instant. */
async function interviewValues(tx: DbOrTx, clientId: string, input: InterviewInput) {
  const fields = checked(interviewFieldsSchema, input);
  const zone = await timeZoneOf(tx, clientId);
  const [day = "", time = ""] = fields.startsAt.split("T");
  return { kind: fields.kind, notes: fields.notes, startsAt: instantIn(day, time, zone) };
}

export async function addInterview(db: Db, permit: Own, applicationId: string, input: InterviewInput) {
  return onTheirApplication(db, permit, applicationId, async (tx, clientId) => {
    const values = await interviewValues(tx, clientId, input);
    const [created] = await tx
      .insert(jobInterviews)
      .values({ ...values, applicationId })
      .returning();
    return created;
  });
}

export async function editInterview(
  db: Db,
  permit: Own,
  applicationId: string,
  interviewId: string,
  input: InterviewInput,
) {
  return onTheirApplication(db, permit, applicationId, async (tx, clientId) => {
    const values = await interviewValues(tx, clientId, input);
    const [updated] = await tx
      .update(jobInterviews)
      .set(values)
      .where(and(eq(jobInterviews.id, interviewId), eq(jobInterviews.applicationId, applicationId)))
      .returning();
    if (!updated) refuse(OFFER_MESSAGES.interviewNotFound, 404);
    return updated;
  });
}

export async function deleteInterview(db: Db, permit: Own, applicationId: string, interviewId: string) {
  return onTheirApplication(db, permit, applicationId, async (tx) => {
    const [gone] = await tx
      .delete(jobInterviews)
      .where(and(eq(jobInterviews.id, interviewId), eq(jobInterviews.applicationId, applicationId)))
      .returning({ id: jobInterviews.id });
    if (!gone) refuse(OFFER_MESSAGES.interviewNotFound, 404);
    return gone;
  });
}

/** The application's one offer, written or revised. */
export async function saveOffer(db: Db, permit: Own, applicationId: string, input: OfferInput) {
  const fields = checked(offerFieldsSchema, input);
  return onTheirApplication(db, permit, applicationId, async (tx) => {
    const [saved] = await tx
      .insert(jobOffers)
      .values({ ...fields, applicationId })
      .onConflictDoUpdate({ target: jobOffers.applicationId, set: { ...fields, updatedAt: sql`now()` } })
      .returning();
    return saved;
  });
}

/** An accepted offer stays: its outcome is the record of the search's end. */
export async function deleteOffer(db: Db, permit: Own, applicationId: string) {
  return onTheirApplication(db, permit, applicationId, async (tx) => {
    const [accepted] = await tx
      .select({ id: jobOutcomes.id })
      .from(jobOutcomes)
      .where(eq(jobOutcomes.applicationId, applicationId));
    if (accepted) refuse("An accepted offer can't be deleted.", 409);
    const [gone] = await tx
      .delete(jobOffers)
      .where(eq(jobOffers.applicationId, applicationId))
      .returning({ id: jobOffers.id });
    if (!gone) refuse(OFFER_MESSAGES.offerNotFound, 404);
    return gone;
  });
}

/** The client's current pay; a blank base clears it. */
export async function setCurrentPay(db: Db, permit: Own, input: CurrentPayInput) {
  const { base, currency } = checked(currentPaySchema, input);
  return changeTheirSearch(db, permit, async (tx, clientId) => {
    if (base === null) await tx.delete(jobCurrentPay).where(eq(jobCurrentPay.clientId, clientId));
    else
      await tx
        .insert(jobCurrentPay)
        .values({ clientId, base, currency })
        .onConflictDoUpdate({
          target: jobCurrentPay.clientId,
          set: { base, currency, updatedAt: sql`now()` },
        });
    return { cleared: base === null };
  });
}

/**
 * Accepting closes the search: the application moves to `accepted` through moveApplication (the history
 * keeps when), and the outcome row records the figures as they are now. One per search: the client's row
 * is locked and `job_outcomes_client_key` holds it too.
 */
export async function acceptOffer(db: Db, permit: Own, offerId: string, { consent = false } = {}) {
  return changeTheirSearch(db, permit, async (tx, clientId) => {
    await tx.execute(sql`SELECT 1 FROM profiles WHERE id = ${clientId} FOR UPDATE`);
    const [offer] = await tx
      .select({
        id: jobOffers.id,
        applicationId: jobOffers.applicationId,
        base: jobOffers.base,
        currency: jobOffers.currency,
        company: jobApplications.company,
        role: jobApplications.role,
      })
      .from(jobOffers)
      .innerJoin(jobApplications, eq(jobApplications.id, jobOffers.applicationId))
      .where(and(eq(jobOffers.id, offerId), eq(jobApplications.clientId, clientId)));
    if (!offer) refuse(OFFER_MESSAGES.offerNotFound, 404);
    const [already] = await tx
      .select({ id: jobOutcomes.id })
      .from(jobOutcomes)
      .where(eq(jobOutcomes.clientId, clientId));
    if (already) refuse(OFFER_MESSAGES.alreadyAccepted, 409);
    await moveApplication(tx, permit, offer.applicationId, "accepted");
    const figures = await outcomeFigures(tx, clientId, offer.applicationId);
    const current = figures.currentPay;
    const change = payChange(offer as { base: number; currency: "CAD" | "USD" }, current);
    const [outcome] = await tx
      .insert(jobOutcomes)
      .values({
        clientId,
        applicationId: offer.applicationId,
        offerId: offer.id,
        acceptedAt: figures.now,
        coachingStartedAt: figures.coachingStartedAt,
        offerAt: figures.offerAt,
        daysToOffer: daysBetween(figures.coachingStartedAt, figures.offerAt),
        sessionsUsed: figures.sessionsUsed,
        currentBase: current?.base ?? null,
        currentCurrency: current?.currency ?? null,
        baseChange: change?.amount ?? null,
        consentAt: consent ? figures.now : null,
      })
      .returning();
    if (!outcome) throw new Error("outcome not written");
    if (consent) await consentAudited(tx, permit, outcome.id, { before: false, after: true });
    await notifyOfferAccepted(tx, clientId, {
      company: offer.company,
      role: offer.role,
      daysToOffer: outcome.daysToOffer,
      sessionsUsed: outcome.sessionsUsed,
    });
    return outcome;
  });
}
