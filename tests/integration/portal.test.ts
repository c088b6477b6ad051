import { randomUUID } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DASHBOARD_ACTIVITY_LIMIT, type Plan, type Role, type ServiceKind } from "~/domain/plans";
import { groupedPlanItems, quotaItems, specialItems, type UsageItem, usageSummary } from "~/domain/usage";
import type { Viewer } from "~/domain/viewer";
import { parseJsonText } from "~/lib/json-text";
import { recentActivities } from "~/server/models/activities.server";
import {
  listHomework,
  listLessons,
  listResources,
  resourceFacets,
  submitHomework,
  usageRows,
} from "~/server/models/portal.server";
import { dashboardView, modeFor } from "~/server/models/portal-view.server";
import { authorize, grant } from "~/server/policy.server";
import { activities, homework, lessons, profiles, resources, serviceUsage } from "~/server/schema";
import { SEED_PEOPLE } from "~/server/seed.server";
import { databaseLabel, everyRow, freshDatabase } from "../support/database";
import { insertPerson } from "../support/people";
import { expectRefusedUnchanged, modelRefusal } from "../support/refusal";

// The portal's models on own rows only (docs/decisions/0012-portal.md): two clients share the database, so a
// missing ownership filter shows up as the other's rows; anyone else is refused and nothing changes.

let database: Awaited<ReturnType<typeof freshDatabase>>;
const db = () => database.db;

const T0 = new Date("2026-03-01T12:00:00.000Z");
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

const makePerson = (role: Role, plan: Plan | null, name: string) => insertPerson(db(), role, plan, name);

let ana: Viewer; // client, pro
let ben: Viewer; // client, premium
let coach: Viewer;
let admin: Viewer;
let lead: Viewer; // a lead who still has rows of their own (e.g. a former client): still refused
const hw: Record<string, string> = {}; // homework ids by key

function usage(clientId: string, counts: Partial<Record<ServiceKind, number[]>>) {
  return Object.entries(counts).flatMap(([kind, amounts]) =>
    (amounts ?? []).map((amount) => ({
      clientId,
      kind: kind as ServiceKind,
      amount,
      minutes: kind === "session_30m" && amount === 1 ? 30 : null,
    })),
  );
}

async function insertHomework(
  key: string,
  row: Omit<typeof homework.$inferInsert, "title"> & { title?: string },
): Promise<void> {
  const [inserted] = await db()
    .insert(homework)
    .values({ title: key, ...row })
    .returning({ id: homework.id });
  if (!inserted) throw new Error(`homework ${key} not inserted`);
  hw[key] = inserted.id;
}

beforeAll(async () => {
  database = await freshDatabase({ seed: true });
  ana = await makePerson("client", "pro", "Ana");
  ben = await makePerson("client", "premium", "Ben");
  coach = await makePerson("coach", null, "Coach");
  admin = await makePerson("admin", null, "Admin");
  lead = await makePerson("lead", null, "Lead");

  await db()
    .insert(serviceUsage)
    .values([
      ...usage(ana.id, { mock_interview: [1, 1, 1, -1], session_30m: [1, 1, 1], resume_review: [1] }),
      ...usage(ben.id, {
        mock_interview: [1, 1, 1, 1, 1],
        session_30m: Array(10).fill(1),
        dsa_survey: [1],
        networking_events_list: [1],
      }),
      ...usage(lead.id, { resume_review: [1] }),
    ]);

  await db()
    .insert(activities)
    .values([
      ...Array.from({ length: 10 }, (_, i) => ({
        clientId: ana.id,
        title: `Ana activity ${i}`,
        details: i === 0 ? "newest of Ana's" : null,
        links: i === 0 ? [{ label: "Notes", url: "https://example.com/ana/notes" }] : [],
        occurredAt: at(-i * HOUR),
      })),
      ...Array.from({ length: 10 }, (_, i) => ({
        clientId: ben.id,
        title: `Ben activity ${i}`,
        occurredAt: at(-i * HOUR - HOUR / 2),
      })),
      { clientId: ben.id, title: "Ben newest", occurredAt: at(HOUR) },
    ]);

  // Inserted out of time order, so the order must come from the query.
  await db()
    .insert(lessons)
    .values([
      { clientId: ana.id, coachId: coach.id, title: "Ana middle", occurredAt: at(-2 * DAY) },
      {
        clientId: ana.id,
        coachId: coach.id,
        title: "Ana newest",
        occurredAt: at(-1 * DAY),
        recordingUrl: "https://example.com/rec/ana",
        resources: [{ label: "Sheet", url: "https://example.com/sheet" }],
      },
      { clientId: ana.id, coachId: coach.id, title: "Ana oldest", occurredAt: at(-5 * DAY) },
      { clientId: ben.id, coachId: coach.id, title: "Ben between", occurredAt: at(-3 * DAY) },
      { clientId: ben.id, coachId: coach.id, title: "Ben newest", occurredAt: at(0) },
    ]);

  await insertHomework("ana-no-due-1", { clientId: ana.id, dueDate: null, createdAt: at(-9 * DAY) });
  await insertHomework("ana-due-0320", { clientId: ana.id, dueDate: "2026-03-20", createdAt: at(-8 * DAY) });
  await insertHomework("ana-due-0305-submitted", {
    clientId: ana.id,
    dueDate: "2026-03-05",
    status: "submitted",
    submissionUrl: "https://example.com/first-try",
    submissionNote: "first try",
    submittedAt: at(-2 * DAY),
    createdAt: at(-7 * DAY),
  });
  await insertHomework("ana-due-0305-assigned", {
    clientId: ana.id,
    dueDate: "2026-03-05",
    createdAt: at(-6 * DAY),
  });
  await insertHomework("ana-due-0301-reviewed", {
    clientId: ana.id,
    dueDate: "2026-03-01",
    status: "reviewed",
    submissionUrl: "https://example.com/done",
    submittedAt: at(-4 * DAY),
    feedback: "Good work.",
    reviewedAt: at(-3 * DAY),
    reviewedBy: coach.id,
    createdAt: at(-10 * DAY),
  });
  await insertHomework("ana-no-due-2", { clientId: ana.id, dueDate: null, createdAt: at(-1 * DAY) });
  await insertHomework("ben-due-0303", { clientId: ben.id, dueDate: "2026-03-03", createdAt: at(-5 * DAY) });
  await insertHomework("ben-no-due", { clientId: ben.id, dueDate: null, createdAt: at(-5 * DAY) });
  await insertHomework("lead-own", { clientId: lead.id, dueDate: "2026-03-02", createdAt: at(-5 * DAY) });

  await db()
    .insert(resources)
    .values([
      {
        clientId: ana.id,
        kind: "guide",
        title: "Ana guide",
        url: "https://example.com/a/guide",
        tags: ["interviews", "planning"],
        createdAt: at(-3 * DAY),
      },
      {
        clientId: ana.id,
        kind: "video",
        title: "Ana video tagged",
        url: "https://example.com/a/video",
        tags: ["system design", "interviews"],
        createdAt: at(-1 * DAY),
      },
      {
        clientId: ana.id,
        kind: "practice",
        title: "Ana practice",
        url: "https://example.com/a/practice",
        tags: ["dsa"],
        createdAt: at(-2 * DAY),
      },
      {
        clientId: ana.id,
        kind: "video",
        title: "Ana video untagged",
        url: "https://example.com/a/video2",
        tags: [],
        createdAt: at(-4 * DAY),
      },
      // Ben has Ana's kinds and tags, so a filter without the owner would leak them.
      {
        clientId: ben.id,
        kind: "video",
        title: "Ben video",
        url: "https://example.com/b/video",
        tags: ["interviews"],
        createdAt: at(0),
      },
      {
        clientId: ben.id,
        kind: "article",
        title: "Ben article",
        url: "https://example.com/b/article",
        tags: ["Networking", "dsa"],
        createdAt: at(-2 * DAY - HOUR),
      },
      {
        clientId: lead.id,
        kind: "tool",
        title: "Lead tool",
        url: "https://example.com/l/tool",
        tags: ["leads"],
        createdAt: at(-1 * DAY),
      },
    ]);
});
afterAll(() => database?.dispose());

const expectRefused = (run: () => Promise<unknown>, status: number, message?: string) =>
  expectRefusedUnchanged(db(), run, status, message);

const PERMISSION = "You don't have permission to do that.";
const NOT_FOUND = "That homework was not found.";
const REVIEWED = "This homework has already been reviewed.";

async function allHomework() {
  return db().select().from(homework).orderBy(asc(homework.id));
}

async function homeworkRow(id: string) {
  const [row] = await db().select().from(homework).where(eq(homework.id, id));
  if (!row) throw new Error(`homework ${id} missing`);
  return row;
}

async function databaseNow(): Promise<Date> {
  const result = (await db().execute(sql`SELECT now() AS now`)) as unknown as {
    rows: { now: string | Date }[];
  };
  return new Date(result.rows[0]?.now ?? Number.NaN);
}

const sortedUsage = (rows: { kind: string; amount: number }[]) =>
  rows.map((r) => `${r.kind}:${r.amount}`).sort();

const id = (key: string) => {
  const found = hw[key];
  if (!found) throw new Error(`no homework ${key}`);
  return found;
};

describe(`portal reads on ${databaseLabel}`, () => {
  test("usageRows returns exactly the acting client's ledger rows, negatives included", async () => {
    expect(sortedUsage(await usageRows(db(), authorize(ana, "portal.read-own")))).toEqual(
      sortedUsage([
        ...usage(ana.id, { mock_interview: [1, 1, 1, -1], session_30m: [1, 1, 1], resume_review: [1] }),
      ]),
    );
    const benRows = await usageRows(db(), authorize(ben, "portal.read-own"));
    expect(benRows).toHaveLength(17);
    expect(sortedUsage(benRows)).toContain("networking_events_list:1");
    expect(sortedUsage(await usageRows(db(), authorize(ana, "portal.read-own")))).not.toContain(
      "networking_events_list:1",
    );
  });

  test("recentActivities: own entries only, newest first, at most the limit", async () => {
    const recent = await recentActivities(db(), authorize(ana, "portal.read-own"), DASHBOARD_ACTIVITY_LIMIT);
    expect(recent.map((a) => a.title)).toEqual(Array.from({ length: 8 }, (_, i) => `Ana activity ${i}`));
    expect(recent[0]).toMatchObject({
      details: "newest of Ana's",
      links: [{ label: "Notes", url: "https://example.com/ana/notes" }],
      occurredAt: T0,
    });
    for (const entry of recent) expect(entry.occurredAt).toBeInstanceOf(Date);

    const all = await recentActivities(db(), authorize(ana, "portal.read-own"), 100);
    expect(all.map((a) => a.title)).toEqual(Array.from({ length: 10 }, (_, i) => `Ana activity ${i}`));
    expect(await recentActivities(db(), authorize(ana, "portal.read-own"), 3)).toHaveLength(3);

    const bens = await recentActivities(db(), authorize(ben, "portal.read-own"), DASHBOARD_ACTIVITY_LIMIT);
    expect(bens.map((a) => a.title)).toEqual([
      "Ben newest",
      ...Array.from({ length: 7 }, (_, i) => `Ben activity ${i}`),
    ]);
  });

  test("listLessons: own lessons only, newest first, with recording and resources", async () => {
    const list = await listLessons(db(), authorize(ana, "portal.read-own"));
    expect(list.map((l) => l.title)).toEqual(["Ana newest", "Ana middle", "Ana oldest"]);
    expect(list[0]).toMatchObject({
      recordingUrl: "https://example.com/rec/ana",
      resources: [{ label: "Sheet", url: "https://example.com/sheet" }],
      occurredAt: at(-1 * DAY),
    });
    expect((await listLessons(db(), authorize(ben, "portal.read-own"))).map((l) => l.title)).toEqual([
      "Ben newest",
      "Ben between",
    ]);
  });

  test("listHomework: own pieces only, by due date ascending, same day by creation, no due date last", async () => {
    const list = await listHomework(db(), authorize(ana, "portal.read-own"));
    expect(list.map((h) => h.title)).toEqual([
      "ana-due-0301-reviewed",
      "ana-due-0305-submitted",
      "ana-due-0305-assigned",
      "ana-due-0320",
      "ana-no-due-1",
      "ana-no-due-2",
    ]);
    expect(list.map((h) => h.dueDate)).toEqual([
      "2026-03-01",
      "2026-03-05",
      "2026-03-05",
      "2026-03-20",
      null,
      null,
    ]);
    expect(list[0]).toMatchObject({ status: "reviewed", feedback: "Good work.", reviewedAt: at(-3 * DAY) });
    expect((await listHomework(db(), authorize(ben, "portal.read-own"))).map((h) => h.title)).toEqual([
      "ben-due-0303",
      "ben-no-due",
    ]);
  });

  test("listResources: own resources only, newest first", async () => {
    expect((await listResources(db(), authorize(ana, "portal.read-own"))).map((r) => r.title)).toEqual([
      "Ana video tagged",
      "Ana practice",
      "Ana guide",
      "Ana video untagged",
    ]);
    expect((await listResources(db(), authorize(ben, "portal.read-own"))).map((r) => r.title)).toEqual([
      "Ben video",
      "Ben article",
    ]);
  });

  test("listResources filters by kind, by tag and by both, never reaching another client's rows", async () => {
    const titles = async (viewer: Viewer, filter: Parameters<typeof listResources>[2]) =>
      (await listResources(db(), authorize(viewer, "portal.read-own"), filter)).map((r) => r.title);

    expect(await titles(ana, { kind: "video" })).toEqual(["Ana video tagged", "Ana video untagged"]);
    expect(await titles(ana, { tag: "interviews" })).toEqual(["Ana video tagged", "Ana guide"]);
    expect(await titles(ana, { kind: "video", tag: "interviews" })).toEqual(["Ana video tagged"]);
    expect(await titles(ana, { tag: "dsa" })).toEqual(["Ana practice"]);
    expect(await titles(ana, { kind: "article" })).toEqual([]);
    expect(await titles(ana, { tag: "Networking" })).toEqual([]);
    expect(await titles(ben, { tag: "Networking" })).toEqual(["Ben article"]);
    expect(await titles(ana, { tag: "Interviews" })).toEqual([]);
    expect(await titles(ana, { kind: null, tag: null })).toHaveLength(4);
    expect(await titles(ben, { kind: "video" })).toEqual(["Ben video"]);
  });

  test("resourceFacets: only the acting client's kinds and tags, sorted", async () => {
    expect(await resourceFacets(db(), authorize(ana, "portal.read-own"))).toEqual({
      kinds: ["guide", "practice", "video"],
      tags: ["dsa", "interviews", "planning", "system design"],
    });
    expect(await resourceFacets(db(), authorize(ben, "portal.read-own"))).toEqual({
      kinds: ["article", "video"],
      tags: ["dsa", "interviews", "Networking"],
    });
  });
});

describe(`portal refusals on ${databaseLabel}`, () => {
  const others = () =>
    [
      ["lead", lead],
      ["coach", coach],
      ["admin", admin],
    ] as const;

  test("a lead, a coach and an admin are refused every read with 403, even with rows of their own", async () => {
    for (const [label, viewer] of others()) {
      const calls: [string, () => Promise<unknown>][] = [
        ["usageRows", () => usageRows(db(), authorize(viewer, "portal.read-own"))],
        [
          "recentActivities",
          () => recentActivities(db(), authorize(viewer, "portal.read-own"), DASHBOARD_ACTIVITY_LIMIT),
        ],
        ["listLessons", () => listLessons(db(), authorize(viewer, "portal.read-own"))],
        ["listHomework", () => listHomework(db(), authorize(viewer, "portal.read-own"))],
        ["listResources", () => listResources(db(), authorize(viewer, "portal.read-own"))],
        [
          "listResources filtered",
          () => listResources(db(), authorize(viewer, "portal.read-own"), { kind: "tool", tag: "leads" }),
        ],
        ["resourceFacets", () => resourceFacets(db(), authorize(viewer, "portal.read-own"))],
      ];
      for (const [name, call] of calls) {
        const thrown = await modelRefusal(call);
        expect(thrown.init?.status, `${name} as ${label}`).toBe(403);
        expect(thrown.data?.error, `${name} as ${label}`).toBe(PERMISSION);
      }
    }
  });

  test("a lead, a coach and an admin cannot hand in homework (a client's or their own): 403, nothing changes", async () => {
    const before = await everyRow(db());
    for (const [label, viewer] of others()) {
      for (const target of [id("ana-due-0320"), id("lead-own"), id("ana-due-0305-submitted")]) {
        const thrown = await modelRefusal(() =>
          submitHomework(db(), authorize(viewer, "homework.submit-own"), target, {
            url: "https://example.com/x",
            note: `by ${label}`,
          }),
        );
        expect(thrown.init?.status, `submit as ${label}`).toBe(403);
        expect(thrown.data?.error).toBe(PERMISSION);
      }
    }
    expect(await everyRow(db())).toEqual(before);
  });
});

describe(`homework hand-in on ${databaseLabel}`, () => {
  test("assigned → submitted with the link, note and a submission time; nothing else changes", async () => {
    const target = id("ana-due-0320");
    const others = (await allHomework()).filter((h) => h.id !== target);
    const started = await databaseNow();

    const result = await submitHomework(db(), authorize(ana, "homework.submit-own"), target, {
      url: "https://example.com/my-work",
      note: "Here it is.",
    });

    expect(result).toEqual({ id: target, status: "submitted" });
    const row = await homeworkRow(target);
    expect(row).toMatchObject({
      status: "submitted",
      submissionUrl: "https://example.com/my-work",
      submissionNote: "Here it is.",
      feedback: null,
      reviewedAt: null,
    });
    expect(row.submittedAt).toBeInstanceOf(Date);
    expect(row.submittedAt?.getTime()).toBeGreaterThanOrEqual(started.getTime() - 1_000);
    expect(row.submittedAt?.getTime()).toBeLessThanOrEqual((await databaseNow()).getTime() + 1_000);
    expect((await allHomework()).filter((h) => h.id !== target)).toEqual(others);

    const listed = (await listHomework(db(), authorize(ana, "portal.read-own"))).find((h) => h.id === target);
    expect(listed).toMatchObject({ status: "submitted", submissionNote: "Here it is." });
  });

  test("a link alone or a note alone is a valid hand-in", async () => {
    const target = id("ana-due-0305-assigned");
    await submitHomework(db(), authorize(ana, "homework.submit-own"), target, {
      url: null,
      note: "Only a note.",
    });
    expect(await homeworkRow(target)).toMatchObject({
      status: "submitted",
      submissionUrl: null,
      submissionNote: "Only a note.",
    });
    await submitHomework(db(), authorize(ana, "homework.submit-own"), target, {
      url: "https://example.com/only-link",
      note: null,
    });
    expect(await homeworkRow(target)).toMatchObject({
      status: "submitted",
      submissionUrl: "https://example.com/only-link",
      submissionNote: null,
    });
  });

  test("a submitted piece can be handed in again: the new hand-in replaces the old one", async () => {
    const target = id("ana-due-0305-submitted");
    const before = await homeworkRow(target);
    expect(before.submittedAt).toEqual(at(-2 * DAY));

    const result = await submitHomework(db(), authorize(ana, "homework.submit-own"), target, {
      url: "https://example.com/better",
      note: null,
    });

    expect(result).toEqual({ id: target, status: "submitted" });
    const after = await homeworkRow(target);
    expect(after).toMatchObject({
      status: "submitted",
      submissionUrl: "https://example.com/better",
      submissionNote: null,
    });
    expect(after.submittedAt?.getTime()).toBeGreaterThan(before.submittedAt?.getTime() ?? 0);
  });

  test("a reviewed piece is closed: 409 and the row is untouched", async () => {
    const target = id("ana-due-0301-reviewed");
    const before = await allHomework();
    await expectRefused(
      () =>
        submitHomework(db(), authorize(ana, "homework.submit-own"), target, {
          url: "https://example.com/late",
          note: "late",
        }),
      409,
      REVIEWED,
    );
    expect(await allHomework()).toEqual(before);
    expect(await homeworkRow(target)).toMatchObject({
      status: "reviewed",
      submissionUrl: "https://example.com/done",
      feedback: "Good work.",
    });
  });

  test("another client's homework answers 404, exactly like missing homework, and is left untouched", async () => {
    const before = await allHomework();
    for (const target of [id("ben-due-0303"), id("ben-no-due"), id("lead-own"), randomUUID()]) {
      await expectRefused(
        () =>
          submitHomework(db(), authorize(ana, "homework.submit-own"), target, {
            url: "https://example.com/steal",
            note: "mine now",
          }),
        404,
        NOT_FOUND,
      );
    }
    for (const target of [id("ana-due-0320"), id("ana-due-0301-reviewed"), id("ana-no-due-1")]) {
      await expectRefused(
        () => submitHomework(db(), authorize(ben, "homework.submit-own"), target, { url: null, note: "x" }),
        404,
        NOT_FOUND,
      );
    }
    expect(await allHomework()).toEqual(before);
    expect(await homeworkRow(id("ben-due-0303"))).toMatchObject({
      status: "assigned",
      submissionUrl: null,
      submissionNote: null,
      submittedAt: null,
    });
  });

  test("Ben's own hand-in changes only his piece, and Ana's list never shows it", async () => {
    const target = id("ben-due-0303");
    const others = (await allHomework()).filter((h) => h.id !== target);
    await submitHomework(db(), authorize(ben, "homework.submit-own"), target, {
      url: null,
      note: "Ben's note",
    });
    expect(await homeworkRow(target)).toMatchObject({ status: "submitted", submissionNote: "Ben's note" });
    expect((await allHomework()).filter((h) => h.id !== target)).toEqual(others);
    const anas = await listHomework(db(), authorize(ana, "portal.read-own"));
    expect(anas.some((h) => h.id === target || h.submissionNote === "Ben's note")).toBe(false);
  });
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
      { kind: "session_30m", used: 11, included: 16, percent: 69, includedInPlan: true },
    ]);
    expect(parseJsonText(view.activity)[0]?.occurredAt).toBe(new Date(T0.getTime() - DAY).toISOString());
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
