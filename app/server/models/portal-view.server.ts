import { DEMO_ACTIVITIES, DEMO_HOMEWORK, DEMO_LESSONS, DEMO_RESOURCES, DEMO_USAGE } from "~/content/demo";
import { allowance, DASHBOARD_ACTIVITY_LIMIT, type Plan, type ServiceKind } from "~/domain/plans";
import { type PortalMode, portalMode } from "~/domain/portal-mode";
import { isResourceKind } from "~/domain/resource-kinds";
import { groupedPlanItems, quotaItems, specialItems, type UsageRow, usageSummary } from "~/domain/usage";
import type { Viewer } from "~/domain/viewer";
import { jsonText } from "~/lib/json-text";
import { type Db, getDb } from "../db.server";
import type { Permit } from "../policy.server";
import { sessionsView } from "./bookings-read.server";
import { listFiles } from "./files.server";
import {
  type ActivityJson,
  dashboardData,
  listHomework,
  listLessons,
  listResources,
  type ResourceFilter,
  resourceFacets,
  usageRows,
} from "./portal.server";
import { planExpiryOf } from "./practice-settings.server";

/** A file shown under what it is attached to, with its download link (/files/:id). */
export type AttachedFile = { id: string; name: string; size: number; byOwner: boolean };

/** The owner's files by the homework and the lesson they are attached to; metadata only. */
async function attachedFiles(db: Db, permit: Permit<"files.own">, ownerId: string) {
  const homework = new Map<string, AttachedFile[]>();
  const lessons = new Map<string, AttachedFile[]>();
  // Oldest first under each: the order they were handed in.
  for (const file of (await listFiles(db, permit, ownerId)).reverse()) {
    const shown = { id: file.id, name: file.name, size: file.size, byOwner: file.uploadedBy === ownerId };
    const [map, key] = file.homeworkId ? [homework, file.homeworkId] : [lessons, file.lessonId];
    if (key) map.set(key, [...(map.get(key) ?? []), shown]);
  }
  return { homework, lessons };
}

/** Anyone without it (a lead) sees the demo. */
type Own = Permit<"portal.read-own">;

// Portal page data, real or demo (docs/product/states.md, Dashboard mode); the demo never touches the database.

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);
const isoDay = (now: Date, days: number) => new Date(now.getTime() + days * DAY).toISOString().slice(0, 10);

export function modeFor(viewer: Viewer | null, request: Request, forced: boolean): PortalMode {
  return portalMode({
    forced,
    role: viewer?.role ?? null,
    profilePlan: viewer?.plan,
    planParam: new URL(request.url).searchParams.get("plan"),
  });
}

export function demoActivities(plan: Plan) {
  return DEMO_ACTIVITIES.filter((entry) => !entry.service || allowance(plan, entry.service) > 0);
}

function demoUsage(mode: PortalMode): UsageRow[] {
  return Object.entries(DEMO_USAGE[mode.plan]).flatMap(([kind, count]) =>
    Array.from({ length: count ?? 0 }, () => ({ kind: kind as ServiceKind, amount: 1 })),
  );
}

export async function dashboardView(permit: Own | null, mode: PortalMode, now = new Date()) {
  if (mode.kind === "real" && permit) {
    const db = await getDb();
    const found = await dashboardData(db, permit, DASHBOARD_ACTIVITY_LIMIT, now);
    const steps = found.steps;
    const summary = usageSummary(mode.plan, found.usage, found.expiry);
    const quotas = quotaItems(summary);
    return {
      mode,
      quotas: jsonText(quotas),
      specials: jsonText(specialItems(summary)),
      activity: found.activity,
      sessions: sessionsView(permit, found.bookings, quotas, now, steps),
      paymentFailed: found.paymentFailed,
      onboarding: steps,
    };
  }
  const summary = usageSummary(mode.plan, demoUsage(mode));
  const activity: ActivityJson[] = demoActivities(mode.plan)
    .slice(0, DASHBOARD_ACTIVITY_LIMIT)
    .map((a, i) => ({
      id: `demo-${i}`,
      title: a.title,
      details: a.details,
      links: a.links,
      occurredAt: daysAgo(now, a.daysAgo).toISOString(),
    }));
  return {
    mode,
    quotas: jsonText(quotaItems(summary)),
    specials: jsonText(specialItems(summary)),
    activity: jsonText(activity),
    sessions: null,
    paymentFailed: false,
    onboarding: null,
  };
}

/** The demo reads no database, so it shows no period (docs/decisions/0055-no-shows-and-expiry.md). */
export async function planView(permit: Own | null, mode: PortalMode, now = new Date()) {
  if (mode.kind === "demo" || !permit) {
    return { mode, groups: groupedPlanItems(usageSummary(mode.plan, demoUsage(mode))) };
  }
  const db = await getDb();
  const [rows, expiry] = await Promise.all([usageRows(db, permit), planExpiryOf(db, permit.actor.id, now)]);
  return { mode, groups: groupedPlanItems(usageSummary(mode.plan, rows, expiry)) };
}

/** What `attachedFiles` found, or null without the files permit. */
type Attached = Awaited<ReturnType<typeof attachedFiles>> | null;

/**
 * A page of the owner's rows, each with its attached files: `demo` for a lead and in the demo, which read no
 * database; `list` and `withFiles` otherwise. `view` names the rows on the page.
 */
function rowsWithFilesView<T, D, F, V>(
  rows: {
    demo: (now: Date) => D[];
    list: (db: Db, permit: Own) => Promise<T[]>;
    withFiles: (row: T, attached: Attached) => F;
  },
  view: (mode: PortalMode, shown: D[] | F[]) => V,
) {
  return async (
    permit: Own | null,
    mode: PortalMode,
    filesPermit: Permit<"files.own"> | null = null,
    now = new Date(),
  ): Promise<V> => {
    if (mode.kind === "demo" || !permit) return view(mode, rows.demo(now));
    const db = await getDb();
    const [listed, attached] = await Promise.all([
      rows.list(db, permit),
      filesPermit ? attachedFiles(db, filesPermit, permit.actor.id) : null,
    ]);
    return view(
      mode,
      listed.map((row) => rows.withFiles(row, attached)),
    );
  };
}

export const lessonsView = rowsWithFilesView(
  {
    demo: (now) =>
      DEMO_LESSONS.map((l, i) => ({
        files: [] as AttachedFile[],
        id: `demo-${i}`,
        title: l.title,
        notes: l.notes,
        occurredAt: daysAgo(now, l.daysAgo),
        recordingUrl: l.recordingUrl,
        resources: l.resources,
      })),
    list: listLessons,
    withFiles: (lesson, attached) => ({ ...lesson, files: attached?.lessons.get(lesson.id) ?? [] }),
  },
  (mode, lessons) => ({ mode, lessons }),
);

export const homeworkView = rowsWithFilesView(
  {
    demo: (now) =>
      DEMO_HOMEWORK.map((h, i) => ({
        files: { handedIn: [] as AttachedFile[], handedBack: [] as AttachedFile[] },
        id: `demo-${i}`,
        title: h.title,
        status: h.status,
        dueDate: isoDay(now, h.dueInDays),
        description: h.description,
        links: h.links,
        submissionUrl: null,
        submissionNote: null,
        submittedAt: h.status === "assigned" ? null : daysAgo(now, 1),
        feedback: h.feedback,
        reviewedAt: h.status === "reviewed" ? daysAgo(now, 3) : null,
      })),
    list: listHomework,
    withFiles: (item, attached) => ({
      ...item,
      files: {
        handedIn: attached?.homework.get(item.id)?.filter((f) => f.byOwner) ?? [],
        handedBack: attached?.homework.get(item.id)?.filter((f) => !f.byOwner) ?? [],
      },
    }),
  },
  (mode, homework) => ({ mode, homework }),
);

export function resourceFilterFrom(request: Request): ResourceFilter {
  const params = new URL(request.url).searchParams;
  const kind = params.get("kind");
  const tag = params.get("tag")?.trim().slice(0, 60);
  return { kind: isResourceKind(kind) ? kind : null, tag: tag || null };
}

export async function resourcesView(
  permit: Own | null,
  mode: PortalMode,
  filter: ResourceFilter,
  now = new Date(),
) {
  if (mode.kind === "demo" || !permit) {
    const all = DEMO_RESOURCES.map((r, i) => ({ id: `demo-${i}`, ...r, createdAt: daysAgo(now, r.daysAgo) }));
    return {
      mode,
      filter,
      resources: all.filter(
        (r) => (!filter.kind || r.kind === filter.kind) && (!filter.tag || r.tags.includes(filter.tag)),
      ),
      facets: {
        kinds: [...new Set(all.map((r) => r.kind))].sort(),
        tags: [...new Set(all.flatMap((r) => r.tags))].sort((a, b) => a.localeCompare(b)),
      },
    };
  }
  const db = await getDb();
  const [resources, facets] = await Promise.all([
    listResources(db, permit, filter),
    resourceFacets(db, permit),
  ]);
  return { mode, filter, resources, facets };
}
