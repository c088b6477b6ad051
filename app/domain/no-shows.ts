// What a no-show is and when one may be recorded (docs/decisions/0055-no-shows-and-expiry.md, "No-shows").
// No database here: the server refuses with these words and the client's page shows the same rule.

import type { QuotaKind } from "./plans";
import type { NoShowSource } from "./practice";

/** The booking's fields the rules read. */
type Marked = { status: string; startsAt: Date | string; noShowAt: Date | string | null };

/** A session that is still `booked` and has started: the only kind that can be missed. */
export function canBeNoShow(booking: Marked, now: Date): boolean {
  return booking.status === "booked" && new Date(booking.startsAt).getTime() <= now.getTime();
}

/** Why the booking can't be marked (`noShow` true) or unmarked, or null when it can. */
export function noShowRefusal(booking: Marked, noShow: boolean, now: Date): string | null {
  if (!noShow) return booking.noShowAt ? null : "That session isn't marked as a no-show.";
  if (booking.status !== "booked") return "A cancelled session can't be a no-show.";
  if (!canBeNoShow(booking, now))
    return "That session hasn't started yet: only a past session can be a no-show.";
  return booking.noShowAt ? "That session is already marked as a no-show." : null;
}

/** The client's page says who recorded it. */
export const NO_SHOW_LABELS: Record<NoShowSource, string> = {
  cal: "No-show, recorded by Cal.com",
  coach: "No-show, marked by the coach",
};

/** The capacity page's no-shows of one booked kind: in the funnel's window, all time, and given back. */
export type NoShowRow = { kind: QuotaKind; inWindow: number; allTime: number; givenBack: number };
