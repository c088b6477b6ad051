import { KIND_LABELS, type ServiceKind } from "~/domain/plans";
import { emailTemplate, SAMPLE_CLIENT } from "./template.server";

function timeOfDay(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone }).format(date);
}

export type AgendaSession = {
  kind: ServiceKind;
  title: string | null;
  startsAt: Date;
  joinUrl: string | null;
  attendeeName: string | null;
  attendeeEmail: string;
  clientName: string | null;
};

/** `timeZone`: the staff member's own; `start`: the first instant of their `day`. */
export type Agenda = { day: string; timeZone: string; start: Date; sessions: AgendaSession[] };

export const staffDailyAgenda = emailTemplate({
  kind: "staff-daily-agenda",
  audience: "staff",
  content: ({ day, timeZone, start, sessions }: Agenda, _to, { origin }) => {
    const count = `${sessions.length} ${sessions.length === 1 ? "session" : "sessions"}`;
    return {
      subject: `Today: ${count}`,
      summary: `${count}, the first at ${timeOfDay(sessions[0]?.startsAt ?? start, timeZone)}.`,
      heading: `Your sessions today (${day})`,
      paragraphs: [`Times are in ${timeZone}.`],
      details: sessions.map((session) => [
        timeOfDay(session.startsAt, timeZone),
        [
          KIND_LABELS[session.kind],
          session.clientName?.trim() || session.attendeeName?.trim() || session.attendeeEmail,
          session.joinUrl,
        ]
          .filter(Boolean)
          .join(" · "),
      ]),
      action: { label: "Open the admin area", url: `${origin}/admin` },
    };
  },
  sample: {
    day: "2030-01-16",
    timeZone: "America/Toronto",
    start: new Date("2030-01-16T05:00:00Z"),
    sessions: [
      {
        kind: "mock_interview",
        title: "Mock interview: product manager",
        startsAt: new Date("2030-01-16T15:00:00Z"),
        joinUrl: "https://example.com/meet/mock-interview",
        attendeeName: null,
        attendeeEmail: SAMPLE_CLIENT.email,
        clientName: SAMPLE_CLIENT.fullName,
      },
      {
        kind: "resume_review",
        title: null,
        startsAt: new Date("2030-01-16T19:30:00Z"),
        joinUrl: null,
        attendeeName: "Riley Park",
        attendeeEmail: "riley.park@example.com",
        clientName: null,
      },
    ],
  },
});
