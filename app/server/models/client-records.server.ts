import { and, asc, desc, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { activityLinkFrom, type Link } from "~/domain/links";
import { allowance, effectivePlan, isQuotaKind, minutesFor, type ServiceKind } from "~/domain/plans";
import type { ResourceKind } from "~/domain/resource-kinds";
import { DECREMENT_BELOW_ZERO } from "~/domain/usage";
import type { Viewer } from "~/domain/viewer";
import type { Db } from "../db.server";
import { publishChange } from "../live/bus.server";
import { type Action, assertCan } from "../policy.server";
import { activities, homework, lessons, profiles, resources, serviceUsage } from "../schema";
import { audit, type Tx } from "./audit.server";
import { activitiesOf } from "./portal.server";

// A client's records as the coach and admin change them. Each change is checked against the
// policy, done in one transaction with its audit row, and refused whole when a rule says no.

/** Locks the client's profile row for the transaction: changes to one client are serialised. */
export async function lockClient(tx: Tx, clientId: string) {
  const [client] = await tx
    .select({ id: profiles.id, role: profiles.role, plan: profiles.plan })
    .from(profiles)
    .where(eq(profiles.id, clientId))
    .for("update");
  if (!client) throw data({ error: "No one with that id." }, { status: 404 });
  if (client.role !== "client" && client.role !== "lead") {
    throw data({ error: "Only leads and clients have coaching records." }, { status: 400 });
  }
  return client;
}

// ── Usage ledger ────────────────────────────────────────────────────────────────────────────────

export async function usageFor(db: Db, actor: Viewer, clientId: string) {
  assertCan(actor, "client.read");
  return db
    .select({ kind: serviceUsage.kind, amount: serviceUsage.amount })
    .from(serviceUsage)
    .where(eq(serviceUsage.clientId, clientId));
}

/**
 * +1 or −1 on a kind, as one ledger row. The total is read and the row written while the client's
 * row is locked, so concurrent clicks can neither go below zero nor lose an increment.
 * Counted kinds (sessions, mock interviews) are quotas; the others are special items (mark done / undo).
 */
export async function adjustUsage(
  db: Db,
  actor: Viewer,
  clientId: string,
  kind: ServiceKind,
  amount: 1 | -1,
) {
  const permission: Action = isQuotaKind(kind) ? "usage.adjust" : "special-item.mark";
  assertCan(actor, permission);
  return db.transaction(async (tx) => {
    const result = await recordUsage(tx, actor, clientId, kind, amount);
    return { kind: result.kind, used: result.used };
  });
}

export type UsageChange = {
  kind: ServiceKind;
  /** The total after the change (or unchanged, when `changed` is false). */
  used: number;
  included: number;
  changed: boolean;
};

/**
 * The one writer of usage-ledger rows, inside the caller's transaction: the admin's +1/−1 and a
 * booking's count and credit back (models/bookings.server.ts) both go through here. It locks the
 * client, checks the rules, inserts the row, writes the audit row and publishes the change.
 *
 * A refusal throws (the admin sees why), unless `skipRefused` is set: then a −1 that would go below
 * zero, a +1 beyond the plan's allowance, or a kind the plan doesn't include is not written and
 * `changed` is false (a booking is then flagged instead). `actor` null: the change came from Cal.com.
 */
export async function recordUsage(
  tx: Tx,
  actor: Pick<Viewer, "id"> | null,
  clientId: string,
  kind: ServiceKind,
  amount: 1 | -1,
  options: { skipRefused?: boolean; withinPlan?: boolean; note?: Record<string, unknown> } = {},
): Promise<UsageChange> {
  const quota = isQuotaKind(kind);
  const client = await lockClient(tx, clientId);
  const included = allowance(effectivePlan(client.plan), kind);
  const [row] = await tx
    .select({ used: sql<number>`coalesce(sum(${serviceUsage.amount}), 0)::int` })
    .from(serviceUsage)
    .where(and(eq(serviceUsage.clientId, clientId), eq(serviceUsage.kind, kind)));
  const before = Math.max(0, row?.used ?? 0);
  const refusal =
    included <= 0
      ? data({ error: "That isn't part of this client's plan." }, { status: 400 })
      : amount === -1 && before <= 0
        ? data({ error: DECREMENT_BELOW_ZERO }, { status: 409 })
        : !quota && amount === 1 && before >= 1
          ? data({ error: "Already marked done." }, { status: 409 })
          : options.withinPlan && amount === 1 && before >= included
            ? data({ error: "That would go over the plan." }, { status: 409 })
            : null;
  if (refusal) {
    if (options.skipRefused) return { kind, used: before, included, changed: false };
    throw refusal;
  }
  await tx
    .insert(serviceUsage)
    .values({ clientId, kind, amount, minutes: minutesFor(kind, amount), createdBy: actor?.id ?? null });
  const after = before + amount;
  await audit(tx, actor, {
    action: quota ? "usage.adjust" : amount === 1 ? "special-item.mark-done" : "special-item.undo",
    targetId: clientId,
    entity: "service_usage",
    before: { kind, used: before },
    after: { kind, used: after, ...options.note },
  });
  await publishChange(tx, { kind: "usage", clientId });
  return { kind, used: after, included, changed: true };
}

// ── Activities ──────────────────────────────────────────────────────────────────────────────────

export async function activitiesFor(db: Db, actor: Viewer, clientId: string, limit: number) {
  assertCan(actor, "client.read");
  return activitiesOf(db, clientId, limit);
}

export async function addActivity(
  db: Db,
  actor: Viewer,
  clientId: string,
  input: { title: string; details: string | null; link: string | null },
) {
  assertCan(actor, "activity.create");
  return db.transaction(async (tx) => {
    await lockClient(tx, clientId);
    const [created] = await tx
      .insert(activities)
      .values({
        clientId,
        title: input.title,
        details: input.details,
        kind: null, // SPEC §3: always null when an admin creates it
        links: activityLinkFrom(input.link),
        createdBy: actor.id,
      })
      .returning();
    await audit(tx, actor, {
      action: "activity.create",
      targetId: clientId,
      entity: "activity",
      entityId: created?.id,
      after: { title: input.title, details: input.details, links: created?.links },
    });
    await publishChange(tx, { kind: "activity", clientId });
    return created;
  });
}

// ── Lessons ─────────────────────────────────────────────────────────────────────────────────────

export type LessonInput = {
  clientId: string;
  title: string;
  notes: string | null;
  occurredAt: Date;
  recordingUrl: string | null;
  resources: Link[];
};

async function assertClientForLesson(tx: Tx, clientId: string) {
  const [client] = await tx.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, clientId));
  // SPEC §2: only role client is selectable.
  if (client?.role !== "client") throw data({ error: "Select a client." }, { status: 400 });
}

export async function createLesson(db: Db, actor: Viewer, input: LessonInput) {
  assertCan(actor, "lesson.create");
  return db.transaction(async (tx) => {
    await assertClientForLesson(tx, input.clientId);
    const [created] = await tx
      .insert(lessons)
      .values({ ...input, coachId: actor.id })
      .returning();
    if (!created) throw new Error("lesson insert returned nothing");
    await audit(tx, actor, {
      action: "lesson.create",
      targetId: input.clientId,
      entity: "lesson",
      entityId: created.id,
      after: { title: created.title, occurredAt: created.occurredAt.toISOString() },
    });
    await publishChange(tx, { kind: "lesson", clientId: input.clientId });
    return created;
  });
}

export async function getLesson(db: Db, actor: Viewer, lessonId: string) {
  assertCan(actor, "lesson.edit");
  const [lesson] = await db.select().from(lessons).where(eq(lessons.id, lessonId)).limit(1);
  if (!lesson) throw data({ error: "That lesson was not found." }, { status: 404 });
  return lesson;
}

export async function updateLesson(db: Db, actor: Viewer, lessonId: string, input: LessonInput) {
  assertCan(actor, "lesson.edit");
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(lessons).where(eq(lessons.id, lessonId)).for("update");
    if (!current) throw data({ error: "That lesson was not found." }, { status: 404 });
    await assertClientForLesson(tx, input.clientId);
    const [updated] = await tx.update(lessons).set(input).where(eq(lessons.id, lessonId)).returning();
    await audit(tx, actor, {
      action: "lesson.update",
      targetId: input.clientId,
      entity: "lesson",
      entityId: lessonId,
      before: { title: current.title, clientId: current.clientId },
      after: { title: input.title, clientId: input.clientId },
    });
    await publishChange(tx, { kind: "lesson", clientId: input.clientId });
    if (current.clientId !== input.clientId) {
      await publishChange(tx, { kind: "lesson", clientId: current.clientId });
    }
    return updated;
  });
}

export async function deleteLesson(db: Db, actor: Viewer, lessonId: string) {
  assertCan(actor, "lesson.edit");
  return db.transaction(async (tx) => {
    const [removed] = await tx.delete(lessons).where(eq(lessons.id, lessonId)).returning();
    if (!removed) throw data({ error: "That lesson was not found." }, { status: 404 });
    await audit(tx, actor, {
      action: "lesson.delete",
      targetId: removed.clientId,
      entity: "lesson",
      entityId: lessonId,
      before: { title: removed.title, occurredAt: removed.occurredAt.toISOString() },
    });
    await publishChange(tx, { kind: "lesson", clientId: removed.clientId });
    return removed;
  });
}

export async function lessonsFor(db: Db, actor: Viewer, clientId: string) {
  assertCan(actor, "client.read");
  return db
    .select({
      id: lessons.id,
      title: lessons.title,
      occurredAt: lessons.occurredAt,
      recordingUrl: lessons.recordingUrl,
    })
    .from(lessons)
    .where(eq(lessons.clientId, clientId))
    .orderBy(desc(lessons.occurredAt));
}

// ── Homework ────────────────────────────────────────────────────────────────────────────────────

export async function homeworkFor(db: Db, actor: Viewer, clientId: string) {
  assertCan(actor, "client.read");
  return db
    .select()
    .from(homework)
    .where(eq(homework.clientId, clientId))
    .orderBy(asc(homework.dueDate), asc(homework.createdAt));
}

export async function assignHomework(
  db: Db,
  actor: Viewer,
  clientId: string,
  input: { title: string; dueDate: string | null; description: string | null; links: Link[] },
) {
  assertCan(actor, "homework.assign");
  return db.transaction(async (tx) => {
    await lockClient(tx, clientId);
    const [created] = await tx
      .insert(homework)
      .values({ clientId, assignedBy: actor.id, status: "assigned", ...input })
      .returning();
    await audit(tx, actor, {
      action: "homework.assign",
      targetId: clientId,
      entity: "homework",
      entityId: created?.id,
      after: { title: input.title, dueDate: input.dueDate },
    });
    await publishChange(tx, { kind: "homework", clientId });
    return created;
  });
}

/** submitted → reviewed, with feedback the client sees. */
export async function reviewHomework(
  db: Db,
  actor: Viewer,
  homeworkId: string,
  feedback: string | null,
  clientId: string,
) {
  assertCan(actor, "homework.review");
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(homework)
      .where(and(eq(homework.id, homeworkId), eq(homework.clientId, clientId)))
      .for("update");
    if (!current) throw data({ error: "That homework was not found." }, { status: 404 });
    if (current.status !== "submitted") {
      throw data({ error: "Only handed-in homework can be reviewed." }, { status: 409 });
    }
    const [updated] = await tx
      .update(homework)
      .set({ status: "reviewed", feedback, reviewedAt: sql`now()`, reviewedBy: actor.id })
      .where(eq(homework.id, homeworkId))
      .returning();
    await audit(tx, actor, {
      action: "homework.review",
      targetId: current.clientId,
      entity: "homework",
      entityId: homeworkId,
      before: { status: current.status },
      after: { status: "reviewed", feedback },
    });
    await publishChange(tx, { kind: "homework", clientId: current.clientId });
    return updated;
  });
}

// ── Resources ───────────────────────────────────────────────────────────────────────────────────

export async function resourcesFor(db: Db, actor: Viewer, clientId: string) {
  assertCan(actor, "client.read");
  return db
    .select()
    .from(resources)
    .where(eq(resources.clientId, clientId))
    .orderBy(desc(resources.createdAt));
}

export async function addResource(
  db: Db,
  actor: Viewer,
  clientId: string,
  input: { kind: ResourceKind; title: string; url: string; tags: string[] },
) {
  assertCan(actor, "resource.manage");
  return db.transaction(async (tx) => {
    await lockClient(tx, clientId);
    const [created] = await tx
      .insert(resources)
      .values({ clientId, createdBy: actor.id, ...input })
      .returning();
    await audit(tx, actor, {
      action: "resource.add",
      targetId: clientId,
      entity: "resource",
      entityId: created?.id,
      after: { title: input.title, kind: input.kind, url: input.url },
    });
    await publishChange(tx, { kind: "resource", clientId });
    return created;
  });
}

export async function removeResource(db: Db, actor: Viewer, clientId: string, resourceId: string) {
  assertCan(actor, "resource.manage");
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(resources)
      .where(and(eq(resources.id, resourceId), eq(resources.clientId, clientId)))
      .returning();
    if (!removed) throw data({ error: "That resource was not found." }, { status: 404 });
    await audit(tx, actor, {
      action: "resource.remove",
      targetId: clientId,
      entity: "resource",
      entityId: resourceId,
      before: { title: removed.title, url: removed.url },
    });
    await publishChange(tx, { kind: "resource", clientId });
    return removed;
  });
}
