import { expect, test } from "vitest";
import {
  ALLOWANCES,
  allowance,
  CLIENT_DETAIL_ACTIVITY_LIMIT,
  CLIENT_PICKER_LIMIT,
  DASHBOARD_ACTIVITY_LIMIT,
  demoPlan,
  effectivePlan,
  HOMEWORK_STATUS_LABELS,
  HOMEWORK_STATUSES,
  isPlan,
  isQuotaKind,
  isRole,
  isServiceKind,
  isSingleUse,
  KIND_LABELS,
  minutesFor,
  PLAN_LABELS,
  PLANS,
  QUOTA_KINDS,
  ROLES,
  SERVICE_KINDS,
  SESSION_MINUTES,
  SINGLE_USE_KINDS,
} from "./plans";

// docs/product/constants.md, Included quotas, written out literally (Premium sessions 16:
// docs/decisions/0021-spec-readings.md). Columns: basic, pro, premium.
const SPEC_QUOTAS: Record<string, [number, number, number]> = {
  resume_review: [1, 1, 1],
  linkedin_review: [1, 1, 1],
  github_review: [1, 1, 1],
  personal_site_review: [1, 1, 1],
  mock_interview: [1, 3, 6],
  session_30m: [0, 4, 16],
  strategy_call_90m: [0, 1, 1],
  dsa_survey: [0, 1, 1],
  networking_playbook: [0, 1, 1],
  networking_events_list: [0, 0, 1],
};

test("roles and plans are the specified values in order", () => {
  expect([...ROLES]).toEqual(["lead", "client", "coach", "admin"]);
  expect([...PLANS]).toEqual(["basic", "pro", "premium"]);
  expect(PLAN_LABELS).toEqual({ basic: "Basic", pro: "Pro", premium: "Premium" });
});

test("service kinds follow the entities table order with its exact labels", () => {
  // Each row of the table: the kind and its label, in the table's order.
  expect(SERVICE_KINDS.map((kind) => [kind, KIND_LABELS[kind]])).toEqual([
    ["resume_review", "Resume review"],
    ["linkedin_review", "LinkedIn review"],
    ["github_review", "GitHub review"],
    ["personal_site_review", "Personal website review"],
    ["mock_interview", "Mock interview"],
    ["session_30m", "30-minute coaching session"],
    ["strategy_call_90m", "Strategy call (90m)"],
    ["dsa_survey", "DSA survey"],
    ["networking_playbook", "Networking playbook"],
    ["networking_events_list", "Local networking events list"],
  ]);
  expect(Object.keys(KIND_LABELS).sort()).toEqual([...SERVICE_KINDS].sort());
});

test("homework statuses and labels", () => {
  expect([...HOMEWORK_STATUSES]).toEqual(["assigned", "submitted", "reviewed"]);
  expect(HOMEWORK_STATUS_LABELS).toEqual({
    assigned: "Assigned",
    submitted: "Submitted",
    reviewed: "Reviewed",
  });
});

test("quota kinds and single-use kinds partition the service kinds", () => {
  expect([...QUOTA_KINDS]).toEqual(["session_30m", "mock_interview"]);
  // Every other kind, in the display order pinned above.
  const counted: readonly string[] = QUOTA_KINDS;
  expect([...SINGLE_USE_KINDS]).toEqual(SERVICE_KINDS.filter((kind) => !counted.includes(kind)));
  const union = [...QUOTA_KINDS, ...SINGLE_USE_KINDS].sort();
  expect(union).toEqual([...SERVICE_KINDS].sort());
  expect(new Set(union).size).toBe(10);
});

test("isSingleUse is false exactly for the two counted kinds", () => {
  const counted = SERVICE_KINDS.filter((k) => !isSingleUse(k));
  expect(counted).toEqual(["mock_interview", "session_30m"]);
  expect(isSingleUse("resume_review")).toBe(true);
  expect(isSingleUse("networking_events_list")).toBe(true);
  expect(isSingleUse("session_30m")).toBe(false);
});

test("isQuotaKind is true exactly for session_30m and mock_interview", () => {
  expect(SERVICE_KINDS.filter((k) => isQuotaKind(k))).toEqual(["mock_interview", "session_30m"]);
});

test("isServiceKind accepts every kind and rejects anything else", () => {
  for (const kind of SERVICE_KINDS) expect(isServiceKind(kind)).toBe(true);
  for (const x of ["", "Resume_review", "session", "session_30M", null, undefined, 1, {}, []]) {
    expect(isServiceKind(x)).toBe(false);
  }
});

test("isPlan accepts only the three exact plan names", () => {
  expect(PLANS.every((p) => isPlan(p))).toBe(true);
  for (const x of ["PRO", "Pro", " pro", "gold", "", null, undefined, 0, ["pro"]]) {
    expect(isPlan(x)).toBe(false);
  }
});

test("isRole accepts only the four exact role names", () => {
  expect(ROLES.every((r) => isRole(r))).toBe(true);
  for (const x of ["Admin", "visitor", "owner", "", null, undefined, 3]) {
    expect(isRole(x)).toBe(false);
  }
});

for (const kind of SERVICE_KINDS) {
  PLANS.forEach((plan, column) => {
    test(`allowance(${plan}, ${kind}) matches the quota table`, () => {
      const expected = SPEC_QUOTAS[kind]?.[column];
      expect(expected).toBeTypeOf("number");
      expect(allowance(plan, kind)).toBe(expected);
      expect(ALLOWANCES[plan][kind]).toBe(expected);
    });
  });
}

test("the allowance table has exactly the ten kinds for each plan", () => {
  for (const plan of PLANS) {
    expect(Object.keys(ALLOWANCES[plan]).sort()).toEqual([...SERVICE_KINDS].sort());
  }
  expect(Object.keys(ALLOWANCES).sort()).toEqual(["basic", "premium", "pro"]);
});

test("premium includes 16 thirty-minute sessions (quota table wins)", () => {
  expect(allowance("premium", "session_30m")).toBe(16);
  expect(allowance("pro", "session_30m")).toBe(4);
  expect(allowance("basic", "session_30m")).toBe(0);
});

test.each([
  ["effectivePlan", effectivePlan, "basic"],
  ["demoPlan", demoPlan, "pro"],
] as const)("%s keeps valid plans and falls back for missing or unknown ones", (_, read, fallback) => {
  for (const plan of PLANS) expect(read(plan)).toBe(plan);
  for (const other of [null, undefined, "gold", "PRO", "Premium", "", 42, ["premium"]])
    expect(read(other)).toBe(fallback);
});

test("minutesFor records 30 minutes only for a session addition", () => {
  expect(SESSION_MINUTES).toBe(30);
  expect(minutesFor("session_30m", 1)).toBe(30);
  expect(minutesFor("session_30m", -1)).toBeNull();
  expect(minutesFor("session_30m", 2)).toBeNull();
  expect(minutesFor("session_30m", 0)).toBeNull();
  for (const kind of SERVICE_KINDS.filter((k) => k !== "session_30m")) {
    expect(minutesFor(kind, 1)).toBeNull();
    expect(minutesFor(kind, -1)).toBeNull();
  }
});

test("list limits match the constants and screens", () => {
  expect(DASHBOARD_ACTIVITY_LIMIT).toBe(8);
  expect(CLIENT_DETAIL_ACTIVITY_LIMIT).toBe(12);
  expect(CLIENT_PICKER_LIMIT).toBe(20);
});
