// Pure booking rules (docs/decisions/0028-bookings.md); the model applies them.

import type { QuotaKind } from "./plans";

/** Which Cal.com event types count as which kind: each a slug, `payload.type` or numeric id (app/content/settings.ts). */
export type CountedEventTypes = Record<QuotaKind, readonly string[]>;

const HOUR_MS = 3_600_000;

export function kindOfEventType(
  settings: { eventTypes: CountedEventTypes },
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

export function givesCreditBack(startsAt: Date, cancelledAt: Date, noticeHours: number): boolean {
  return startsAt.getTime() - cancelledAt.getTime() >= noticeHours * HOUR_MS;
}

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

export const LATE_CHANGE = "Rescheduled late: the session stays used";

/** Cal.com hands `metadata[portal]` back in the webhook. */
export const BOOKING_TOKEN_KEY = "portal";

/** Name, email and the signed token filled in; Cal.com returns the token in the webhook's metadata. */
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

/** `YYYY-MM-DD` of `date` on a clock (the coach's week on the admin home and on Capacity). */
export function dayIn(timeZone: string, date: Date): string {
  return new Intl.DateTimeFormat("en-CA", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(date);
}
