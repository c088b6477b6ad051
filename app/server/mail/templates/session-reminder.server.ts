import { SETTINGS } from "~/content/settings";
import { KIND_LABELS } from "~/domain/plans";
import type { bookings } from "../../schema";
import { emailTemplate } from "./template.server";

export type ReminderBooking = Pick<
  typeof bookings.$inferSelect,
  "id" | "kind" | "title" | "startsAt" | "endsAt" | "joinUrl"
>;

/** The organizer a session's calendar file names, and the reminder's "with". */
export const organizer = () => ({ name: SETTINGS.coach.name, email: SETTINGS.operator.email });

function when(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    weekday: "long",
    month: "long",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZone,
    timeZoneName: "short",
  }).format(date);
}

export type Reminder = { booking: ReminderBooking; hoursBefore: number };

export const sessionReminder = emailTemplate({
  kind: "session-reminder",
  audience: "client",
  content: ({ booking, hoursBefore }: Reminder, to, { origin }) => {
    const what = KIND_LABELS[booking.kind];
    const at = when(booking.startsAt, to.timeZone);
    const soon =
      hoursBefore <= 1 ? "in an hour" : hoursBefore === 24 ? "tomorrow" : `in ${hoursBefore} hours`;
    return {
      subject: `Reminder: your ${what.toLowerCase()} ${soon}`,
      summary: `${what}, ${at}.`,
      heading: `Your ${what.toLowerCase()} is ${soon}`,
      paragraphs: [
        `${booking.title || what} with ${organizer().name}, ${at}.`,
        "The calendar file attached adds it to your calendar. To move or cancel it, use the links in your booking confirmation from Cal.com.",
      ],
      details: [
        ["When", at],
        ...(booking.joinUrl ? ([["Join", booking.joinUrl]] as [string, string][]) : []),
      ],
      action: booking.joinUrl
        ? { label: "Join the session", url: booking.joinUrl }
        : { label: "See your sessions", url: `${origin}/dashboard` },
    };
  },
  sample: {
    booking: {
      id: "00000000-0000-4000-8000-000000000002",
      kind: "mock_interview",
      title: "Mock interview: product manager",
      startsAt: new Date("2030-01-16T15:00:00Z"),
      endsAt: new Date("2030-01-16T16:00:00Z"),
      joinUrl: "https://example.com/meet/mock-interview",
    },
    hoursBefore: 24,
  },
});
