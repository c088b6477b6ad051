// Over 300 lines on purpose: one flat test per rule of the usage summary, each read alone.
import { expect, test } from "vitest";
import { PLANS, SERVICE_KINDS, type ServiceKind } from "./plans";
import {
  adjustableQuotas,
  canDecrement,
  comparisonRows,
  DECREMENT_BELOW_ZERO,
  groupedPlanItems,
  hasCredit,
  PLAN_GROUPS,
  progressPercent,
  quotaItems,
  specialItems,
  type UsageRow,
  usageSummary,
  usedByKind,
} from "./usage";

const kinds = (items: { kind: ServiceKind }[]) => items.map((i) => i.kind);

test("usedByKind is zero for every kind with no rows", () => {
  const used = usedByKind([]);
  expect(Object.keys(used).sort()).toEqual([...SERVICE_KINDS].sort());
  expect(Object.values(used).every((n) => n === 0)).toBe(true);
});

test("usedByKind sums a ledger of +1/-1 rows per kind", () => {
  const rows: UsageRow[] = [
    { kind: "session_30m", amount: 1 },
    { kind: "session_30m", amount: 1 },
    { kind: "session_30m", amount: 1 },
    { kind: "session_30m", amount: -1 },
    { kind: "mock_interview", amount: 1 },
    { kind: "resume_review", amount: 1 },
    { kind: "resume_review", amount: -1 },
  ];
  const used = usedByKind(rows);
  expect(used.session_30m).toBe(2);
  expect(used.mock_interview).toBe(1);
  expect(used.resume_review).toBe(0);
  expect(used.dsa_survey).toBe(0);
});

test("usedByKind clamps a negative sum to zero", () => {
  const used = usedByKind([
    { kind: "mock_interview", amount: -1 },
    { kind: "mock_interview", amount: -1 },
    { kind: "session_30m", amount: 1 },
    { kind: "session_30m", amount: -3 },
  ]);
  expect(used.mock_interview).toBe(0);
  expect(used.session_30m).toBe(0);
});

test("usedByKind clamps the total, not each step (-1 then +2 is 1)", () => {
  const used = usedByKind([
    { kind: "session_30m", amount: -1 },
    { kind: "session_30m", amount: 2 },
  ]);
  expect(used.session_30m).toBe(1);
});

test("usedByKind ignores rows of unknown kinds", () => {
  const rows = [
    { kind: "session_30m", amount: 1 },
    { kind: "legacy_kind", amount: 5 },
  ] as unknown as UsageRow[];
  const used = usedByKind(rows);
  expect(used.session_30m).toBe(1);
  expect(Object.keys(used)).toHaveLength(10);
  expect("legacy_kind" in used).toBe(false);
});

test("progressPercent rounds to the nearest whole percent", () => {
  expect(progressPercent(1, 3)).toBe(33);
  expect(progressPercent(2, 3)).toBe(67);
  expect(progressPercent(1, 6)).toBe(17);
  expect(progressPercent(1, 16)).toBe(6);
  expect(progressPercent(1, 8)).toBe(13); // 12.5 rounds up
  expect(progressPercent(2, 4)).toBe(50);
  expect(progressPercent(4, 4)).toBe(100);
  expect(progressPercent(0, 4)).toBe(0);
});

test("progressPercent is capped at 100", () => {
  expect(progressPercent(5, 4)).toBe(100);
  expect(progressPercent(40, 16)).toBe(100);
  expect(progressPercent(2, 1)).toBe(100);
});

test("progressPercent is 0 when nothing is included", () => {
  expect(progressPercent(0, 0)).toBe(0);
  expect(progressPercent(3, 0)).toBe(0);
  expect(progressPercent(3, -1)).toBe(0);
});

test("progressPercent is never negative", () => {
  expect(progressPercent(-2, 4)).toBe(0);
  expect(progressPercent(-1, 0)).toBe(0);
});

test("usageSummary has one item per kind in SERVICE_KINDS order", () => {
  for (const plan of PLANS) {
    expect(kinds(usageSummary(plan, []))).toEqual([...SERVICE_KINDS]);
  }
});

test("a plan's period reaches only the counted kinds it includes (docs/decisions/0055-no-shows-and-expiry.md)", () => {
  const expiry = { at: "2026-02-28T09:00:00.000Z", passed: true };
  const summary = usageSummary("basic", [], expiry);
  const of = (kind: string) => summary.find((i) => i.kind === kind);
  expect(of("mock_interview")?.expiry).toEqual(expiry);
  // Basic has no 30-minute sessions, and a review is no session: neither expires.
  expect(of("session_30m")?.expiry).toBeNull();
  expect(of("resume_review")?.expiry).toBeNull();
  expect(hasCredit({ used: 0, included: 3, expiry })).toBe(false);
  expect(hasCredit({ used: 0, included: 3, expiry: { ...expiry, passed: false } })).toBe(true);
  expect(hasCredit({ used: 3, included: 3, expiry: null })).toBe(false);
});

test("usageSummary computes a pro client's items", () => {
  const summary = usageSummary("pro", [
    { kind: "session_30m", amount: 1 },
    { kind: "session_30m", amount: 1 },
    { kind: "mock_interview", amount: 1 },
    { kind: "resume_review", amount: 1 },
  ]);
  const byKind = Object.fromEntries(summary.map((i) => [i.kind, i]));
  expect(byKind.session_30m).toEqual({
    kind: "session_30m",
    label: "30-minute coaching session",
    used: 2,
    included: 4,
    percent: 50,
    singleUse: false,
    completed: false,
    includedInPlan: true,
    expiry: null,
  });
  expect(byKind.mock_interview).toEqual({
    kind: "mock_interview",
    label: "Mock interview",
    used: 1,
    included: 3,
    percent: 33,
    singleUse: false,
    completed: false,
    includedInPlan: true,
    expiry: null,
  });
  expect(byKind.resume_review).toEqual({
    kind: "resume_review",
    label: "Resume review",
    used: 1,
    included: 1,
    percent: 100,
    singleUse: true,
    completed: true,
    includedInPlan: true,
    expiry: null,
  });
  expect(byKind.networking_events_list).toEqual({
    kind: "networking_events_list",
    label: "Local networking events list",
    used: 0,
    included: 0,
    percent: 0,
    singleUse: true,
    completed: false,
    includedInPlan: false,
    expiry: null,
  });
});

test("a single-use item is Pending at 0 and Completed from 1", () => {
  const pending = usageSummary("basic", []).find((i) => i.kind === "github_review");
  expect(pending?.completed).toBe(false);
  const done = usageSummary("basic", [{ kind: "github_review", amount: 1 }]).find(
    (i) => i.kind === "github_review",
  );
  expect(done?.completed).toBe(true);
  const undone = usageSummary("basic", [
    { kind: "github_review", amount: 1 },
    { kind: "github_review", amount: -1 },
  ]).find((i) => i.kind === "github_review");
  expect(undone?.completed).toBe(false);
});

test("counted kinds are never marked completed, even when fully used", () => {
  const summary = usageSummary("basic", [{ kind: "mock_interview", amount: 1 }]);
  const mock = summary.find((i) => i.kind === "mock_interview");
  expect(mock?.used).toBe(1);
  expect(mock?.percent).toBe(100);
  expect(mock?.completed).toBe(false);
});

test("usage beyond the allowance keeps the real count but caps percent", () => {
  const rows: UsageRow[] = Array.from({ length: 6 }, () => ({ kind: "session_30m", amount: 1 }));
  const item = usageSummary("pro", rows).find((i) => i.kind === "session_30m");
  expect(item?.used).toBe(6);
  expect(item?.included).toBe(4);
  expect(item?.percent).toBe(100);
});

test("usage of a kind the plan does not include shows 0 percent", () => {
  const item = usageSummary("basic", [{ kind: "session_30m", amount: 1 }]).find(
    (i) => i.kind === "session_30m",
  );
  expect(item?.used).toBe(1);
  expect(item?.included).toBe(0);
  expect(item?.includedInPlan).toBe(false);
  expect(item?.percent).toBe(0);
});

test("quotaItems keeps both counted kinds for every plan, in order", () => {
  for (const plan of PLANS) {
    expect(kinds(quotaItems(usageSummary(plan, [])))).toEqual(["mock_interview", "session_30m"]);
  }
  const basicSession = quotaItems(usageSummary("basic", [])).find((i) => i.kind === "session_30m");
  expect(basicSession?.included).toBe(0);
  expect(basicSession?.includedInPlan).toBe(false);
});

test("adjustableQuotas drops counted kinds the plan does not include", () => {
  expect(kinds(adjustableQuotas(usageSummary("basic", [])))).toEqual(["mock_interview"]);
  expect(kinds(adjustableQuotas(usageSummary("pro", [])))).toEqual(["mock_interview", "session_30m"]);
  expect(kinds(adjustableQuotas(usageSummary("premium", [])))).toEqual(["mock_interview", "session_30m"]);
});

const REVIEWS = ["resume_review", "linkedin_review", "github_review", "personal_site_review"];

test("basic special items are the four reviews", () => {
  expect(kinds(specialItems(usageSummary("basic", [])))).toEqual(REVIEWS);
});

const PRO_SPECIALS = [...REVIEWS, "strategy_call_90m", "dsa_survey", "networking_playbook"];

test("pro special items add strategy call, DSA survey and playbook", () => {
  expect(kinds(specialItems(usageSummary("pro", [])))).toEqual(PRO_SPECIALS);
});

test("premium special items add the events list too", () => {
  expect(kinds(specialItems(usageSummary("premium", [])))).toEqual([
    ...PRO_SPECIALS,
    "networking_events_list",
  ]);
});

test("special items carry their completion state", () => {
  const items = specialItems(
    usageSummary("pro", [
      { kind: "dsa_survey", amount: 1 },
      { kind: "linkedin_review", amount: 1 },
      { kind: "linkedin_review", amount: -1 },
    ]),
  );
  expect(items.filter((i) => i.completed).map((i) => i.kind)).toEqual(["dsa_survey"]);
});

test("canDecrement only when used is above zero", () => {
  expect(canDecrement(1)).toBe(true);
  expect(canDecrement(16)).toBe(true);
  expect(canDecrement(0)).toBe(false);
  expect(canDecrement(-1)).toBe(false);
  expect(DECREMENT_BELOW_ZERO).toBe("Cannot decrement below zero.");
});

test("PLAN_GROUPS titles and order", () => {
  expect(PLAN_GROUPS.map((g) => [g.key, g.title])).toEqual([
    ["coaching", "Coaching sessions"],
    ["interviews", "Interviews"],
    ["reviews", "Reviews"],
    ["extras", "Extras"],
  ]);
});

test("groupedPlanItems places every kind exactly once", () => {
  for (const plan of PLANS) {
    const groups = groupedPlanItems(usageSummary(plan, []));
    const all = groups.flatMap((g) => g.items.map((i) => i.kind));
    expect(all).toHaveLength(SERVICE_KINDS.length);
    expect(new Set(all).size).toBe(SERVICE_KINDS.length);
    expect([...all].sort()).toEqual([...SERVICE_KINDS].sort());
  }
});

test("groupedPlanItems puts items in their groups with computed values", () => {
  const groups = groupedPlanItems(
    usageSummary("premium", [
      { kind: "session_30m", amount: 1 },
      { kind: "session_30m", amount: 1 },
      { kind: "session_30m", amount: 1 },
      { kind: "session_30m", amount: 1 },
    ]),
  );
  expect(groups.map((g) => [g.key, kinds(g.items)])).toEqual([
    ["coaching", ["session_30m", "strategy_call_90m"]],
    ["interviews", ["mock_interview"]],
    ["reviews", REVIEWS],
    ["extras", ["dsa_survey", "networking_playbook", "networking_events_list"]],
  ]);
  const session = groups[0]?.items[0];
  expect(session?.used).toBe(4);
  expect(session?.included).toBe(16);
  expect(session?.percent).toBe(25);
});

test("comparisonRows lists every kind with per-plan values from the quota table", () => {
  const rows = comparisonRows();
  expect(rows.map((r) => r.kind)).toEqual([...SERVICE_KINDS]);
  expect(rows.map((r) => [r.label, r.values.basic, r.values.pro, r.values.premium])).toEqual([
    ["Resume review", 1, 1, 1],
    ["LinkedIn review", 1, 1, 1],
    ["GitHub review", 1, 1, 1],
    ["Personal website review", 1, 1, 1],
    ["Mock interview", 1, 3, 6],
    ["30-minute coaching session", 0, 4, 16],
    ["Strategy call (90m)", 0, 1, 1],
    ["DSA survey", 0, 1, 1],
    ["Networking playbook", 0, 1, 1],
    ["Local networking events list", 0, 0, 1],
  ]);
});

test("comparisonRows agrees with the portal's included values for every plan", () => {
  const rows = comparisonRows();
  for (const plan of PLANS) {
    const summary = usageSummary(plan, []);
    for (const row of rows) {
      expect(summary.find((i) => i.kind === row.kind)?.included).toBe(row.values[plan]);
    }
  }
});
