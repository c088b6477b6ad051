// The funnel's words (docs/decisions/0054-business-at-a-glance.md, "Funnel"): its window, the sources of a
// purchase, and the page's rows from the server's grouped ones.

import { keysOf } from "./enums";
import { offerTitle } from "./orders";

/** The funnel reads the last twelve calendar months in UTC, the current one included (as the money does). */
export const FUNNEL_MONTHS = 12;

export function funnelFrom(now: Date, months = FUNNEL_MONTHS): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (months - 1), 1));
}

export type CohortRow = { month: string; leads: number; converted: number; medianDays: number | null };

export const SOURCE_LABELS = {
  direct: "Direct",
  referral: "A client's referral code",
  sponsor: "Sponsor code",
  reward: "A referrer's reward code",
};
export const CODE_SOURCES = keysOf(SOURCE_LABELS);
export type CodeSource = (typeof CODE_SOURCES)[number];

export type SourceRow = { offer: string; source: CodeSource; buyers: number };

export type SourceLine = { offer: string; label: string; counts: Record<CodeSource, number>; total: number };

/** One line per offer bought, each source's buyers, most buyers first. */
export function sourcesByOffer(rows: readonly SourceRow[]): SourceLine[] {
  const lines = new Map<string, SourceLine>();
  for (const r of rows) {
    const line = lines.get(r.offer) ?? {
      offer: r.offer,
      label: offerTitle(r.offer),
      counts: { direct: 0, referral: 0, sponsor: 0, reward: 0 },
      total: 0,
    };
    line.counts[r.source] += r.buyers;
    line.total += r.buyers;
    lines.set(r.offer, line);
  }
  return [...lines.values()].sort((a, b) => b.total - a.total || a.offer.localeCompare(b.offer));
}

/** Every month of the window, zeros included. */
export function cohortMonths(from: Date, months: number, rows: readonly CohortRow[]): CohortRow[] {
  return Array.from({ length: months }, (_, i) => {
    const month = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + i, 1))
      .toISOString()
      .slice(0, 7);
    return rows.find((r) => r.month === month) ?? { month, leads: 0, converted: 0, medianDays: null };
  });
}

/** "2.5 days", "18 hours": one decimal at most; "—" when there is nothing to measure. */
export function spanText(value: number | null, unit: "day" | "hour"): string {
  if (value === null) return "—";
  const rounded = Math.round(value * 10) / 10;
  return `${rounded} ${unit}${rounded === 1 ? "" : "s"}`;
}
