import { expect, test } from "vitest";
import { parseCalendar } from "../../../tests/support/ical";
import { sessionsCalendar } from "./ics.server";

const startsAt = new Date("2026-12-03T15:30:00Z");

/** A 30-minute session "b1" at `startsAt`. */
const session = (title: string, joinUrl: string) => ({
  id: "b1",
  kind: "session_30m" as const,
  title,
  startsAt,
  endsAt: new Date(startsAt.getTime() + 30 * 60_000),
  joinUrl,
});

test("sessions become valid calendar events another parser reads back", async () => {
  const text = await sessionsCalendar(
    [
      session("Coaching session, with a comma; and more", "https://app.cal.com/video/abc"),
      { id: "b2", kind: "mock_interview", title: "", startsAt, endsAt: startsAt, joinUrl: null },
    ],
    { name: "Alex Morgan", email: "hello@example.com" },
  );
  expect(text).toMatch(/^BEGIN:VCALENDAR/);
  const events = parseCalendar(text);
  expect(events).toHaveLength(2);
  expect(events[0]).toMatchObject({
    uid: "b1@next-offer-coaching",
    summary: "Coaching session, with a comma; and more",
    url: "https://app.cal.com/video/abc",
    status: "CONFIRMED",
  });
  expect(events[0]?.start.toISOString()).toBe("2026-12-03T15:30:00.000Z");
  expect(events[0]?.end.toISOString()).toBe("2026-12-03T16:00:00.000Z");
  expect(events[1]?.summary).toBe("Mock interview");
  expect(parseCalendar(await sessionsCalendar([], { name: "A", email: "a@example.com" }))).toEqual([]);
});

test("control characters in a title or link never reach the file: no bare CR, no injected line", async () => {
  const text = await sessionsCalendar(
    [
      session(
        "Mock\rATTENDEE:mailto:x@evil.example\u0000\u0007\u001b[31m end\u007f",
        "https://app.cal.com/video/abc\r\nX-INJECTED:1",
      ),
    ],
    { name: "Alex\r\nMorgan", email: "hello@example.com" },
  );
  // Every CR is part of a CRLF line end (RFC 5545), and no other control character is left.
  const controls = [...text.replace(/\r\n/g, "")].filter((c) => c.charCodeAt(0) < 32 || c === "\u007f");
  expect(controls).toEqual([]);
  expect(text).not.toMatch(/^ATTENDEE|^X-INJECTED/m);
  const [event] = parseCalendar(text);
  expect(event?.summary).toBe("Mock ATTENDEE:mailto:x@evil.example [31m end");
});
