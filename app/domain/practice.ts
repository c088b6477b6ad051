// The practice's own rules for a missed session and for how long a plan's sessions last
// (docs/decisions/0055-no-shows-and-expiry.md). No database here: the server and the tests share them.

/** Who recorded a no-show: Cal.com's BOOKING_NO_SHOW_UPDATED delivery, or the coach's mark. */
export const NO_SHOW_SOURCES = ["cal", "coach"] as const;
export type NoShowSource = (typeof NO_SHOW_SOURCES)[number];

/** A plan's sessions expire this many whole months after it started; none set: they never do. */
export const EXPIRY_MONTHS = { min: 1, max: 36 } as const;

/** When a plan that started at `startedAt` stops counting its unused sessions, or null (no period set). */
export function planExpiresAt(startedAt: Date, months: number | null): Date | null {
  if (months === null) return null;
  const end = new Date(startedAt);
  const day = end.getUTCDate();
  end.setUTCMonth(end.getUTCMonth() + months, 1);
  // The 31st plus one month is the last day of a shorter month, not the 1st or 3rd of the next.
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}

/** A plan's period as the client's pages show it: when its sessions expire, and whether that has passed. */
export type PlanExpiry = { at: string; passed: boolean };

/** From the plan's start (`plan_started_at`, else the profile's creation) and the setting; null: never. */
export function planExpiry(startedAt: Date, months: number | null, now: Date): PlanExpiry | null {
  const at = planExpiresAt(startedAt, months);
  return at === null ? null : { at: at.toISOString(), passed: at.getTime() <= now.getTime() };
}

/** The day a period ends, in UTC as the rule counts it (the same words on the server and in the browser). */
export function expiryDay(at: string): string {
  return new Date(at).toLocaleDateString("en-CA", { dateStyle: "long", timeZone: "UTC" });
}

export const expiredText = (at: string) => `This plan's sessions expired on ${expiryDay(at)}.`;
