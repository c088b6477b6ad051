import { PLAN_LABELS, PLANS, type Plan } from "./plans";

// The outcomes page's figures (docs/decisions/0053-job-search.md, "Outcomes"), pure so each is unit-tested:
// offers landed per month, the medians, and the offer rate per plan. Pay is not among them.

/** The outcomes a public figure needs before it is shown: fewer could point at a person. */
export const PUBLIC_OUTCOMES_THRESHOLD = 5;

export type OutcomeRow = {
  id: string;
  clientId: string;
  client: string;
  company: string;
  role: string;
  plan: Plan | null;
  acceptedAt: Date;
  /** Calendar month of acceptance on the coach's clock, `YYYY-MM`. */
  month: string;
  daysToOffer: number | null;
  sessionsUsed: number;
};

export type PlanCount = { plan: Plan | null; clients: number; withOutcome: number };

/** The middle value, or the mean of the two middle ones; null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] as number) + upper) / 2;
}

export function perMonth(rows: readonly OutcomeRow[]): { month: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.month, (counts.get(row.month) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => (a < b ? 1 : -1)).map(([month, count]) => ({ month, count }));
}

export const planLabel = (plan: Plan | null) => (plan ? PLAN_LABELS[plan] : "No plan");

/** Every plan in order, "No plan" last; a rate only where the plan has clients. */
export function offerRates(counts: readonly PlanCount[]) {
  const order = [...PLANS, null];
  return [...counts]
    .sort((a, b) => order.indexOf(a.plan) - order.indexOf(b.plan))
    .map((count) => ({
      ...count,
      label: planLabel(count.plan),
      rate: count.clients === 0 ? null : count.withOutcome / count.clients,
    }));
}

export function outcomeFiguresOf(rows: readonly OutcomeRow[], counts: readonly PlanCount[]) {
  const timed = rows.filter((row) => row.daysToOffer !== null);
  return {
    total: rows.length,
    perMonth: perMonth(rows),
    medianDaysToOffer: median(timed.map((row) => row.daysToOffer as number)),
    timedCount: timed.length,
    medianSessions: median(rows.map((row) => row.sessionsUsed)),
    rates: offerRates(counts),
  };
}

export const percent = (rate: number) => `${Math.round(rate * 100)}%`;

/** "6 weeks": the public figure, rounded to whole weeks (at least one). */
export function weeksText(days: number): string {
  const weeks = Math.max(1, Math.round(days / 7));
  return `${weeks} ${weeks === 1 ? "week" : "weeks"}`;
}

/** The public sentence: a count, and the median in weeks when some outcomes have a known start. */
export function publicOutcomesText(figure: { clients: number; medianDaysToOffer: number | null }): string {
  const landed = `${figure.clients} clients landed offers`;
  return figure.medianDaysToOffer === null
    ? `${landed}.`
    : `${landed}; median ${weeksText(figure.medianDaysToOffer)} from the start of coaching to the offer.`;
}
