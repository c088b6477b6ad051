import { describe, expect, test } from "vitest";
import { weekDays, weekLoad } from "./capacity";
import { cohortMonths, funnelFrom, spanText } from "./funnel";

describe("the funnel's and the week's periods", () => {
  test("twelve UTC months, the current one last, every month shown", () => {
    const from = funnelFrom(new Date("2026-03-10T12:00:00Z"));
    expect(from.toISOString()).toBe("2025-04-01T00:00:00.000Z");
    const months = cohortMonths(from, 12, [{ month: "2026-01", leads: 3, converted: 2, medianDays: 6.5 }]);
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ month: "2025-04", leads: 0, converted: 0, medianDays: null });
    expect(months[9]).toMatchObject({ month: "2026-01", leads: 3 });
    expect(months[11]?.month).toBe("2026-03");
  });

  test("the week is seven calendar days on Toronto's clock, across a clock change and from late evening", () => {
    // 2026-03-08 02:00 EST → EDT; 23:30 in Toronto on Mar 7 is 04:30 UTC on Mar 8.
    expect(weekDays(new Date("2026-03-08T04:30:00Z"))).toEqual([
      "2026-03-07",
      "2026-03-08",
      "2026-03-09",
      "2026-03-10",
      "2026-03-11",
      "2026-03-12",
      "2026-03-13",
    ]);
    expect(weekLoad(["2026-03-07"], [{ day: "2026-03-07", kind: "mock_interview", bookings: 2 }])).toEqual([
      { day: "2026-03-07", sessions: 0, interviews: 2, total: 2 },
    ]);
  });

  test("spans read with one decimal at most, a dash when nothing was measured", () => {
    expect(spanText(null, "day")).toBe("—");
    expect(spanText(1, "day")).toBe("1 day");
    expect(spanText(6.54, "hour")).toBe("6.5 hours");
  });
});
