import { and, asc, eq, gte, inArray, lt, notInArray } from "drizzle-orm";
import { weekAhead } from "~/domain/job-offers";
import { SERVER_TIME_ZONE, wallClockIn } from "~/lib/local-time";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { emailPreferences, profiles } from "../schema";
import { jobApplications, jobCurrentPay, jobInterviews, jobOffers, jobOutcomes } from "../schema-job-search";
import { theirApplication } from "./job-search-read.server";

// Reading interviews, offers and outcomes (phase 2 of docs/decisions/0053-job-search.md). The client reads
// their own (every query is bound to their id, so another's rows never come back); staff read the coach's
// week and the upcoming deadlines across clients — with no pay figures, which only the client's own pages
// serve. Each read is one query whatever the count.

type Own = Permit<"job-search.own">;

/** An application's interviews (soonest first) and its offer; the caller has checked it is the client's. */
export async function interviewsAndOffer(db: Db, permit: Own, applicationId: string) {
  const mine = theirApplication(applicationId, permit.actor.id);
  const [interviews, offers, outcomes] = await Promise.all([
    db
      .select({
        id: jobInterviews.id,
        kind: jobInterviews.kind,
        startsAt: jobInterviews.startsAt,
        notes: jobInterviews.notes,
      })
      .from(jobInterviews)
      .innerJoin(jobApplications, eq(jobApplications.id, jobInterviews.applicationId))
      .where(mine)
      .orderBy(asc(jobInterviews.startsAt)),
    db
      .select({ offer: jobOffers })
      .from(jobOffers)
      .innerJoin(jobApplications, eq(jobApplications.id, jobOffers.applicationId))
      .where(mine),
    db
      .select({ id: jobOutcomes.id })
      .from(jobOutcomes)
      .where(and(eq(jobOutcomes.applicationId, applicationId), eq(jobOutcomes.clientId, permit.actor.id))),
  ]);
  return { interviews, offer: offers[0]?.offer ?? null, accepted: outcomes.length > 0 };
}

/** The compare page: every offer of the client's with its application, their current pay, their outcome. */
export async function ownOffers(db: Db, permit: Own) {
  const clientId = permit.actor.id;
  const [offers, pay, outcomes] = await Promise.all([
    db
      .select({
        offer: jobOffers,
        company: jobApplications.company,
        role: jobApplications.role,
        stage: jobApplications.stage,
      })
      .from(jobOffers)
      .innerJoin(jobApplications, eq(jobApplications.id, jobOffers.applicationId))
      .where(eq(jobApplications.clientId, clientId))
      .orderBy(asc(jobOffers.createdAt)),
    db.select().from(jobCurrentPay).where(eq(jobCurrentPay.clientId, clientId)),
    db.select().from(jobOutcomes).where(eq(jobOutcomes.clientId, clientId)),
  ]);
  return { offers, currentPay: pay[0] ?? null, outcome: outcomes[0] ?? null };
}

/** The staff lists' columns: the application and whose it is (joined on jobApplications, then profiles). */
const applicationAndClient = {
  applicationId: jobApplications.id,
  company: jobApplications.company,
  role: jobApplications.role,
  clientId: profiles.id,
  clientName: profiles.fullName,
  clientEmail: profiles.email,
};

/** Every client's interviews of the coming 7 days, soonest first, with the client's zone to show them in. */
export async function interviewsThisWeek(db: Db, _permit: Permit<"job-search.read">, now = new Date()) {
  const { from, to } = weekAhead(now);
  return db
    .select({
      id: jobInterviews.id,
      kind: jobInterviews.kind,
      startsAt: jobInterviews.startsAt,
      ...applicationAndClient,
      timeZone: emailPreferences.timeZone,
    })
    .from(jobInterviews)
    .innerJoin(jobApplications, eq(jobApplications.id, jobInterviews.applicationId))
    .innerJoin(profiles, eq(profiles.id, jobApplications.clientId))
    .leftJoin(emailPreferences, eq(emailPreferences.profileId, profiles.id))
    .where(and(gte(jobInterviews.startsAt, from), lt(jobInterviews.startsAt, to)))
    .orderBy(asc(jobInterviews.startsAt));
}

/** Offers whose deadline is today or later (the coach's calendar), on applications still open. */
export async function offerDeadlines(
  db: Db,
  _permit: Permit<"job-search.read">,
  now = new Date(),
  limit = 50,
) {
  const today = wallClockIn(now, SERVER_TIME_ZONE).day;
  return db
    .select({
      id: jobOffers.id,
      deadline: jobOffers.deadline,
      ...applicationAndClient,
    })
    .from(jobOffers)
    .innerJoin(jobApplications, eq(jobApplications.id, jobOffers.applicationId))
    .innerJoin(profiles, eq(profiles.id, jobApplications.clientId))
    .where(
      and(
        gte(jobOffers.deadline, today),
        notInArray(jobApplications.stage, ["accepted", "declined", "rejected", "withdrawn"]),
      ),
    )
    .orderBy(asc(jobOffers.deadline))
    .limit(limit);
}

/** For the person's data export: their interviews, offers, current pay and outcome. */
export async function jobOffersForExport(db: Db, permit: Permit<"self.export">) {
  const id = permit.actor.id;
  const theirs = db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(eq(jobApplications.clientId, id));
  const [interviews, offers, pay, outcomes] = await Promise.all([
    db
      .select()
      .from(jobInterviews)
      .where(inArray(jobInterviews.applicationId, theirs))
      .orderBy(asc(jobInterviews.startsAt)),
    db
      .select()
      .from(jobOffers)
      .where(inArray(jobOffers.applicationId, theirs))
      .orderBy(asc(jobOffers.createdAt)),
    db.select().from(jobCurrentPay).where(eq(jobCurrentPay.clientId, id)),
    db.select().from(jobOutcomes).where(eq(jobOutcomes.clientId, id)),
  ]);
  return {
    jobInterviews: interviews,
    jobOffers: offers,
    jobCurrentPay: pay[0] ?? null,
    jobOutcomes: outcomes,
  };
}
