import { sql } from "drizzle-orm";
import { parseCurrency } from "~/domain/financing";
import { QUOTA_KINDS } from "~/domain/plans";
import type { DbOrTx } from "../db.server";

// An accepted offer's outcome figures (docs/decisions/0053-job-search.md, "Phase 2"), read in one query
// inside the acceptance's transaction:
// - the start of coaching: the client's first paid order (`orders.fulfilled_at`, the moment the plan was
//   granted); null when they never paid through the site (a coach-granted plan), and then no time to offer;
// - the offer: the application's first move into `offer`, or now when it went straight to accepted;
// - sessions used: the sum of the client's session and mock-interview usage rows up to the offer (the same
//   rows the quotas count, app/server/models/usage.server.ts), their +1/−1 corrections included;
// - the current pay the client gave on the compare page, if any.

type Row = {
  now: Date | string;
  started: Date | string | null;
  offer_at: Date | string | null;
  sessions: number | string | null;
  current_base: number | null;
  current_currency: string | null;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export async function outcomeFigures(tx: DbOrTx, clientId: string, applicationId: string) {
  const kinds = sql.join(
    QUOTA_KINDS.map((kind) => sql`${kind}`),
    sql`, `,
  );
  const result = await tx.execute(sql`
    WITH offer AS (
      SELECT coalesce(
        (SELECT min(moved_at) FROM job_application_moves WHERE application_id = ${applicationId} AND to_stage = 'offer'),
        now()
      ) AS at
    )
    SELECT now() AS now,
      (SELECT min(fulfilled_at) FROM orders WHERE person_id = ${clientId} AND fulfilled_at IS NOT NULL) AS started,
      (SELECT at FROM offer) AS offer_at,
      (SELECT coalesce(sum(amount), 0) FROM service_usage
        WHERE client_id = ${clientId} AND kind::text IN (${kinds}) AND created_at <= (SELECT at FROM offer)) AS sessions,
      (SELECT base FROM job_current_pay WHERE client_id = ${clientId}) AS current_base,
      (SELECT currency FROM job_current_pay WHERE client_id = ${clientId}) AS current_currency
  `);
  const row = (result as unknown as { rows: Row[] }).rows[0] as Row;
  const currency = parseCurrency(row.current_currency);
  return {
    now: asDate(row.now),
    coachingStartedAt: row.started === null ? null : asDate(row.started),
    offerAt: asDate(row.offer_at ?? row.now),
    sessionsUsed: Math.max(0, Number(row.sessions ?? 0)),
    currentPay: row.current_base !== null && currency ? { base: Number(row.current_base), currency } : null,
  };
}
