import { describe, expect, test } from "vitest";
import { bookingFlag, givesCreditBack, kindOfEventType, schedulerLink } from "./bookings";

const settings = {
  eventTypes: { session_30m: ["coaching-session", "777"], mock_interview: ["mock-interview"] },
};

describe("bookings rules", () => {
  test("an event type counts by slug or numeric id; anything else counts as nothing", () => {
    expect(kindOfEventType(settings, "coaching-session", 1)).toBe("session_30m");
    expect(kindOfEventType(settings, null, 777)).toBe("session_30m");
    expect(kindOfEventType(settings, "mock-interview", undefined)).toBe("mock_interview");
    expect(kindOfEventType(settings, "intro-call", 12)).toBeNull();
    expect(kindOfEventType(settings, "", null)).toBeNull();
  });

  test("the credit comes back at N hours' notice or more, not less", () => {
    const start = new Date("2026-12-01T10:00:00Z");
    expect(givesCreditBack(start, new Date("2026-11-30T10:00:00Z"), 24)).toBe(true);
    expect(givesCreditBack(start, new Date("2026-11-30T10:00:01Z"), 24)).toBe(false);
    expect(givesCreditBack(start, new Date("2026-12-01T09:59:00Z"), 0)).toBe(true);
  });

  test("the coach's flag says what needs doing", () => {
    const base = { clientId: "x", overPlan: false, lateCancel: false, status: "booked" };
    expect(bookingFlag(base)).toBeNull();
    expect(bookingFlag({ ...base, overPlan: true })).toBe("1 over plan");
    expect(bookingFlag({ ...base, clientId: null })).toMatch(/^Unmatched/);
    expect(bookingFlag({ ...base, status: "cancelled", lateCancel: true })).toMatch(/stays used/);
    expect(bookingFlag({ ...base, lateChange: true })).toBe("Rescheduled late: the session stays used");
    expect(bookingFlag({ ...base, clientId: null, confirmReason: "Booked with Ada's email" })).toBe(
      "To confirm: Booked with Ada's email",
    );
  });

  test("the scheduler opens with the name and email filled in, and the token as booking metadata", () => {
    const url = new URL(
      schedulerLink(
        "https://cal.com/coach/session?theme=dark",
        { fullName: "Ada L", email: "a+b@x.io" },
        "abc~def",
      ),
    );
    expect(url.searchParams.get("metadata[portal]")).toBe("abc~def");
    expect(url.searchParams.get("name")).toBe("Ada L");
    expect(url.searchParams.get("email")).toBe("a+b@x.io");
    expect(url.searchParams.get("theme")).toBe("dark");
  });
});
