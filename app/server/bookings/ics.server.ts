import type { EventAttributes } from "ics";
import { KIND_LABELS } from "~/domain/plans";

export type CalendarSession = {
  id: string;
  kind: "session_30m" | "mock_interview" | string;
  title: string;
  startsAt: Date;
  endsAt: Date;
  joinUrl: string | null;
};

// `ics` passes a bare CR or other control character through, and Cal.com titles are the booker's
// text: each run of them becomes a space (nothing in a link), so no line of the file is anyone's but ours.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;
const plain = (text: string) => text.replace(CONTROL, " ").trim();
const link = (url: string) => url.replace(CONTROL, "");

/** `ics` loads with the first calendar asked for, not at start (docs/decisions/0040-cold-start.md). */
export async function sessionsCalendar(
  sessions: readonly CalendarSession[],
  organizer: { name: string; email: string },
): Promise<string> {
  const events: EventAttributes[] = sessions.map((session) => {
    const joinUrl = session.joinUrl ? link(session.joinUrl) : null;
    return {
      uid: `${session.id}@next-offer-coaching`,
      start: session.startsAt.getTime(),
      startInputType: "utc",
      startOutputType: "utc",
      end: session.endsAt.getTime(),
      endInputType: "utc",
      endOutputType: "utc",
      title: plain(session.title) || KIND_LABELS[session.kind as keyof typeof KIND_LABELS] || "Session",
      description: joinUrl ? `Join: ${joinUrl}` : undefined,
      ...(joinUrl ? { url: joinUrl, location: joinUrl } : {}),
      status: "CONFIRMED",
      organizer: { name: plain(organizer.name), email: link(organizer.email) },
      productId: "next-offer-coaching/sessions",
    };
  });
  const { createEvents } = await import("ics");
  const { error, value } = createEvents(events, {
    productId: "next-offer-coaching/sessions",
    method: "PUBLISH",
  });
  if (error || value == null) throw error ?? new Error("calendar not written");
  return value;
}
