import { sql } from "drizzle-orm";
import type { CodeSource, CohortRow, SourceRow } from "~/domain/funnel";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { auditEvents, codeRedemptions, discountCodes, homework, orders, payments, profiles } from "../schema";
import { rowsOf } from "./capacity.server";

// The funnel (docs/decisions/0054-business-at-a-glance.md, "Funnel"): leads per month and who converted,
// where buyers came from per plan, and homework turnaround — three grouped queries over a window of
// months, none per person.

const DAY_SECONDS = 86_400;

/**
 * Per month a profile was created (staff left out): how many, how many converted so far, and the median
 * days to convert. Converted: the first audit row that made the person a client (`after.role = 'client'`:
 * the admin's `lead.convert` or `profile.set-role`, or Stripe's `payment.fulfil`), read by
 * `audit_events_target_created_idx`. The last row, month null, is the whole window's.
 */
export async function leadCohorts(
  db: Db,
  _permit: Permit<"capacity.read">,
  from: Date,
): Promise<CohortRow[]> {
  const rows = await rowsOf<{
    month: string | null;
    leads: number;
    converted: number;
    median_days: number | null;
  }>(
    db,
    sql`
    with people as (
      select to_char(p.created_at at time zone 'UTC', 'YYYY-MM') as month,
        extract(epoch from c.at - p.created_at) / ${DAY_SECONDS} as days
      from ${profiles} p
      left join lateral (
        select min(a.created_at) as at from ${auditEvents} a
        where a.target_id = p.id and a.after ->> 'role' = 'client'
      ) c on true
      where p.created_at >= ${from.toISOString()}::timestamptz and p.role in ('lead', 'client')
    )
    select month, count(*)::int as leads, count(days)::int as converted,
      percentile_cont(0.5) within group (order by days) as median_days
    from people group by grouping sets ((month), ()) order by month nulls last
  `,
  );
  return rows.map((r) => ({
    month: r.month ?? "all",
    leads: Number(r.leads),
    converted: Number(r.converted),
    medianDays: r.median_days === null ? null : Number(r.median_days),
  }));
}

/**
 * Buyers by the offer of their first paid order (an order with a `charge`), first charged in the window,
 * and the code on it: a client's referral code, a sponsor code, a referrer's reward code, or none (direct).
 * The code is the redemption's, else the one copied on the order (app/server/schema.ts, `orders`).
 */
export async function buyerSources(
  db: Db,
  _permit: Permit<"capacity.read">,
  from: Date,
): Promise<SourceRow[]> {
  const rows = await rowsOf<{ offer: string; source: CodeSource; buyers: number }>(
    db,
    sql`
    with paid as (
      select distinct on (o.person_id) o.id, o.offer, o.discount_code_id, min(pay.occurred_at) as first_charge
      from ${orders} o join ${payments} pay on pay.order_id = o.id and pay.kind = 'charge'
      where o.person_id is not null
      group by o.id
      order by o.person_id, min(pay.occurred_at), o.id
    )
    select paid.offer, coalesce(d.kind, 'direct') as source, count(*)::int as buyers
    from paid
    left join ${codeRedemptions} r on r.order_id = paid.id
    left join ${discountCodes} d on d.id = coalesce(r.code_id, paid.discount_code_id)
    where paid.first_charge >= ${from.toISOString()}::timestamptz
    group by 1, 2
  `,
  );
  return rows.map((r) => ({ offer: r.offer, source: r.source, buyers: Number(r.buyers) }));
}

/** Homework reviewed in the window: how many, and the median hours from hand-in to review. */
export async function homeworkTurnaround(db: Db, _permit: Permit<"capacity.read">, from: Date) {
  const [row] = await rowsOf<{ reviewed: number; median_hours: number | null }>(
    db,
    sql`
    select count(*)::int as reviewed,
      percentile_cont(0.5) within group (order by extract(epoch from ${homework.reviewedAt} - ${homework.submittedAt}) / 3600) as median_hours
    from ${homework}
    where ${homework.status} = 'reviewed' and ${homework.reviewedAt} >= ${from.toISOString()}::timestamptz
      and ${homework.submittedAt} is not null
  `,
  );
  return {
    reviewed: Number(row?.reviewed ?? 0),
    medianHours: row?.median_hours == null ? null : Number(row.median_hours),
  };
}
