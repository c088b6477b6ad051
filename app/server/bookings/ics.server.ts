import { createEvents, type EventAttributes } from "ics";
import { KIND_LABELS } from "~/domain/plans";

// "Add to calendar": booked sessions as an iCalendar file (RFC 5545), written by the `ics` library.

export type CalendarSession = {
  id: string;
  kind: "session_30m" | "mock_interview" | string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  joinUrl: string | null;
};

/** The calendar text for `sessions` (none: an empty calendar). Throws if the library refuses one. */
export function sessionsCalendar(
  sessions: readonly CalendarSession[],
  organizer: { name: string; email: string },
) {
  const events: EventAttributes[] = sessions.map((session) => ({
    uid: `${session.id}@next-offer-coaching`,
    start: session.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: session.endsAt.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: session.title || KIND_LABELS[session.kind as keyof typeof KIND_LABELS] || "Session",
    description: session.joinUrl ? `Join: ${session.joinUrl}` : undefined,
    ...(session.joinUrl ? { url: session.joinUrl, location: session.joinUrl } : {}),
    status: "CONFIRMED",
    organizer,
    productId: "next-offer-coaching/sessions",
  }));
  const { error, value } = createEvents(events, {
    productId: "next-offer-coaching/sessions",
    method: "PUBLISH",
  });
  if (error || value == null) throw error ?? new Error("calendar not written");
  return value;
}
