// The usage ledger's totals are derived here, never stored.

import {
  allowance,
  isQuotaKind,
  isServiceKind,
  isSingleUse,
  KIND_LABELS,
  PLANS,
  type Plan,
  SERVICE_KINDS,
  type ServiceKind,
} from "./plans";
import type { PlanExpiry } from "./practice";

export type UsageRow = { kind: ServiceKind; amount: number };

export type UsageItem = {
  kind: ServiceKind;
  label: string;
  used: number;
  included: number;
  percent: number;
  singleUse: boolean;
  completed: boolean;
  includedInPlan: boolean;
  /** A counted kind's period (docs/decisions/0055-no-shows-and-expiry.md, "Expiry"); null: none set. */
  expiry: PlanExpiry | null;
};

function zeroByKind(): Record<ServiceKind, number> {
  const out = {} as Record<ServiceKind, number>;
  for (const kind of SERVICE_KINDS) out[kind] = 0;
  return out;
}

// Clamped at zero: a stray negative row must never show as negative usage.
export function usedByKind(rows: readonly UsageRow[]): Record<ServiceKind, number> {
  const sums = zeroByKind();
  for (const row of rows) {
    // Kinds this version does not know are skipped, not given keys the UI cannot label.
    if (!isServiceKind(row.kind)) continue;
    sums[row.kind] += row.amount;
  }
  for (const kind of SERVICE_KINDS) sums[kind] = Math.max(0, sums[kind]);
  return sums;
}

/** How a counted quota reads everywhere (dashboard, plan page, the client page, the bar's value). */
export function usedText(item: Pick<UsageItem, "used" | "included">): string {
  return `${item.used} of ${item.included} used`;
}

/** Booking still counts within the plan: credit left and its period (if any) not over. */
export function hasCredit(item: Pick<UsageItem, "used" | "included"> & Partial<Pick<UsageItem, "expiry">>) {
  return item.used < item.included && !item.expiry?.passed;
}

export function progressPercent(used: number, included: number): number {
  if (included <= 0 || used <= 0) return 0;
  return Math.min(100, Math.round((100 * used) / included));
}

/** `expiry`: the plan's period, which only the counted kinds (sessions, mock interviews) follow. */
export function usageSummary(
  plan: Plan,
  rows: readonly UsageRow[],
  expiry: PlanExpiry | null = null,
): UsageItem[] {
  const used = usedByKind(rows);
  return SERVICE_KINDS.map((kind) => {
    const included = allowance(plan, kind);
    const singleUse = isSingleUse(kind);
    return {
      kind,
      label: KIND_LABELS[kind],
      used: used[kind],
      included,
      percent: progressPercent(used[kind], included),
      singleUse,
      completed: singleUse && used[kind] >= 1,
      includedInPlan: included > 0,
      expiry: isQuotaKind(kind) && included > 0 ? expiry : null,
    };
  });
}

// Every counted kind, even one the plan lacks (the UI says 'Not included in your plan').
export function quotaItems(summary: readonly UsageItem[]): UsageItem[] {
  return summary.filter((item) => isQuotaKind(item.kind));
}

export function adjustableQuotas(summary: readonly UsageItem[]): UsageItem[] {
  return summary.filter((item) => isQuotaKind(item.kind) && item.included > 0);
}

export function specialItems(summary: readonly UsageItem[]): UsageItem[] {
  return summary.filter((item) => item.singleUse && item.included > 0);
}

export const DECREMENT_BELOW_ZERO = "Cannot decrement below zero.";

export function canDecrement(used: number): boolean {
  return used > 0;
}

export type PlanGroupKey = "coaching" | "interviews" | "reviews" | "extras";

export type PlanGroup = {
  key: PlanGroupKey;
  title: string;
  kinds: readonly ServiceKind[];
};

export const PLAN_GROUPS: readonly PlanGroup[] = [
  { key: "coaching", title: "Coaching sessions", kinds: ["session_30m", "strategy_call_90m"] },
  { key: "interviews", title: "Interviews", kinds: ["mock_interview"] },
  {
    key: "reviews",
    title: "Reviews",
    kinds: ["resume_review", "linkedin_review", "github_review", "personal_site_review"],
  },
  {
    key: "extras",
    title: "Extras",
    kinds: ["dsa_survey", "networking_playbook", "networking_events_list"],
  },
];

export type GroupedPlanItems = {
  key: PlanGroupKey;
  title: string;
  items: UsageItem[];
};

export function groupedPlanItems(summary: readonly UsageItem[]): GroupedPlanItems[] {
  return PLAN_GROUPS.map((group) => ({
    key: group.key,
    title: group.title,
    items: group.kinds.flatMap((kind) => summary.filter((item) => item.kind === kind)),
  }));
}

export type ComparisonRow = {
  kind: ServiceKind;
  label: string;
  values: Record<Plan, number>;
};

export function comparisonRows(): ComparisonRow[] {
  return SERVICE_KINDS.map((kind) => {
    const values = {} as Record<Plan, number>;
    for (const plan of PLANS) values[plan] = allowance(plan, kind);
    return { kind, label: KIND_LABELS[kind], values };
  });
}
