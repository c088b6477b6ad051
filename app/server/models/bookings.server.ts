import { eq, inArray, or } from "drizzle-orm";
import { SETTINGS } from "~/content/settings";
import type { AuditAction } from "~/domain/audit-actions";
import { givesCreditBack, kindOfEventType } from "~/domain/bookings";
import { isTimeZone } from "~/domain/email";
import type { QuotaKind } from "~/domain/plans";
import type { CalBooking, CalTrigger } from "../bookings/cal-payload.server";
import { byOrganizer, joinUrlOf } from "../bookings/cal-payload.server";
import type { Db, DbOrTx } from "../db.server";
import { publishChange } from "../live/bus.server";
import { logger } from "../logger.server";
import { planReminders } from "../mail/reminders.server";
import type { Permit } from "../policy.server";
import { type Booking, bookings, calDeliveries } from "../schema";
import { auditBySystem, auditChange, type SystemSource } from "./audit.server";
import { type Owner, ownerOf } from "./bookings-owner.server";
import { recordUsage } from "./usage.server";

// Bookings from Cal.com (docs/decisions/0028-bookings.md, 0036-booking-ownership.md): a delivery is
// stored once and applied in the same transaction, through `recordUsage` like the admin's +1/−1.

/** What a delivery did, answered to Cal.com and logged. */
export type DeliveryOutcome =
  | { status: "applied"; bookingId: string; summary: string }
  | { status: "duplicate" }
  | { status: "ignored"; reason: string };

const CAL: SystemSource = "cal.com";
const VIA = { via: CAL } as const;

export async function applyCalDelivery(
  db: Db,
  delivery: { trigger: CalTrigger; at: Date; booking: CalBooking },
  settings = SETTINGS.bookings,
): Promise<DeliveryOutcome> {
  const { booking: calBooking, trigger } = delivery;
  const kind = kindOfEventType(settings, calBooking.type, calBooking.eventTypeId);
  if (!kind)
    return {
      status: "ignored",
      reason: `event type ${calBooking.type ?? calBooking.eventTypeId ?? "(none)"} is not counted`,
    };
  return db.transaction(async (tx) => {
    // The unique key makes a replay wait for the first and then do nothing.
    const [fresh] = await tx
      .insert(calDeliveries)
      .values({ trigger, uid: calBooking.uid })
      .onConflictDoNothing({ target: [calDeliveries.trigger, calDeliveries.uid] })
      .returning({ id: calDeliveries.id });
    if (!fresh) return { status: "duplicate" } as const;
    const owner = await ownerOf(tx, calBooking, settings);
    const outcome = await HANDLERS[trigger](tx, {
      calBooking,
      kind,
      owner,
      at: delivery.at,
      noticeHours: settings.cancelNoticeHours,
    });
    await tx.update(calDeliveries).set({ bookingId: outcome.id }).where(eq(calDeliveries.id, fresh.id));
    await planReminders(tx, outcome.id);
    await publishChange(
      tx,
      outcome.clientId ? { kind: "booking", clientId: outcome.clientId } : { kind: "unmatched-booking" },
    );
    return { status: "applied", bookingId: outcome.id, summary: outcome.summary } as const;
  });
}

function rowFrom(calBooking: CalBooking, kind: QuotaKind, owner: Owner) {
  const attendee = calBooking.attendees[0];
  return {
    kind,
    ...owner,
    eventType: calBooking.type ?? String(calBooking.eventTypeId ?? ""),
    title: calBooking.title?.trim() || "Session",
    startsAt: calBooking.startTime,
    endsAt: calBooking.endTime,
    attendeeEmail: attendee?.email ?? "",
    attendeeName: attendee?.name ?? null,
    attendeeTimeZone: attendee?.timeZone && isTimeZone(attendee.timeZone) ? attendee.timeZone : null,
    joinUrl: joinUrlOf(calBooking),
  };
}

/** The booking under any of its uids, locked for the change. */
export async function findLocked(tx: DbOrTx, uids: string[]): Promise<Booking | undefined> {
  const [found] = await tx
    .select()
    .from(bookings)
    .where(or(inArray(bookings.uid, uids), inArray(bookings.currentUid, uids)))
    .limit(1)
    .for("update");
  return found;
}

async function insertOrFind(tx: DbOrTx, values: typeof bookings.$inferInsert) {
  const [inserted] = await tx
    .insert(bookings)
    .values(values)
    .onConflictDoNothing({ target: bookings.uid })
    .returning();
  if (inserted) return { row: inserted, isNew: true };
  const row = await findLocked(tx, [values.uid]);
  if (!row) throw new Error(`booking ${values.uid} vanished`);
  return { row, isNew: false };
}

/** The booking a delivery or an admin touched, whose it is, and what became of it (counted, over plan…). */
export type BookingOutcome = { id: string; clientId: string | null; summary: string };

/** +1 while the plan has that credit left, else stored as over plan (never dropped). */
export async function countBooking(
  tx: DbOrTx,
  row: Booking,
  by: Permit<"bookings.resolve"> | SystemSource,
  action: AuditAction,
): Promise<BookingOutcome> {
  let counted = false;
  if (row.clientId && row.status === "booked") {
    const change = await recordUsage(tx, by, row.clientId, row.kind, 1, {
      skipRefused: true,
      withinPlan: true,
      note: { ...VIA, booking: row.uid },
    });
    counted = change.changed;
  }
  const overPlan = row.clientId !== null && row.status === "booked" && !counted;
  await tx.update(bookings).set({ counted, overPlan }).where(eq(bookings.id, row.id));
  await auditChange(tx, by, {
    action,
    targetId: row.clientId,
    entity: "booking",
    entityId: row.id,
    after: {
      ...VIA,
      kind: row.kind,
      startsAt: row.startsAt.toISOString(),
      status: row.status,
      counted,
      overPlan,
    },
  });
  const summary = !row.clientId
    ? row.claimedBy
      ? "to confirm"
      : "unmatched"
    : row.status !== "booked"
      ? row.status
      : counted
        ? "counted"
        : "over plan";
  return { id: row.id, clientId: row.clientId, summary };
}

/** One delivery's booking, as each trigger's handler below takes it. */
type Delivered = { calBooking: CalBooking; kind: QuotaKind; owner: Owner; at: Date; noticeHours: number };

async function created(tx: DbOrTx, { calBooking, kind, owner }: Delivered): Promise<BookingOutcome> {
  const { row, isNew } = await insertOrFind(tx, {
    ...rowFrom(calBooking, kind, owner),
    uid: calBooking.uid,
    currentUid: calBooking.uid,
  });
  if (isNew) return countBooking(tx, row, CAL, "booking.create");
  // Cal.com's cancel payload has no metadata: the create's token says whose it is.
  if (row.clientId === null && owner.clientId && row.resolvedAt === null) {
    const [adopted] = await tx
      .update(bookings)
      .set({ clientId: owner.clientId, claimedBy: null, confirmReason: null })
      .where(eq(bookings.id, row.id))
      .returning();
    if (adopted) return countBooking(tx, adopted, CAL, "booking.create");
  }
  return { id: row.id, clientId: row.clientId, summary: "already known" };
}

async function cancelled(
  tx: DbOrTx,
  { calBooking, kind, owner, at, noticeHours }: Delivered,
): Promise<BookingOutcome> {
  let existing = await findLocked(tx, [calBooking.uid]);
  if (!existing) {
    // Before its create: stored cancelled, never counted.
    const { row, isNew } = await insertOrFind(tx, {
      ...rowFrom(calBooking, kind, owner),
      uid: calBooking.uid,
      currentUid: calBooking.uid,
      status: "cancelled",
      cancelledAt: at,
    });
    if (isNew) return countBooking(tx, row, CAL, "booking.cancel");
    existing = row;
  }
  if (existing.status === "cancelled")
    return { id: existing.id, clientId: existing.clientId, summary: "already cancelled" };
  // The coach cancelling gives the credit back always; the client, only in time and if no late
  // reschedule already kept it used.
  const byCoach = byOrganizer(calBooking, calBooking.cancelledBy);
  const early = givesCreditBack(existing.startsAt, at, noticeHours) && !existing.lateChange;
  let counted = existing.counted;
  // A no-show that gave its session back holds no +1 to return (docs/decisions/0055-no-shows-and-expiry.md).
  const given = existing.noShowReturned;
  if (counted && !given && (early || byCoach) && existing.clientId) {
    const change = await recordUsage(tx, CAL, existing.clientId, existing.kind, -1, {
      skipRefused: true,
      note: {
        ...VIA,
        booking: existing.uid,
        reason: byCoach ? "cancelled by the coach" : "cancelled in time",
      },
    });
    // The coach already took it off by hand.
    counted = false;
    if (!change.changed) logger.warn({ booking: existing.uid }, "cal: nothing to give back on cancel");
  }
  const lateCancel = counted && !given && !early && !byCoach;
  await tx
    .update(bookings)
    .set({ status: "cancelled", cancelledAt: at, counted, lateCancel })
    .where(eq(bookings.id, existing.id));
  await auditBySystem(tx, CAL, {
    action: "booking.cancel",
    targetId: existing.clientId,
    entity: "booking",
    entityId: existing.id,
    before: { status: existing.status, counted: existing.counted },
    after: { ...VIA, status: "cancelled", counted, lateCancel, byCoach },
  });
  const summary = lateCancel ? "late cancel" : byCoach ? "cancelled by the coach" : "cancelled";
  return { id: existing.id, clientId: existing.clientId, summary };
}

async function rescheduled(
  tx: DbOrTx,
  { calBooking, kind, owner, at, noticeHours }: Delivered,
): Promise<BookingOutcome> {
  const original = calBooking.rescheduleUid?.trim() || calBooking.uid;
  let existing = await findLocked(tx, [original, calBooking.uid]);
  if (!existing) {
    const { row, isNew } = await insertOrFind(tx, {
      ...rowFrom(calBooking, kind, owner),
      uid: original,
      currentUid: calBooking.uid,
    });
    if (isNew) return countBooking(tx, row, CAL, "booking.create");
    existing = row;
  }
  // Moved late by the client: the session stays used even if the new time is cancelled in time,
  // or rescheduling first would dodge the window.
  const late =
    !byOrganizer(calBooking, calBooking.rescheduledBy) &&
    !givesCreditBack(existing.startsAt, at, noticeHours);
  const moved = {
    startsAt: calBooking.startTime,
    endsAt: calBooking.endTime,
    currentUid: calBooking.uid,
    joinUrl: joinUrlOf(calBooking) ?? existing.joinUrl,
    lateChange: existing.lateChange || late,
  };
  await tx.update(bookings).set(moved).where(eq(bookings.id, existing.id));
  await auditBySystem(tx, CAL, {
    action: "booking.reschedule",
    targetId: existing.clientId,
    entity: "booking",
    entityId: existing.id,
    before: { startsAt: existing.startsAt.toISOString(), lateChange: existing.lateChange },
    after: { ...VIA, startsAt: calBooking.startTime.toISOString(), lateChange: moved.lateChange },
  });
  return { id: existing.id, clientId: existing.clientId, summary: late ? "moved late" : "moved" };
}

/** Each trigger's handler: a trigger added to CAL_TRIGGERS does not compile until it has one. */
const HANDLERS: Record<CalTrigger, (tx: DbOrTx, delivered: Delivered) => Promise<BookingOutcome>> = {
  BOOKING_CREATED: created,
  BOOKING_CANCELLED: cancelled,
  BOOKING_RESCHEDULED: rescheduled,
};
