// Bookings made on Cal.com (issue #18, docs/decisions/0028-bookings.md): which event types count,
// and whether a cancellation gives the credit back. Pure rules; the model applies them.

import type { BookingSettings } from "~/content/settings";
import type { QuotaKind } from "./plans";

const HOUR_MS = 3_600_000;

/** The counted kind a Cal.com event type stands for (by slug or numeric id), or null: not counted. */
export function kindOfEventType(
  settings: Pick<BookingSettings, "eventTypes">,
  slug: string | null | undefined,
  eventTypeId: string | number | null | undefined,
): QuotaKind | null {
  const names = [slug, eventTypeId == null ? null : String(eventTypeId)].filter(
    (name): name is string => typeof name === "string" && name !== "",
  );
  for (const kind of ["session_30m", "mock_interview"] as const) {
    if (settings.eventTypes[kind].some((type) => names.includes(type))) return kind;
  }
  return null;
}

/** A cancellation at least `noticeHours` before the start gives the credit back. */
export function givesCreditBack(startsAt: Date, cancelledAt: Date, noticeHours: number): boolean {
  return startsAt.getTime() - cancelledAt.getTime() >= noticeHours * HOUR_MS;
}

/** What a booking says to the coach about the plan. */
export function bookingFlag(booking: {
  clientId: string | null;
  overPlan: boolean;
  lateCancel: boolean;
  status: string;
  confirmReason?: string | null;
  lateChange?: boolean;
}): string | null {
  if (booking.clientId === null)
    return booking.confirmReason ? `To confirm: ${booking.confirmReason}` : "Unmatched: assign it to someone";
  if (booking.overPlan) return "1 over plan";
  if (booking.lateCancel) return "Cancelled late: the session stays used";
  if (booking.lateChange && booking.status === "booked") return LATE_CHANGE;
  return null;
}

/** A booking the client rescheduled inside the notice window. */
export const LATE_CHANGE = "Rescheduled late: the session stays used";

/** The Cal.com booking metadata key a portal link's signed token travels under (`metadata[portal]`). */
export const BOOKING_TOKEN_KEY = "portal";

/**
 * A scheduler link with the person's name and email filled in (Cal.com reads `name` and `email`) and
 * their signed token as booking metadata, which Cal.com hands back in the webhook's `payload.metadata`.
 */
export function schedulerLink(
  link: string,
  person: { fullName: string | null; email: string },
  token: string,
): string {
  const url = new URL(link);
  if (person.fullName) url.searchParams.set("name", person.fullName);
  url.searchParams.set("email", person.email);
  url.searchParams.set(`metadata[${BOOKING_TOKEN_KEY}]`, token);
  return url.toString();
}
