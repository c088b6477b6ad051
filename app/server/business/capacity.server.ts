import { type SQL, sql } from "drizzle-orm";
import { type CapacityRow, COACH_TIME_ZONE, WEEK_DAYS, weekDays, weekLoad } from "~/domain/capacity";
import { ALLOWANCES, PLANS, QUOTA_KINDS, SERVICE_KINDS } from "~/domain/plans";
import type { Db } from "../db.server";
import { expiryMonthsSql, planStartSql } from "../models/practice-settings.server";
import type { Permit } from "../policy.server";
import { bookings, profiles, serviceUsage } from "../schema";

// Capacity (docs/decisions/0054-business-at-a-glance.md, "Capacity"): what the clients' plans include,
// what was delivered, what is booked ahead, what remains and what expired, summed in SQL per plan and kind
// — two queries whatever the number of clients, none per client.

/** Both drivers (node-postgres, PGlite) answer a raw query with its `rows`. */
export async function rowsOf<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The plans' allowances (app/domain/plans.ts) as a VALUES list, so the sums stay in one query. */
const allowanceValues = sql.join(
  PLANS.flatMap((plan) =>
    SERVICE_KINDS.map((kind) => sql`(${plan}, ${kind}, ${ALLOWANCES[plan][kind]}::int)`),
  ),
  sql`, `,
);

const quotaKinds = sql.join(
  QUOTA_KINDS.map((kind) => sql`${kind}`),
  sql`, `,
);

/**
 * One row per plan and kind over the clients (role `client`; a client without a plan reads as basic, as
 * `effectivePlan` does). Per client first: used = the usage ledger's sum (at least 0, as `usedByKind`);
 * booked ahead = their bookings still `booked` that start after `now`; delivered = used less the ahead
 * bookings that already hold a +1 (a counted booking is in the ledger from when it was booked);
 * left = sold − delivered − ahead, at least 0. When the practice sets a period and a client's has ended
 * (docs/decisions/0055-no-shows-and-expiry.md, "Expiry"), a counted kind's left is expired and its
 * remaining 0; else it is remaining. The period's end is computed here, in UTC calendar months as
 * `planExpiresAt` (app/domain/practice.ts) does: PostgreSQL's month arithmetic keeps the day, or the
 * shorter month's last. Then summed.
 */
export async function capacityRows(
  db: Db,
  _permit: Permit<"capacity.read">,
  now: Date,
): Promise<CapacityRow[]> {
  const at = now.toISOString();
  const rows = await rowsOf<Record<string, string | number>>(
    db,
    sql`
    with allow(plan, kind, sold) as (values ${allowanceValues}),
    period as (select ${expiryMonthsSql} as months),
    clients as (
      select ${profiles.id} as id, coalesce(${profiles.plan}::text, 'basic') as plan,
        ((${planStartSql} at time zone 'UTC')
          + make_interval(months => period.months)) at time zone 'UTC' <= ${at}::timestamptz as lapsed
      from ${profiles} cross join period where ${profiles.role} = 'client'
    ),
    used as (
      select ${serviceUsage.clientId} as client_id, ${serviceUsage.kind}::text as kind,
        greatest(0, sum(${serviceUsage.amount}))::int as used
      from ${serviceUsage} group by 1, 2
    ),
    ahead as (
      select ${bookings.clientId} as client_id, ${bookings.kind}::text as kind, count(*)::int as ahead,
        count(*) filter (where ${bookings.counted})::int as counted
      from ${bookings}
      where ${bookings.status} = 'booked' and ${bookings.startsAt} > ${at}::timestamptz
        and ${bookings.clientId} is not null
      group by 1, 2
    ),
    per as (
      select c.plan, a.kind, a.sold,
        greatest(0, coalesce(u.used, 0) - coalesce(b.counted, 0)) as delivered,
        coalesce(b.ahead, 0) as ahead,
        coalesce(c.lapsed, false) and a.kind in (${quotaKinds}) as lapsed
      from clients c
      join allow a on a.plan = c.plan
      left join used u on u.client_id = c.id and u.kind = a.kind
      left join ahead b on b.client_id = c.id and b.kind = a.kind
    ),
    lefts as (select *, greatest(0, sold - delivered - ahead) as left_over from per)
    select plan, kind, count(*)::int as clients, sum(sold)::int as sold, sum(delivered)::int as delivered,
      sum(ahead)::int as ahead,
      sum(case when lapsed then 0 else left_over end)::int as remaining,
      sum(case when lapsed then left_over else 0 end)::int as expired
    from lefts group by plan, kind
  `,
  );
  return rows.map((r) => ({
    plan: r.plan as CapacityRow["plan"],
    kind: r.kind as CapacityRow["kind"],
    clients: Number(r.clients),
    sold: Number(r.sold),
    delivered: Number(r.delivered),
    ahead: Number(r.ahead),
    remaining: Number(r.remaining),
    expired: Number(r.expired),
  }));
}

/**
 * The week's booked load: bookings still `booked` starting from today's midnight on the coach's clock
 * for seven calendar days, per day and kind, every client's and the unmatched alike (the calendar's load).
 */
export async function bookedWeek(db: Db, _permit: Permit<"capacity.read">, now: Date) {
  const zone = COACH_TIME_ZONE;
  const at = now.toISOString();
  const local = sql`(${bookings.startsAt} at time zone ${zone})`;
  const today = sql`date_trunc('day', ${at}::timestamptz at time zone ${zone})`;
  const found = await rowsOf<{ day: string; kind: string; bookings: number }>(
    db,
    sql`
    select to_char(${local}, 'YYYY-MM-DD') as day, ${bookings.kind}::text as kind, count(*)::int as bookings
    from ${bookings}
    where ${bookings.status} = 'booked'
      and ${bookings.startsAt} >= (${today} at time zone ${zone})
      and ${bookings.startsAt} < ((${today} + ${`${WEEK_DAYS} days`}::interval) at time zone ${zone})
    group by 1, 2
  `,
  );
  const rows = found.map((r) => ({ day: r.day, kind: r.kind, bookings: Number(r.bookings) }));
  return weekLoad(weekDays(now), rows);
}
