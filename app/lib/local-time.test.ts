import { describe, expect, test } from "vitest";
import { endOfDayIn, formatted, instantIn, SERVER_TIME_ZONE, wallClockText } from "./local-time";

// A sponsor code's expiry is the end of its day on the coach's clock (docs/decisions/0044-discount-codes.md).

test("the end of a day in Toronto is 04:59:59.999 or 05:59:59.999 UTC the next morning, by season", () => {
  expect(endOfDayIn("2026-07-15", SERVER_TIME_ZONE).toISOString()).toBe("2026-07-16T03:59:59.999Z");
  expect(endOfDayIn("2026-12-31", SERVER_TIME_ZONE).toISOString()).toBe("2027-01-01T04:59:59.999Z");
});

test("across a clock change: the day the clocks go back or forward ends at its own midnight", () => {
  // 2026-11-01 and 2026-03-08: Toronto's changes; the next midnight is in the other offset.
  expect(endOfDayIn("2026-10-31", SERVER_TIME_ZONE).toISOString()).toBe("2026-11-01T03:59:59.999Z");
  expect(endOfDayIn("2026-11-01", SERVER_TIME_ZONE).toISOString()).toBe("2026-11-02T04:59:59.999Z");
  expect(endOfDayIn("2026-03-08", SERVER_TIME_ZONE).toISOString()).toBe("2026-03-09T03:59:59.999Z");
});

test("other zones, either side of UTC, and the day reads back as itself", () => {
  expect(endOfDayIn("2026-07-15", "Pacific/Kiritimati").toISOString()).toBe("2026-07-15T09:59:59.999Z");
  expect(endOfDayIn("2026-07-15", "Pacific/Honolulu").toISOString()).toBe("2026-07-16T09:59:59.999Z");
  expect(endOfDayIn("2026-07-15", "UTC").toISOString()).toBe("2026-07-15T23:59:59.999Z");
  expect(formatted(endOfDayIn("2026-12-31", SERVER_TIME_ZONE), SERVER_TIME_ZONE, "date")).toBe(
    "Dec 31, 2026",
  );
});

describe("an interview's wall-clock time (instantIn, wallClockText)", () => {
  test("read on the zone's clock, across a clock change, and written back the same", () => {
    expect(instantIn("2026-07-01", "09:30", "America/Vancouver").toISOString()).toBe(
      "2026-07-01T16:30:00.000Z",
    );
    expect(instantIn("2026-01-15", "09:30", "America/Toronto").toISOString()).toBe(
      "2026-01-15T14:30:00.000Z",
    );
    // The day after Toronto's clocks go back (2026-11-01): UTC−5.
    expect(instantIn("2026-11-02", "00:15", "America/Toronto").toISOString()).toBe(
      "2026-11-02T05:15:00.000Z",
    );
    const at = instantIn("2026-03-20", "18:05", "Europe/London");
    expect(wallClockText(at, "Europe/London")).toBe("2026-03-20T18:05");
  });
});
