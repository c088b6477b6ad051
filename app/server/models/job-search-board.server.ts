import { and, eq, gt, gte, lt, lte, notExists, sql } from "drizzle-orm";
import type { JobStage } from "~/domain/job-search";
import {
  boardOrder,
  type ClientSearchCounts,
  emptyPerStage,
  INTERVIEW_SOON_HOURS,
  MOCK_PREPARES_DAYS,
  RECENT_DAYS,
  STALLED_AFTER_DAYS,
  searchRow,
} from "~/domain/job-search-board";
import { STALLED_DAYS_MESSAGE } from "~/lib/schemas/job-search-board";
import type { Db, DbOrTx } from "../db.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { bookings, profiles } from "../schema";
import { jobApplications, jobInterviews, jobSearchSettings } from "../schema-job-search";
import { readSettingsRow, saveSettingsRow } from "./settings-row.server";

// The coach's board across clients (docs/decisions/0053-job-search.md, "The coach's board"): four queries
// whatever the number of clients or applications — the setting, the clients, their applications counted
// per client and stage by the database (the index (client_id, stage) serves it), and the interviews soon.

export async function stalledAfterDays(db: DbOrTx): Promise<number> {
  const { stalledAfterDays: days } = jobSearchSettings;
  return (await readSettingsRow(db, jobSearchSettings, { days }, { days: STALLED_AFTER_DAYS.default })).days;
}

export async function coachBoard(db: Db, _permit: Permit<"job-search.read">, now = new Date()) {
  const recentSince = new Date(now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000);
  const soonUntil = new Date(now.getTime() + INTERVIEW_SOON_HOURS * 60 * 60 * 1000);
  const [days, clients, counts, unprepared] = await Promise.all([
    stalledAfterDays(db),
    db
      .select({ clientId: profiles.id, fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .where(eq(profiles.role, "client")),
    db
      .select({
        clientId: jobApplications.clientId,
        stage: jobApplications.stage,
        count: sql<number>`count(*)::int`,
        addedLately: sql<number>`(count(*) filter (where ${jobApplications.createdAt} >= ${recentSince}))::int`,
        lastActivityAt: sql<Date>`max(greatest(${jobApplications.stageChangedAt}, ${jobApplications.createdAt}))`,
      })
      .from(jobApplications)
      .innerJoin(profiles, and(eq(profiles.id, jobApplications.clientId), eq(profiles.role, "client")))
      .groupBy(jobApplications.clientId, jobApplications.stage),
    // Each client's soonest interview in the next 72 hours that no booked mock interview prepares
    // (one starting in the 7 days before it); the interviews' start index serves the window.
    db
      .select({
        clientId: jobApplications.clientId,
        at: sql<Date>`min(${jobInterviews.startsAt})`,
      })
      .from(jobInterviews)
      .innerJoin(jobApplications, eq(jobApplications.id, jobInterviews.applicationId))
      .where(
        and(
          gt(jobInterviews.startsAt, now),
          lte(jobInterviews.startsAt, soonUntil),
          notExists(
            db
              .select({ one: sql`1` })
              .from(bookings)
              .where(
                and(
                  eq(bookings.clientId, jobApplications.clientId),
                  eq(bookings.kind, "mock_interview"),
                  eq(bookings.status, "booked"),
                  gte(
                    bookings.startsAt,
                    sql`${jobInterviews.startsAt} - make_interval(days => ${MOCK_PREPARES_DAYS})`,
                  ),
                  lt(bookings.startsAt, jobInterviews.startsAt),
                ),
              ),
          ),
        ),
      )
      .groupBy(jobApplications.clientId),
  ]);
  const byClient = new Map<string, ClientSearchCounts>(
    clients.map((client) => [
      client.clientId,
      {
        ...client,
        perStage: emptyPerStage(),
        total: 0,
        addedLately: 0,
        lastActivityAt: null,
        unpreparedInterviewAt: null,
      },
    ]),
  );
  for (const row of counts) {
    const client = byClient.get(row.clientId);
    if (!client) continue;
    client.perStage[row.stage as JobStage] = row.count;
    client.total += row.count;
    client.addedLately += row.addedLately;
    const last = new Date(row.lastActivityAt);
    if (!client.lastActivityAt || last > client.lastActivityAt) client.lastActivityAt = last;
  }
  for (const row of unprepared) {
    const client = byClient.get(row.clientId);
    if (client) client.unpreparedInterviewAt = new Date(row.at);
  }
  const rows = [...byClient.values()].map((client) => searchRow(client, now, days)).sort(boardOrder);
  return { rows, stalledAfterDays: days };
}

export async function setStalledAfterDays(db: Db, permit: Permit<"job-search.settings">, days: number) {
  if (!Number.isInteger(days) || days < STALLED_AFTER_DAYS.min || days > STALLED_AFTER_DAYS.max)
    refuse(STALLED_DAYS_MESSAGE, 400);
  await saveSettingsRow(
    db,
    permit,
    { table: jobSearchSettings, entity: "job_search_settings", action: "job-search.settings", read: stalled },
    { stalledAfterDays: days },
  );
}

const stalled = async (tx: DbOrTx) => ({ stalledAfterDays: await stalledAfterDays(tx) });
