import { expect, test } from "vitest";
import * as domain from "./index";

test("index re-exports every module's public API", () => {
  const expected = [
    "ROLES",
    "PLANS",
    "PLAN_LABELS",
    "SERVICE_KINDS",
    "KIND_LABELS",
    "HOMEWORK_STATUSES",
    "HOMEWORK_STATUS_LABELS",
    "QUOTA_KINDS",
    "SINGLE_USE_KINDS",
    "isSingleUse",
    "isServiceKind",
    "isPlan",
    "isRole",
    "ALLOWANCES",
    "allowance",
    "effectivePlan",
    "demoPlan",
    "SESSION_MINUTES",
    "minutesFor",
    "DASHBOARD_ACTIVITY_LIMIT",
    "CLIENT_DETAIL_ACTIVITY_LIMIT",
    "CLIENT_PICKER_LIMIT",
    "usedByKind",
    "progressPercent",
    "usageSummary",
    "quotaItems",
    "adjustableQuotas",
    "specialItems",
    "canDecrement",
    "DECREMENT_BELOW_ZERO",
    "PLAN_GROUPS",
    "groupedPlanItems",
    "comparisonRows",
    "financedTotal",
    "financingSavings",
    "formatMoney",
    "CURRENCIES",
    "parseCurrency",
    "CURRENCY_COOKIE",
    "CURRENCY_COOKIE_MAX_AGE",
    "enrollByDate",
    "ordinal",
    "formatEnrollBy",
    "safeHref",
    "linkLabel",
    "normalizeResourceRows",
    "activityLinkFrom",
  ];
  const missing = expected.filter((name) => !(name in domain));
  expect(missing).toEqual([]);
});

test("functions work through the index", () => {
  const summary = domain.usageSummary(domain.effectivePlan("premium"), [
    { kind: "mock_interview", amount: 1 },
  ]);
  expect(domain.quotaItems(summary).map((i) => [i.kind, i.used, i.included])).toEqual([
    ["mock_interview", 1, 6],
    ["session_30m", 0, 16],
  ]);
});
