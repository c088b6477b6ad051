import { sql } from "drizzle-orm";
import { PUBLIC_OUTCOMES_THRESHOLD } from "~/domain/job-outcomes";
import type { DbOrTx } from "../db.server";

// The public figure (docs/decisions/0053-job-search.md, "Outcomes"): consented outcomes only, as a count and
// a median, and nothing at all below PUBLIC_OUTCOMES_THRESHOLD. One query; no name, no id, no pay leaves it.

export type PublicOutcomes = { clients: number; medianDaysToOffer: number | null };

type Row = { clients: number | string; median_days: number | string | null };

export async function publicOutcomes(db: DbOrTx): Promise<PublicOutcomes | null> {
  const result = await db.execute(sql`
    SELECT count(*)::int AS clients,
      percentile_cont(0.5) WITHIN GROUP (ORDER BY days_to_offer) AS median_days
    FROM job_outcomes WHERE consent_at IS NOT NULL
  `);
  const row = (result as unknown as { rows: Row[] }).rows[0];
  const clients = Number(row?.clients ?? 0);
  if (clients < PUBLIC_OUTCOMES_THRESHOLD) return null;
  const median = row?.median_days;
  return { clients, medianDaysToOffer: median === null || median === undefined ? null : Number(median) };
}
