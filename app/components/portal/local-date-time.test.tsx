import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { CalendarDate, LocalDateTime } from "./local-date-time";

// Remembered texts must read the same on every render, and as Intl formats it.
describe("LocalDateTime and CalendarDate on the server", () => {
  const toronto = (date: Date, options: Intl.DateTimeFormatOptions) =>
    date.toLocaleString("en-US", { timeZone: "America/Toronto", ...options });

  test("a date and time in America/Toronto, the same on a second render", () => {
    const at = new Date("2026-03-08T06:30:00Z"); // 1:30 AM in Toronto, the night clocks go forward
    const expected = toronto(at, {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
    });
    const first = renderToString(<LocalDateTime value={at} />);
    expect(first).toBe(`<time dateTime="2026-03-08T06:30:00.000Z" data-local="date-time">${expected}</time>`);
    expect(renderToString(<LocalDateTime value={at.toISOString()} />)).toBe(first);
  });

  test("date only, and a different date gets its own text", () => {
    const one = renderToString(<LocalDateTime value="2026-01-01T04:00:00Z" dateOnly />);
    const two = renderToString(<LocalDateTime value="2026-01-01T05:00:00Z" dateOnly />);
    expect(one).toContain(">Dec 31, 2025<");
    expect(two).toContain(">Jan 1, 2026<");
  });

  test("a calendar date is the day as stored, whatever the time zone", () => {
    expect(renderToString(<CalendarDate value="2026-02-28" />)).toBe(
      '<time dateTime="2026-02-28">Sat, Feb 28, 2026</time>',
    );
    expect(renderToString(<CalendarDate value="2026-03-01" />)).toContain(">Sun, Mar 1, 2026<");
  });
});
