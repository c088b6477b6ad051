import { describe, expect, test } from "vitest";
import {
  deliveryFor,
  emailKindsFor,
  isEmailAddress,
  isMandatory,
  nextLocalHour,
  STAFF_EMAIL_KINDS,
} from "./email";

describe("email rules", () => {
  test("every kind is at once by default; a mandatory kind is never off, whatever is stored", () => {
    expect(deliveryFor("homework-assigned", undefined)).toBe("now");
    expect(deliveryFor("homework-assigned", { "homework-assigned": "off" })).toBe("off");
    expect(deliveryFor("homework-assigned", { "homework-assigned": "weekly" })).toBe("now");
    expect(deliveryFor("payment-receipt", { "payment-receipt": "off" })).toBe("now");
    expect(deliveryFor("payment-receipt", { "payment-receipt": "digest" })).toBe("digest");
    expect(isMandatory("welcome")).toBe(true);
    expect(emailKindsFor("coach")).toBe(STAFF_EMAIL_KINDS);
    expect(emailKindsFor("lead")).toContain("welcome");
  });

  test("an address is one mailbox: no display name, spaces, separators or missing domain", () => {
    for (const good of ["a@example.com", "zoë.o'brien+x@example.com", "x@localhost"]) {
      expect(isEmailAddress(good), good).toBe(true);
    }
    for (const bad of [
      "",
      "a",
      "a@",
      "@b.com",
      "a@b",
      "a b@c.com",
      "A <a@b.com>",
      "a@b.com,c@d.com",
      "a@@b.com",
    ]) {
      expect(isEmailAddress(bad), bad).toBe(false);
    }
  });

  test("the next digest hour is that hour in the person's zone, including half-hour zones and DST", () => {
    // Toronto moves from UTC−5 to UTC−4 at 2 a.m. on 8 March 2026.
    expect(nextLocalHour(new Date("2026-03-07T10:00:00Z"), 7, "America/Toronto").toISOString()).toBe(
      "2026-03-07T12:00:00.000Z",
    );
    expect(nextLocalHour(new Date("2026-03-07T12:00:01Z"), 7, "America/Toronto").toISOString()).toBe(
      "2026-03-08T11:00:00.000Z",
    );
    const from = new Date("2026-03-07T20:10:00Z");
    expect(nextLocalHour(from, 8, "Asia/Kolkata").toISOString()).toBe("2026-03-08T02:30:00.000Z");
    expect(nextLocalHour(from, 21, "UTC").toISOString()).toBe("2026-03-07T21:00:00.000Z");
  });
});
