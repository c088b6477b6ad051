import { describe, expect, test } from "vitest";
import {
  boardOrder,
  type ClientSearchCounts,
  emptyPerStage,
  searchRow,
  wholeDaysBetween,
} from "./job-search-board";

const NOW = new Date("2026-11-28T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);

function counts(
  email: string,
  stages: Partial<ReturnType<typeof emptyPerStage>>,
  quiet: number | null,
): ClientSearchCounts {
  const perStage = { ...emptyPerStage(), ...stages };
  const total = Object.values(perStage).reduce((sum, n) => sum + n, 0);
  return {
    clientId: email,
    fullName: null,
    email,
    perStage,
    total,
    addedLately: 0,
    lastActivityAt: quiet === null ? null : daysAgo(quiet),
    unpreparedInterviewAt: null,
  };
}

describe("the coach's board flags", () => {
  test("quiet for the setting's days or more is stalled; one day less is not", () => {
    expect(searchRow(counts("a", { applied: 2 }, 14), NOW, 14)).toMatchObject({
      stalled: true,
      quietDays: 14,
    });
    expect(searchRow(counts("a", { applied: 2 }, 13), NOW, 14)).toMatchObject({
      stalled: false,
      quietDays: 13,
    });
  });

  test("every application ended with nothing new is stalled; an accepted offer or none at all never is", () => {
    expect(searchRow(counts("r", { rejected: 3 }, 30), NOW, 14).stalled).toBe(true);
    expect(searchRow(counts("w", { accepted: 1, rejected: 2 }, 30), NOW, 14)).toMatchObject({
      stalled: false,
      searching: false,
    });
    expect(searchRow(counts("n", {}, null), NOW, 14)).toMatchObject({
      stalled: false,
      quietDays: null,
      total: 0,
    });
  });

  test("whole days are floored and never negative (a clock a little ahead)", () => {
    expect(wholeDaysBetween(daysAgo(1.9), NOW)).toBe(1);
    expect(wholeDaysBetween(daysAgo(-0.1), NOW)).toBe(0);
  });

  test("order: stalled first, the longest quiet first; then the latest activity; not started last", () => {
    const rows = [
      counts("calm-old", { applied: 1 }, 5),
      counts("none", {}, null),
      counts("stalled-20", { applied: 1 }, 20),
      counts("calm-new", { applied: 1 }, 0),
      counts("stalled-40", { onsite: 1 }, 40),
    ].map((row) => searchRow(row, NOW, 14));
    expect(rows.sort(boardOrder).map((row) => row.email)).toEqual([
      "stalled-40",
      "stalled-20",
      "calm-new",
      "calm-old",
      "none",
    ]);
  });

  test("an interview within 72 hours with no mock booked comes before everything, the soonest first", () => {
    const soon = (email: string, hours: number) =>
      searchRow(
        {
          ...counts(email, { onsite: 1 }, 1),
          unpreparedInterviewAt: new Date(NOW.getTime() + hours * 3_600_000),
        },
        NOW,
        14,
      );
    const rows = [
      searchRow(counts("stalled", { applied: 1 }, 30), NOW, 14),
      soon("in-48h", 48),
      soon("in-5h", 5),
    ];
    expect(rows.sort(boardOrder).map((row) => [row.email, row.interviewUnprepared])).toEqual([
      ["in-5h", true],
      ["in-48h", true],
      ["stalled", false],
    ]);
  });
});
