import { and, arrayContains, asc, desc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import type { ResourceKind } from "~/domain/resource-kinds";
import type { UsageRow } from "~/domain/usage";
import type { Viewer } from "~/domain/viewer";
import type { Db } from "../db.server";
import { publishChange } from "../live/bus.server";
import { assertCan } from "../policy.server";
import { activities, homework, lessons, resources, serviceUsage } from "../schema";

// What a client reads and does in the portal. Every function takes the acting person and works on
// their own rows only: ownership is enforced here, not in the page.

function ownerId(actor: Viewer): string {
  assertCan(actor, "portal.read-own");
  return actor.id;
}

export async function usageRows(db: Db, actor: Viewer): Promise<UsageRow[]> {
  return db
    .select({ kind: serviceUsage.kind, amount: serviceUsage.amount })
    .from(serviceUsage)
    .where(eq(serviceUsage.clientId, ownerId(actor)));
}

/** A client's newest activity entries: the one query behind the dashboard and the client detail. */
export function activitiesOf(db: Db, clientId: string, limit: number) {
  return db
    .select({
      id: activities.id,
      title: activities.title,
      details: activities.details,
      links: activities.links,
      occurredAt: activities.occurredAt,
    })
    .from(activities)
    .where(eq(activities.clientId, clientId))
    .orderBy(desc(activities.occurredAt))
    .limit(limit);
}

export async function recentActivities(db: Db, actor: Viewer, limit: number) {
  return activitiesOf(db, ownerId(actor), limit);
}

export async function listLessons(db: Db, actor: Viewer) {
  return db
    .select({
      id: lessons.id,
      title: lessons.title,
      notes: lessons.notes,
      occurredAt: lessons.occurredAt,
      recordingUrl: lessons.recordingUrl,
      resources: lessons.resources,
    })
    .from(lessons)
    .where(eq(lessons.clientId, ownerId(actor)))
    .orderBy(desc(lessons.occurredAt));
}

export async function listHomework(db: Db, actor: Viewer) {
  return db
    .select({
      id: homework.id,
      title: homework.title,
      status: homework.status,
      dueDate: homework.dueDate,
      description: homework.description,
      links: homework.links,
      submissionUrl: homework.submissionUrl,
      submissionNote: homework.submissionNote,
      submittedAt: homework.submittedAt,
      feedback: homework.feedback,
      reviewedAt: homework.reviewedAt,
    })
    .from(homework)
    .where(eq(homework.clientId, ownerId(actor)))
    .orderBy(asc(homework.dueDate), asc(homework.createdAt));
}

export type ResourceFilter = { kind?: ResourceKind | null; tag?: string | null };

export async function listResources(db: Db, actor: Viewer, filter: ResourceFilter = {}) {
  const conditions = [eq(resources.clientId, ownerId(actor))];
  if (filter.kind) conditions.push(eq(resources.kind, filter.kind));
  if (filter.tag) conditions.push(arrayContains(resources.tags, [filter.tag]));
  return db
    .select({
      id: resources.id,
      kind: resources.kind,
      title: resources.title,
      url: resources.url,
      tags: resources.tags,
      createdAt: resources.createdAt,
    })
    .from(resources)
    .where(and(...conditions))
    .orderBy(desc(resources.createdAt));
}

/** Every tag and kind the client has, for the filter controls. */
export async function resourceFacets(db: Db, actor: Viewer) {
  const rows = await db
    .select({ kind: resources.kind, tags: resources.tags })
    .from(resources)
    .where(eq(resources.clientId, ownerId(actor)));
  const kinds = [...new Set(rows.map((r) => r.kind))].sort();
  const tags = [...new Set(rows.flatMap((r) => r.tags))].sort((a, b) => a.localeCompare(b));
  return { kinds, tags };
}

export type Submission = { url: string | null; note: string | null };

/**
 * The client hands in a piece of homework: assigned → submitted. A submitted piece may be
 * handed in again (a better link) until the coach has reviewed it.
 */
export async function submitHomework(db: Db, actor: Viewer, homeworkId: string, submission: Submission) {
  assertCan(actor, "homework.submit-own");
  const [updated] = await db
    .update(homework)
    .set({
      status: "submitted",
      submissionUrl: submission.url,
      submissionNote: submission.note,
      submittedAt: sql`now()`,
    })
    .where(
      and(
        eq(homework.id, homeworkId),
        eq(homework.clientId, actor.id),
        sql`${homework.status} IN ('assigned', 'submitted')`,
      ),
    )
    .returning({ id: homework.id, status: homework.status });
  if (updated) {
    // A single statement, already committed: the event follows it.
    await publishChange(db, { kind: "homework", clientId: actor.id });
    return updated;
  }
  const [existing] = await db
    .select({ status: homework.status })
    .from(homework)
    .where(and(eq(homework.id, homeworkId), eq(homework.clientId, actor.id)));
  // Someone else's homework looks exactly like missing homework.
  if (!existing) throw data({ error: "That homework was not found." }, { status: 404 });
  throw data({ error: "This homework has already been reviewed." }, { status: 409 });
}
