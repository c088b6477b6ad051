import { expect, test } from "vitest";
import { EXPIRY_MONTHS, expiryDay, planExpiresAt, planExpiry } from "./practice";

// docs/decisions/0055-no-shows-and-expiry.md, "Expiry": whole calendar months in UTC from the plan's start,
// the time of day kept; a day the end month lacks becomes its last day.

const at = (iso: string) => new Date(iso);
const ends = (start: string, months: number | null) =>
  planExpiresAt(at(start), months)?.toISOString() ?? null;

test("no period set: never", () => {
  expect(ends("2026-01-15T10:00:00Z", null)).toBeNull();
  expect(planExpiry(at("2020-01-01T00:00:00Z"), null, at("2026-01-01T00:00:00Z"))).toBeNull();
});

test("the same day and time, whole months later, across a year's end", () => {
  expect(ends("2026-01-15T10:30:00Z", 1)).toBe("2026-02-15T10:30:00.000Z");
  expect(ends("2026-11-20T23:59:59Z", 3)).toBe("2027-02-20T23:59:59.000Z");
  expect(ends("2026-05-01T00:00:00Z", EXPIRY_MONTHS.max)).toBe("2029-05-01T00:00:00.000Z");
});

test("a month's end: the 31st plus one month is the shorter month's last day, not the next month's", () => {
  expect(ends("2026-01-31T09:00:00Z", 1)).toBe("2026-02-28T09:00:00.000Z");
  expect(ends("2026-03-31T09:00:00Z", 1)).toBe("2026-04-30T09:00:00.000Z");
  expect(ends("2026-08-31T09:00:00Z", 3)).toBe("2026-11-30T09:00:00.000Z");
  expect(ends("2026-01-30T09:00:00Z", 1)).toBe("2026-02-28T09:00:00.000Z");
});

test("a leap year: 29 February exists in 2028, and a 29 February start lands on the 28th a year on", () => {
  expect(ends("2028-01-31T12:00:00Z", 1)).toBe("2028-02-29T12:00:00.000Z");
  expect(ends("2028-01-29T12:00:00Z", 1)).toBe("2028-02-29T12:00:00.000Z");
  expect(ends("2028-02-29T12:00:00Z", 12)).toBe("2029-02-28T12:00:00.000Z");
  expect(ends("2028-02-29T12:00:00Z", 1)).toBe("2028-03-29T12:00:00.000Z");
  expect(ends("2027-02-28T12:00:00Z", 12)).toBe("2028-02-28T12:00:00.000Z");
});

test("counted in UTC whatever the process's zone: late evening in Toronto is the next UTC day", () => {
  // 2026-01-31 21:00 in Toronto is 2026-02-01 02:00 UTC, so one month on is 1 March, not 28 February.
  expect(ends("2026-02-01T02:00:00Z", 1)).toBe("2026-03-01T02:00:00.000Z");
});

test("passed from the very instant of the end", () => {
  const start = at("2026-01-31T09:00:00Z");
  expect(planExpiry(start, 1, at("2026-02-28T08:59:59Z"))).toEqual({
    at: "2026-02-28T09:00:00.000Z",
    passed: false,
  });
  expect(planExpiry(start, 1, at("2026-02-28T09:00:00Z"))?.passed).toBe(true);
  expect(expiryDay("2026-02-28T09:00:00.000Z")).toBe("February 28, 2026");
  // The day as the rule counts it (UTC), not the reader's: 00:30 UTC is still that day.
  expect(expiryDay("2026-03-01T00:30:00.000Z")).toBe("March 1, 2026");
});
