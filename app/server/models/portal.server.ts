import { and, arrayContains, asc, desc, eq, sql } from "drizzle-orm";
import type { PlanExpiry } from "~/domain/practice";
import type { ResourceKind } from "~/domain/resource-kinds";
import type { UsageRow } from "~/domain/usage";
import { type JsonText, jsonText } from "~/lib/json-text";
import type { Db } from "../db.server";
import { publishChange } from "../live/bus.server";
import { notifyHomeworkSubmitted } from "../mail/notify.server";
import type { Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { refuse } from "../refusal.server";
import { homework, type LinkRow, lessons, profiles, resources } from "../schema";
import type { ownBookings } from "./bookings-read.server";
import { recordFiles, type StagedFile } from "./files.server";
import { type OnboardingSteps, onboardingColumns, stepsOf } from "./onboarding.server";
import { expiryFrom, periodColumns } from "./practice-settings.server";
import { usageOf } from "./usage.server";

// Every function works on the permit holder's own rows only: ownership is enforced here, not in the page.

const ownerId = (permit: Permit<"portal.read-own">): string => permit.actor.id;

// Named prepared statements: a client's pages are what people load most.
const ownClient = sql.placeholder("clientId");

export async function usageRows(db: Db, permit: Permit<"portal.read-own">): Promise<UsageRow[]> {
  return usageOf(db, ownerId(permit));
}

export type ActivityEntry = {
  id: string;
  title: string;
  details: string | null;
  links: LinkRow[];
  occurredAt: Date;
};

// The dashboard's data in one round trip (docs/decisions/0031-people-benchmark.md). Explicit aliases:
// inside select fields, drizzle leaves column names unqualified.
export type ActivityJson = Omit<ActivityEntry, "occurredAt"> & { occurredAt: string };
export type OwnBooking = Awaited<ReturnType<typeof ownBookings>>[number];
type BookingJson = Omit<OwnBooking, "startsAt" | "endsAt" | "resolvedAt"> & {
  startsAt: string;
  endsAt: string;
  resolvedAt: string | null;
};

function prepareDashboard(db: Db) {
  const clientId = sql.placeholder("clientId");
  const usage = sql<UsageRow[]>`(
    SELECT coalesce(json_agg(json_build_object('kind', u.kind, 'amount', u.amount)), '[]'::json)
    FROM service_usage u WHERE u.client_id = ${clientId})`;
  const activity = sql<JsonText<ActivityJson[]>>`(
    SELECT coalesce(json_agg(a ORDER BY a."occurredAt" DESC), '[]'::json)::text FROM (
      SELECT x.id, x.title, x.details, x.links, x.occurred_at AS "occurredAt" FROM activities x
      WHERE x.client_id = ${clientId} ORDER BY x.occurred_at DESC LIMIT ${sql.placeholder("limit")}
    ) a)`;
  const booked = sql<BookingJson[]>`(
    SELECT coalesce(json_agg(b ORDER BY b."startsAt"), '[]'::json) FROM (
      SELECT y.id, y.kind, y.title, y.starts_at AS "startsAt", y.ends_at AS "endsAt", y.join_url AS "joinUrl",
        y.status, y.client_id AS "clientId", y.attendee_email AS "attendeeEmail",
        y.attendee_name AS "attendeeName", y.counted, y.over_plan AS "overPlan",
        y.late_cancel AS "lateCancel", y.late_change AS "lateChange", y.current_uid AS "currentUid",
        y.claimed_by AS "claimedBy", y.confirm_reason AS "confirmReason", y.resolved_at AS "resolvedAt"
      FROM bookings y WHERE y.client_id = ${clientId}
    ) b)`;
  const pastDue = sql<boolean>`EXISTS (
    SELECT 1 FROM orders o WHERE o.person_id = ${clientId} AND o.status = 'past_due')`;
  return db
    .select({
      usage: usage.as("usage"),
      activity: activity.as("activity"),
      bookings: booked.as("bookings"),
      paymentFailed: pastDue.as("payment_failed"),
      planStart: periodColumns.planStart.as("plan_start"),
      expiryMonths: periodColumns.expiryMonths.as("expiry_months"),
      ...onboardingColumns(clientId),
    })
    .from(profiles)
    .where(eq(profiles.id, clientId))
    .prepare("portal_dashboard");
}
const dashboardStatement = preparedPer(prepareDashboard);

export async function dashboardData(
  db: Db,
  permit: Permit<"portal.read-own">,
  limit: number,
  now = new Date(),
): Promise<{
  usage: UsageRow[];
  /** The plan's period (docs/decisions/0055-no-shows-and-expiry.md); null when none is set. */
  expiry: PlanExpiry | null;
  activity: JsonText<ActivityJson[]>;
  bookings: OwnBooking[];
  paymentFailed: boolean;
  steps: OnboardingSteps;
}> {
  const clientId = ownerId(permit);
  const [row] = await dashboardStatement(db).execute({ clientId, limit });
  if (!row) {
    return {
      usage: [],
      expiry: null,
      activity: jsonText([]),
      bookings: [],
      paymentFailed: false,
      steps: stepsOf(undefined),
    };
  }
  return {
    usage: row.usage,
    expiry: expiryFrom(row, now),
    activity: row.activity,
    bookings: row.bookings.map((b) => ({
      ...b,
      startsAt: new Date(b.startsAt),
      endsAt: new Date(b.endsAt),
      resolvedAt: b.resolvedAt === null ? null : new Date(b.resolvedAt),
    })),
    paymentFailed: row.paymentFailed,
    steps: stepsOf(row),
  };
}

const lessonsStatement = preparedPer((db) =>
  db
    .select({
      id: lessons.id,
      title: lessons.title,
      notes: lessons.notes,
      occurredAt: lessons.occurredAt,
      recordingUrl: lessons.recordingUrl,
      resources: lessons.resources,
    })
    .from(lessons)
    .where(eq(lessons.clientId, ownClient))
    .orderBy(desc(lessons.occurredAt))
    .prepare("portal_lessons"),
);

export async function listLessons(db: Db, permit: Permit<"portal.read-own">) {
  return lessonsStatement(db).execute({ clientId: ownerId(permit) });
}

const homeworkStatement = preparedPer((db) =>
  db
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
    .where(eq(homework.clientId, ownClient))
    .orderBy(asc(homework.dueDate), asc(homework.createdAt))
    .prepare("portal_homework"),
);

export async function listHomework(db: Db, permit: Permit<"portal.read-own">) {
  return homeworkStatement(db).execute({ clientId: ownerId(permit) });
}

export type ResourceFilter = { kind?: ResourceKind | null; tag?: string | null };

export async function listResources(db: Db, permit: Permit<"portal.read-own">, filter: ResourceFilter = {}) {
  const conditions = [eq(resources.clientId, ownerId(permit))];
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

export async function resourceFacets(db: Db, permit: Permit<"portal.read-own">) {
  const rows = await db
    .select({ kind: resources.kind, tags: resources.tags })
    .from(resources)
    .where(eq(resources.clientId, ownerId(permit)));
  const kinds = [...new Set(rows.map((r) => r.kind))].sort();
  const tags = [...new Set(rows.flatMap((r) => r.tags))].sort((a, b) => a.localeCompare(b));
  return { kinds, tags };
}

export type Submission = { url: string | null; note: string | null };

/**
 * assigned → submitted; may be handed in again until the coach has reviewed it. Files staged for it
 * (app/server/entries/staged-upload.server.ts) are attached in the same transaction.
 */
export async function submitHomework(
  db: Db,
  permit: Permit<"homework.submit-own">,
  homeworkId: string,
  submission: Submission,
  files: { permit: Permit<"files.own">; staged: readonly StagedFile[] } | null = null,
) {
  const { actor } = permit;
  const updated = await db.transaction(async (tx) => {
    const [row] = await tx
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
      .returning({ id: homework.id, status: homework.status, title: homework.title });
    if (!row) return null;
    if (files && files.staged.length > 0) await recordFiles(tx, files.permit, files.staged, { homeworkId });
    await notifyHomeworkSubmitted(tx, actor.id, row);
    await publishChange(tx, { kind: "homework", clientId: actor.id });
    return { id: row.id, status: row.status };
  });
  if (updated) return updated;
  const [existing] = await db
    .select({ status: homework.status })
    .from(homework)
    .where(and(eq(homework.id, homeworkId), eq(homework.clientId, actor.id)));
  // Someone else's homework looks exactly like missing homework.
  if (!existing) refuse("That homework was not found.", 404);
  refuse("This homework has already been reviewed.", 409);
}
