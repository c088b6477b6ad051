import type { SQL } from "drizzle-orm";
import type { Db } from "~/server/db.server";
import {
  jobApplicationMoves,
  jobApplicationNotes,
  jobApplications,
  jobCurrentPay,
  jobInterviews,
  jobOffers,
  jobOutcomes,
  jobSearchSettings,
} from "~/server/schema-job-search";
import { practiceSettings } from "~/server/schema-practice";

/**
 * The backup test's odd rows in the job search's tables (tests/integration/backup.test.ts): every table of
 * app/server/schema-job-search.ts gets at least one, so a table added there and left out of backups fails it.
 */
export async function addOddJobSearchRows(
  db: Db,
  { odd, ghost, at, text }: { odd: { id: string }; ghost: { id: string }; at: SQL; text: string },
): Promise<void> {
  // An application with odd text, a null link and its two moves, one by a person since deleted (null).
  const [application] = await db
    .insert(jobApplications)
    .values({
      clientId: odd.id,
      company: text,
      role: 'Backend engineer, "platform"',
      url: null,
      remote: true,
      source: "referral",
      appliedOn: "2026-02-28",
      notes: "line one\nline two",
      stage: "onsite",
      stageChangedAt: at as unknown as Date,
    })
    .returning();
  if (!application) throw new Error("application not inserted");
  await db.insert(jobApplicationMoves).values([
    { applicationId: application.id, fromStage: null, toStage: "applied", movedBy: odd.id },
    {
      applicationId: application.id,
      fromStage: "applied",
      toStage: "onsite",
      movedBy: null,
      movedAt: at as unknown as Date,
    },
  ]);
  // Phase 2: an interview, an offer with odd notes, the client's current pay and the outcome.
  await db.insert(jobInterviews).values({
    applicationId: application.id,
    kind: "system_design",
    startsAt: at as unknown as Date,
    notes: text,
  });
  const [offer] = await db
    .insert(jobOffers)
    .values({
      applicationId: application.id,
      currency: "USD",
      base: 10_000_000,
      notes: text,
      deadline: "2026-03-15",
    })
    .returning();
  if (!offer) throw new Error("offer not inserted");
  await db.insert(jobCurrentPay).values({ clientId: odd.id, base: 0, currency: "CAD" });
  await db.insert(jobOutcomes).values({
    clientId: odd.id,
    applicationId: application.id,
    offerId: offer.id,
    offerAt: at as unknown as Date,
    sessionsUsed: 3,
  });
  // A staff note by a person since deleted, shared, with odd text.
  await db.insert(jobApplicationNotes).values({
    applicationId: application.id,
    authorId: ghost.id,
    body: text,
    visibility: "shared",
  });
  // The coach's setting, last changed by a person since deleted.
  await db.insert(jobSearchSettings).values({ id: 1, stalledAfterDays: 21, updatedBy: ghost.id });
  // The practice's settings (app/server/schema-practice.ts), a one-row table like the one above.
  await db
    .insert(practiceSettings)
    .values({ id: 1, noShowCountsAsUsed: false, expiryMonths: 12, updatedBy: ghost.id });
}
