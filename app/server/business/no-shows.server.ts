import { sql } from "drizzle-orm";
import type { NoShowRow } from "~/domain/no-shows";
import { QUOTA_KINDS } from "~/domain/plans";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { bookings } from "../schema";
import { rowsOf } from "./capacity.server";

// No-shows on the capacity page (docs/decisions/0055-no-shows-and-expiry.md, "No-shows"): per booked kind,
// in the funnel's window and all time, and how many gave their session back. One grouped query.

/** Sessions still `booked` with a no-show recorded, every client's and the unmatched alike; `from` is the window's start. */
export async function noShowsByKind(
  db: Db,
  _permit: Permit<"capacity.read">,
  from: Date,
): Promise<NoShowRow[]> {
  const found = await rowsOf<{ kind: string; in_window: number; all_time: number; given_back: number }>(
    db,
    sql`
    select ${bookings.kind}::text as kind,
      count(*) filter (where ${bookings.startsAt} >= ${from.toISOString()}::timestamptz)::int as in_window,
      count(*)::int as all_time,
      count(*) filter (where ${bookings.noShowReturned})::int as given_back
    from ${bookings}
    where ${bookings.noShowAt} is not null and ${bookings.status} = 'booked'
    group by 1
  `,
  );
  // The booked kinds (the bookings table's check), each shown, 0 when none.
  return QUOTA_KINDS.map((kind) => {
    const row = found.find((r) => r.kind === kind);
    return {
      kind,
      inWindow: Number(row?.in_window ?? 0),
      allTime: Number(row?.all_time ?? 0),
      givenBack: Number(row?.given_back ?? 0),
    };
  });
}
