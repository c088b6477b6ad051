import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { DASHBOARD_ACTIVITY_LIMIT, type Plan } from "~/domain/plans";
import { groupedPlanItems, quotaItems, specialItems, type UsageItem, usageSummary } from "~/domain/usage";
import type { Viewer } from "~/domain/viewer";
import { parseJsonText } from "~/lib/json-text";
import { recentActivities } from "~/server/models/activities.server";
import { usageRows } from "~/server/models/portal.server";
import { dashboardView, modeFor } from "~/server/models/portal-view.server";
import { authorize, grant } from "~/server/policy.server";
import { profiles } from "~/server/schema";
import { SEED_PEOPLE } from "~/server/seed.server";
import { databaseLabel } from "../support/database";
import { DAY, insertPortalFixture, T0 } from "../support/portal-fixture";
import { databaseForFile } from "../support/test-database";

// The seeded clients' dashboard and plan figures, composed as the page views compose them, and a lead's demo.

const db = databaseForFile({ seed: true });
let ana: Viewer;
let lead: Viewer;
const hw: Record<string, string> = {};

beforeAll(async () => {
  const fixture = await insertPortalFixture(db());
  ({ ana, lead } = fixture);
  Object.assign(hw, fixture.hw);
});

describe(`seeded clients' dashboard and plan figures on ${databaseLabel}`, () => {
  async function seeded(key: "basic" | "pro" | "premium"): Promise<Viewer> {
    const person = SEED_PEOPLE.find((p) => p.key === key);
    const [row] = await db()
      .select()
      .from(profiles)
      .where(eq(profiles.email, person?.email ?? ""));
    if (!row) throw new Error(`seeded ${key} missing`);
    return { id: row.id, email: row.email, fullName: row.fullName, role: row.role, plan: row.plan };
  }

  async function dashboardFor(viewer: Viewer) {
    // ?plan= is for the demo only.
    const mode = modeFor(viewer, new Request("http://localhost/dashboard?plan=basic"), false);
    const summary = usageSummary(mode.plan, await usageRows(db(), authorize(viewer, "portal.read-own")));
    return {
      mode,
      summary,
      quotas: quotaItems(summary),
      specials: specialItems(summary),
      activity: await recentActivities(db(), authorize(viewer, "portal.read-own"), DASHBOARD_ACTIVITY_LIMIT),
    };
  }

  const figure = (item: UsageItem) => ({
    kind: item.kind,
    used: item.used,
    included: item.included,
    percent: item.percent,
    includedInPlan: item.includedInPlan,
  });
  const specialState = (item: UsageItem) => [item.kind, item.completed ? "Completed" : "Pending"];

  test("pro client Daniel: mock 2 / 3 (67 %), sessions 3 / 4 (75 %), pro's special items, five activities", async () => {
    const daniel = await seeded("pro");
    const view = await dashboardFor(daniel);
    expect(view.mode).toEqual({ kind: "real", plan: "pro" });
    expect(view.quotas.map(figure)).toEqual([
      { kind: "mock_interview", used: 2, included: 3, percent: 67, includedInPlan: true },
      { kind: "session_30m", used: 3, included: 4, percent: 75, includedInPlan: true },
    ]);
    expect(view.specials.map(specialState)).toEqual([
      ["resume_review", "Completed"],
      ["linkedin_review", "Completed"],
      ["github_review", "Pending"],
      ["personal_site_review", "Pending"],
      ["strategy_call_90m", "Completed"],
      ["dsa_survey", "Pending"],
      ["networking_playbook", "Pending"],
    ]);
    expect(view.activity.map((a) => a.title)).toEqual([
      "Onsite prep call",
      "Referral sent",
      "Mock interview: arrays and hashing",
      "Resume review completed",
      "Welcome to coaching",
    ]);

    const groups = groupedPlanItems(view.summary);
    expect(groups.map((g) => [g.title, g.items.map((i) => i.kind)])).toEqual([
      ["Coaching sessions", ["session_30m", "strategy_call_90m"]],
      ["Interviews", ["mock_interview"]],
      ["Reviews", ["resume_review", "linkedin_review", "github_review", "personal_site_review"]],
      ["Extras", ["dsa_survey", "networking_playbook", "networking_events_list"]],
    ]);
    const extras = groups.find((g) => g.key === "extras")?.items ?? [];
    expect(extras.map((i) => [i.kind, i.includedInPlan, i.completed])).toEqual([
      ["dsa_survey", true, false],
      ["networking_playbook", true, false],
      ["networking_events_list", false, false],
    ]);
  });

  test("basic client Maya: sessions not included, mock 1 / 1 (100 %), only the four reviews", async () => {
    const view = await dashboardFor(await seeded("basic"));
    expect(view.mode).toEqual({ kind: "real", plan: "basic" });
    expect(view.quotas.map(figure)).toEqual([
      { kind: "mock_interview", used: 1, included: 1, percent: 100, includedInPlan: true },
      { kind: "session_30m", used: 0, included: 0, percent: 0, includedInPlan: false },
    ]);
    expect(view.specials.map(specialState)).toEqual([
      ["resume_review", "Completed"],
      ["linkedin_review", "Pending"],
      ["github_review", "Pending"],
      ["personal_site_review", "Pending"],
    ]);
    expect(view.activity).toHaveLength(3);
  });

  test("premium client Sofia: sessions 9 / 16 (56 %), mock 4 / 6 (67 %), the events list pending", async () => {
    const view = await dashboardFor(await seeded("premium"));
    expect(view.quotas.map(figure)).toEqual([
      { kind: "mock_interview", used: 4, included: 6, percent: 67, includedInPlan: true },
      { kind: "session_30m", used: 9, included: 16, percent: 56, includedInPlan: true },
    ]);
    expect(view.specials.map(specialState)).toEqual([
      ["resume_review", "Completed"],
      ["linkedin_review", "Completed"],
      ["github_review", "Completed"],
      ["personal_site_review", "Pending"],
      ["strategy_call_90m", "Completed"],
      ["dsa_survey", "Completed"],
      ["networking_playbook", "Pending"],
      ["networking_events_list", "Pending"],
    ]);
    expect(view.activity).toHaveLength(6);
  });

  test("a fixture client's ledger with a -1 nets out: Ana's mock interviews show 2 / 3", async () => {
    const view = await dashboardFor(ana);
    expect(view.quotas.map(figure)).toEqual([
      { kind: "mock_interview", used: 2, included: 3, percent: 67, includedInPlan: true },
      { kind: "session_30m", used: 3, included: 4, percent: 75, includedInPlan: true },
    ]);
    expect(view.activity).toHaveLength(DASHBOARD_ACTIVITY_LIMIT);
  });

  test("a lead gets the demo (never the database), on ?plan= with pro as the default", async () => {
    expect(modeFor(lead, new Request("http://localhost/dashboard"), false)).toEqual({
      kind: "demo",
      plan: "pro",
    });
    const mode = modeFor(lead, new Request("http://localhost/dashboard?plan=premium"), false);
    expect(mode).toEqual({ kind: "demo", plan: "premium" });
    // The demo never calls getDb, so the view runs here.
    const view = await dashboardView(grant(lead, "portal.read-own"), mode, T0);
    expect(parseJsonText(view.quotas).map(figure)).toEqual([
      { kind: "mock_interview", used: 4, included: 6, percent: 67, includedInPlan: true },
      { kind: "session_30m", used: 9, included: 16, percent: 56, includedInPlan: true },
    ]);
    expect(parseJsonText(view.activity)[0]?.occurredAt).toBe(new Date(T0.getTime() - DAY).toISOString());
  });

  test("each plan's demo shows the figures of the seeded client on that plan (one source, app/content/demo.ts)", async () => {
    for (const key of ["basic", "pro", "premium"] as const) {
      const demo = await dashboardView(null, { kind: "demo", plan: key }, T0);
      const real = await dashboardFor(await seeded(key));
      expect(parseJsonText(demo.quotas).map(figure), key).toEqual(real.quotas.map(figure));
      expect(parseJsonText(demo.specials).map(specialState), key).toEqual(real.specials.map(specialState));
    }
  });

  test("each demo plan's recent activity holds only what that plan includes: no strategy call on Basic", async () => {
    const titles = async (plan: Plan) =>
      parseJsonText((await dashboardView(null, { kind: "demo", plan }, T0)).activity).map(
        (entry) => entry.title,
      );
    expect(await titles("basic")).not.toContain("Strategy call");
    expect(await titles("pro")).toContain("Strategy call");
    expect(await titles("premium")).toContain("Strategy call");
    expect(await titles("basic")).toEqual((await titles("pro")).filter((title) => title !== "Strategy call"));
    expect(await titles("basic")).toContain("Mock interview: graphs and BFS");
  });
});
