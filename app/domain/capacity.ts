// Capacity and the funnel's words (docs/decisions/0054-business-at-a-glance.md, "Capacity", "Funnel"):
// what the server's grouped rows become on the page. No database here, so the sums are unit-tested.

import { dayIn } from "./bookings";
import { KIND_LABELS, PLANS, type Plan, SERVICE_KINDS, type ServiceKind } from "./plans";

/** The coach's clock for "the week": the days of the booked load (the daily agenda's zone too). */
export const COACH_TIME_ZONE = "America/Toronto";
export const WEEK_DAYS = 7;

/** One plan's figures for one kind, summed over its clients (each client's remaining clamped at 0 first). */
export type CapacityRow = {
  plan: Plan;
  kind: ServiceKind;
  clients: number;
  sold: number;
  delivered: number;
  ahead: number;
  remaining: number;
  /** What remained of a counted kind when the client's plan period ended (docs/decisions/0055-no-shows-and-expiry.md). */
  expired: number;
};

export type CapacityTotal = Omit<CapacityRow, "plan" | "clients"> & { label: string };

/** Per kind across plans, in the display order; a kind nobody bought nor used is left out. */
export function capacityByKind(rows: readonly CapacityRow[]): CapacityTotal[] {
  return SERVICE_KINDS.flatMap((kind) => {
    const mine = rows.filter((r) => r.kind === kind);
    const total = {
      kind,
      label: KIND_LABELS[kind],
      sold: 0,
      delivered: 0,
      ahead: 0,
      remaining: 0,
      expired: 0,
    };
    for (const r of mine) {
      total.sold += r.sold;
      total.delivered += r.delivered;
      total.ahead += r.ahead;
      total.remaining += r.remaining;
      total.expired += r.expired;
    }
    return total.sold + total.delivered + total.ahead > 0 ? [total] : [];
  });
}

/** The plan's rows in plan then kind order, empty ones left out. */
export function capacityByPlan(rows: readonly CapacityRow[]): CapacityRow[] {
  const order = (r: CapacityRow) => PLANS.indexOf(r.plan) * 100 + SERVICE_KINDS.indexOf(r.kind);
  return rows.filter((r) => r.sold + r.delivered + r.ahead > 0).sort((a, b) => order(a) - order(b));
}

/** The week's days from today on the coach's clock (calendar days, so a DST change is no gap). */
export function weekDays(now: Date, days = WEEK_DAYS): string[] {
  const [y, m, d] = dayIn(COACH_TIME_ZONE, now).split("-").map(Number) as [number, number, number];
  return Array.from({ length: days }, (_, i) =>
    new Date(Date.UTC(y, m - 1, d + i)).toISOString().slice(0, 10),
  );
}

export type DayLoad = { day: string; sessions: number; interviews: number; total: number };

/** Every day of the week, zeros included, from the grouped rows (day, kind, count). */
export function weekLoad(
  days: readonly string[],
  rows: readonly { day: string; kind: string; bookings: number }[],
): DayLoad[] {
  return days.map((day) => {
    const of = (kind: string) =>
      rows.filter((r) => r.day === day && r.kind === kind).reduce((s, r) => s + r.bookings, 0);
    const total = rows.filter((r) => r.day === day).reduce((s, r) => s + r.bookings, 0);
    return { day, sessions: of("session_30m"), interviews: of("mock_interview"), total };
  });
}
