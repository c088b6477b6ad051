import { and, eq, sql } from "drizzle-orm";
import type { JobStage } from "~/domain/job-search";
import {
  boardOrder,
  type ClientSearchCounts,
  emptyPerStage,
  RECENT_DAYS,
  STALLED_AFTER_DAYS,
  searchRow,
} from "~/domain/job-search-board";
import { STALLED_DAYS_MESSAGE } from "~/lib/schemas/job-search-board";
import type { Db, DbOrTx } from "../db.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { profiles } from "../schema";
import { jobApplications, jobSearchSettings } from "../schema-job-search";
import { audit } from "./audit.server";

// The coach's board across clients (docs/decisions/0053-job-search.md, "The coach's board"): three queries
// whatever the number of clients or applications — the setting, the clients, and their applications
// counted per client and stage by the database (the index (client_id, stage) serves it).

export async function stalledAfterDays(db: DbOrTx): Promise<number> {
  const [row] = await db
    .select({ days: jobSearchSettings.stalledAfterDays })
    .from(jobSearchSettings)
    .where(eq(jobSearchSettings.id, 1));
  return row?.days ?? STALLED_AFTER_DAYS.default;
}

export async function coachBoard(db: Db, _permit: Permit<"job-search.read">, now = new Date()) {
  const recentSince = new Date(now.getTime() - RECENT_DAYS * 24 * 60 * 60 * 1000);
  const [days, clients, counts] = await Promise.all([
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
  ]);
  const byClient = new Map<string, ClientSearchCounts>(
    clients.map((client) => [
      client.clientId,
      { ...client, perStage: emptyPerStage(), total: 0, addedLately: 0, lastActivityAt: null },
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
  const rows = [...byClient.values()].map((client) => searchRow(client, now, days)).sort(boardOrder);
  return { rows, stalledAfterDays: days };
}

export async function setStalledAfterDays(db: Db, permit: Permit<"job-search.settings">, days: number) {
  if (!Number.isInteger(days) || days < STALLED_AFTER_DAYS.min || days > STALLED_AFTER_DAYS.max)
    refuse(STALLED_DAYS_MESSAGE, 400);
  await db.transaction(async (tx) => {
    const before = await stalledAfterDays(tx);
    await tx
      .insert(jobSearchSettings)
      .values({ id: 1, stalledAfterDays: days, updatedBy: permit.actor.id })
      .onConflictDoUpdate({
        target: jobSearchSettings.id,
        set: { stalledAfterDays: days, updatedBy: permit.actor.id, updatedAt: new Date() },
      });
    await audit(tx, permit, {
      action: "job-search.settings",
      targetId: null,
      entity: "job_search_settings",
      before: { stalledAfterDays: before },
      after: { stalledAfterDays: days },
    });
  });
}
