import { beforeAll, describe, expect, test } from "vitest";
import { DASHBOARD_ACTIVITY_LIMIT } from "~/domain/plans";
import type { Viewer } from "~/domain/viewer";
import { recentActivities } from "~/server/models/activities.server";
import {
  listHomework,
  listLessons,
  listResources,
  resourceFacets,
  submitHomework,
  usageRows,
} from "~/server/models/portal.server";
import { authorize } from "~/server/policy.server";
import { databaseLabel, everyRow } from "../support/database";
import { at, DAY, homeworkRecords, insertPortalFixture, T0, usage } from "../support/portal-fixture";
import { modelRefusal, PERMISSION } from "../support/refusal";
import { databaseForFile } from "../support/test-database";

// The portal's reads on own rows only (docs/decisions/0012-portal.md): two clients share the database, so a
// missing ownership filter shows up as the other's rows; anyone else is refused and nothing changes.

const db = databaseForFile({ seed: true });
let ana: Viewer;
let ben: Viewer;
let coach: Viewer;
let admin: Viewer;
let lead: Viewer;
const hw: Record<string, string> = {};
const { id } = homeworkRecords(db, hw);

beforeAll(async () => {
  const fixture = await insertPortalFixture(db());
  ({ ana, ben, coach, admin, lead } = fixture);
  Object.assign(hw, fixture.hw);
});

const sortedUsage = (rows: { kind: string; amount: number }[]) =>
  rows.map((r) => `${r.kind}:${r.amount}`).sort();

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
