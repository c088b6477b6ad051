import { desc, eq, sql } from "drizzle-orm";
import { type OutcomeRow, outcomeFiguresOf, type PlanCount } from "~/domain/job-outcomes";
import type { Plan } from "~/domain/plans";
import { SERVER_TIME_ZONE, wallClockIn } from "~/lib/local-time";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { profiles } from "../schema";
import { jobApplications, jobOutcomes } from "../schema-job-search";

// The coach's outcomes page (docs/decisions/0053-job-search.md, "Outcomes"): two queries whatever the
// number of outcomes — every outcome with its client and application, and the clients counted per plan
// with how many of them have an outcome. No pay figure is read.

export async function outcomesReport(db: Db, _permit: Permit<"job-search.read">) {
  const [outcomes, plans] = await Promise.all([
    db
      .select({
        id: jobOutcomes.id,
        clientId: jobOutcomes.clientId,
        fullName: profiles.fullName,
        email: profiles.email,
        plan: profiles.plan,
        company: jobApplications.company,
        role: jobApplications.role,
        acceptedAt: jobOutcomes.acceptedAt,
        daysToOffer: jobOutcomes.daysToOffer,
        sessionsUsed: jobOutcomes.sessionsUsed,
      })
      .from(jobOutcomes)
      .innerJoin(profiles, eq(profiles.id, jobOutcomes.clientId))
      .innerJoin(jobApplications, eq(jobApplications.id, jobOutcomes.applicationId))
      .orderBy(desc(jobOutcomes.acceptedAt)),
    db
      .select({
        plan: profiles.plan,
        clients: sql<number>`count(*)::int`,
        withOutcome: sql<number>`count(${jobOutcomes.id})::int`,
      })
      .from(profiles)
      .leftJoin(jobOutcomes, eq(jobOutcomes.clientId, profiles.id))
      .where(eq(profiles.role, "client"))
      .groupBy(profiles.plan),
  ]);
  const rows: OutcomeRow[] = outcomes.map(({ fullName, email, ...row }) => ({
    ...row,
    client: fullName || email,
    month: wallClockIn(row.acceptedAt, SERVER_TIME_ZONE).day.slice(0, 7),
  }));
  const counts: PlanCount[] = plans.map((row) => ({ ...row, plan: row.plan as Plan | null }));
  return { rows, ...outcomeFiguresOf(rows, counts) };
}
