// The single source of what each plan includes (docs/product/entities.md and constants.md): portal, admin and
// the pricing comparison all read it.

import { keysOf, oneOf } from "./enums";

export const ROLES = ["lead", "client", "coach", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const PLAN_LABELS = { basic: "Basic", pro: "Pro", premium: "Premium" };
export const PLANS = keysOf(PLAN_LABELS);
export type Plan = (typeof PLANS)[number];

// The display order everywhere (docs/product/entities.md).
export const KIND_LABELS = {
  resume_review: "Resume review",
  linkedin_review: "LinkedIn review",
  github_review: "GitHub review",
  personal_site_review: "Personal website review",
  mock_interview: "Mock interview",
  session_30m: "30-minute coaching session",
  strategy_call_90m: "Strategy call (90m)",
  dsa_survey: "DSA survey",
  networking_playbook: "Networking playbook",
  networking_events_list: "Local networking events list",
};
export const SERVICE_KINDS = keysOf(KIND_LABELS);
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export const HOMEWORK_STATUS_LABELS = { assigned: "Assigned", submitted: "Submitted", reviewed: "Reviewed" };
export const HOMEWORK_STATUSES = keysOf(HOMEWORK_STATUS_LABELS);
export type HomeworkStatus = (typeof HOMEWORK_STATUSES)[number];

export const QUOTA_KINDS = ["session_30m", "mock_interview"] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];

export const SINGLE_USE_KINDS = [
  "resume_review",
  "linkedin_review",
  "github_review",
  "personal_site_review",
  "strategy_call_90m",
  "dsa_survey",
  "networking_playbook",
  "networking_events_list",
] as const satisfies readonly ServiceKind[];
export type SingleUseKind = (typeof SINGLE_USE_KINDS)[number];

export const isRole = oneOf(ROLES);
export const isPlan = oneOf(PLANS);
export const isServiceKind = oneOf(SERVICE_KINDS);
export const isSingleUse = oneOf(SINGLE_USE_KINDS);
export const isQuotaKind = oneOf(QUOTA_KINDS);

// docs/product/constants.md, Included quotas; Premium session_30m is 16 (docs/decisions/0021-spec-readings.md).
export const ALLOWANCES: Record<Plan, Record<ServiceKind, number>> = {
  basic: {
    resume_review: 1,
    linkedin_review: 1,
    github_review: 1,
    personal_site_review: 1,
    mock_interview: 1,
    session_30m: 0,
    strategy_call_90m: 0,
    dsa_survey: 0,
    networking_playbook: 0,
    networking_events_list: 0,
  },
  pro: {
    resume_review: 1,
    linkedin_review: 1,
    github_review: 1,
    personal_site_review: 1,
    mock_interview: 3,
    session_30m: 4,
    strategy_call_90m: 1,
    dsa_survey: 1,
    networking_playbook: 1,
    networking_events_list: 0,
  },
  premium: {
    resume_review: 1,
    linkedin_review: 1,
    github_review: 1,
    personal_site_review: 1,
    mock_interview: 6,
    session_30m: 16,
    strategy_call_90m: 1,
    dsa_survey: 1,
    networking_playbook: 1,
    networking_events_list: 1,
  },
};

export function allowance(plan: Plan, kind: ServiceKind): number {
  return ALLOWANCES[plan][kind];
}

// Leads hold null and rows may be stale; the portal must still render, so anything else is basic.
export function effectivePlan(plan: unknown): Plan {
  return isPlan(plan) ? plan : "basic";
}

// Exact match, so one URL always means one plan.
export function demoPlan(param: unknown): Plan {
  return isPlan(param) ? param : "pro";
}

export const SESSION_MINUTES = 30;

// Only additions of a 30-minute session carry minutes, so summing minutes counts time booked.
export function minutesFor(kind: ServiceKind, amount: number): number | null {
  return kind === "session_30m" && amount === 1 ? SESSION_MINUTES : null;
}

export const DASHBOARD_ACTIVITY_LIMIT = 8;
export const CLIENT_DETAIL_ACTIVITY_LIMIT = 12;
export const CLIENT_PICKER_LIMIT = 20;
