import { expect, test } from "vitest";
import { enrollByDate, formatEnrollBy, ordinal } from "./enroll-by";

test("Saturday enrolls by the next day", () => {
  const d = enrollByDate(new Date("2026-11-21T15:00:00Z"));
  expect(d).toEqual({ year: 2026, month: 11, day: 22 });
  expect(formatEnrollBy(d)).toBe("November 22nd");
});

test("Sunday enrolls by the same day", () => {
  expect(enrollByDate(new Date("2026-11-22T15:00:00Z"))).toEqual({ year: 2026, month: 11, day: 22 });
});

test("Monday enrolls by six days later", () => {
  expect(enrollByDate(new Date("2026-11-16T15:00:00Z"))).toEqual({ year: 2026, month: 11, day: 22 });
});

test("every weekday of a week maps to that week's Sunday", () => {
  // Mon 2026-11-16 … Sun 2026-11-22, at Toronto noon (17:00Z).
  for (let day = 16; day <= 22; day++) {
    const now = new Date(Date.UTC(2026, 10, day, 17));
    expect(enrollByDate(now)).toEqual({ year: 2026, month: 11, day: 22 });
  }
});

test("month and year roll over", () => {
  const d = enrollByDate(new Date("2026-12-28T15:00:00Z"));
  expect(d).toEqual({ year: 2027, month: 1, day: 3 });
  expect(formatEnrollBy(d)).toBe("January 3rd");
});

test("month rolls over within a year", () => {
  // Thursday 2026-04-30 → Sunday 2026-05-03.
  expect(enrollByDate(new Date("2026-04-30T15:00:00Z"))).toEqual({ year: 2026, month: 5, day: 3 });
});

test("leap day is reachable", () => {
  // Thursday 2028-02-24 → Sunday 2028-02-27; Monday 2028-02-28 → Sunday 2028-03-05.
  expect(enrollByDate(new Date("2028-02-24T15:00:00Z"))).toEqual({ year: 2028, month: 2, day: 27 });
  expect(enrollByDate(new Date("2028-02-28T15:00:00Z"))).toEqual({ year: 2028, month: 3, day: 5 });
});

test("late Friday evening in Toronto is already Saturday in UTC but still Friday there", () => {
  // 2026-11-21T03:00Z is Friday 22:00 in Toronto.
  expect(enrollByDate(new Date("2026-11-21T03:00:00Z"))).toEqual({ year: 2026, month: 11, day: 22 });
});

test("2026-11-22T03:00Z is still Saturday in Toronto", () => {
  const d = enrollByDate(new Date("2026-11-22T03:00:00Z"));
  expect(formatEnrollBy(d)).toBe("November 22nd");
});

test("2026-11-23T03:00Z is Sunday evening in Toronto, not Monday", () => {
  const d = enrollByDate(new Date("2026-11-23T03:00:00Z"));
  expect(d).toEqual({ year: 2026, month: 11, day: 22 });
  expect(formatEnrollBy(d)).toBe("November 22nd");
});

test("the same instant gives a different date in UTC than in Toronto", () => {
  const now = new Date("2026-11-23T03:00:00Z"); // Monday in UTC
  expect(enrollByDate(now, "UTC")).toEqual({ year: 2026, month: 11, day: 29 });
});

test("a zone ahead of UTC can already be Sunday", () => {
  const now = new Date("2026-11-21T20:00:00Z"); // Sunday 07:00 in Auckland
  expect(enrollByDate(now, "Pacific/Auckland")).toEqual({ year: 2026, month: 11, day: 22 });
});

test("the DST change day itself is handled", () => {
  // Sunday 2026-11-01 is the fall-back day in Toronto; 2026-03-08 spring-forward.
  expect(enrollByDate(new Date("2026-11-01T12:00:00Z"))).toEqual({ year: 2026, month: 11, day: 1 });
  expect(enrollByDate(new Date("2026-03-07T12:00:00Z"))).toEqual({ year: 2026, month: 3, day: 8 });
});

test("an invalid time zone throws", () => {
  expect(() => enrollByDate(new Date("2026-11-21T15:00:00Z"), "Mars/Olympus")).toThrow(RangeError);
});

const ORDINALS_1_TO_31 = (
  "1st 2nd 3rd 4th 5th 6th 7th 8th 9th 10th " +
  "11th 12th 13th 14th 15th 16th 17th 18th 19th 20th " +
  "21st 22nd 23rd 24th 25th 26th 27th 28th 29th 30th 31st"
).split(" ");

test("ordinal for every day of a month", () => {
  const got = Array.from({ length: 31 }, (_, i) => ordinal(i + 1));
  expect(got).toEqual(ORDINALS_1_TO_31);
});

test("ordinal keeps the teen exception beyond 100", () => {
  expect(ordinal(101)).toBe("101st");
  expect(ordinal(111)).toBe("111th");
  expect(ordinal(112)).toBe("112th");
  expect(ordinal(113)).toBe("113th");
  expect(ordinal(122)).toBe("122nd");
});

test("formatEnrollBy uses English month names", () => {
  const months = Array.from({ length: 12 }, (_, i) => formatEnrollBy({ month: i + 1, day: 1 }));
  expect(months).toEqual([
    "January 1st",
    "February 1st",
    "March 1st",
    "April 1st",
    "May 1st",
    "June 1st",
    "July 1st",
    "August 1st",
    "September 1st",
    "October 1st",
    "November 1st",
    "December 1st",
  ]);
  expect(formatEnrollBy({ year: 2026, month: 3, day: 23 })).toBe("March 23rd");
  expect(formatEnrollBy({ month: 7, day: 11 })).toBe("July 11th");
});

test("formatEnrollBy rejects an impossible month", () => {
  expect(() => formatEnrollBy({ month: 0, day: 1 })).toThrow(RangeError);
  expect(() => formatEnrollBy({ month: 13, day: 1 })).toThrow(RangeError);
});
