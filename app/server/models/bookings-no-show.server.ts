import { and, eq } from "drizzle-orm";
import { noShowRefusal } from "~/domain/no-shows";
import type { NoShowSource } from "~/domain/practice";
import type { CalNoShow } from "../bookings/cal-payload.server";
import { CAL_NO_SHOW } from "../bookings/cal-payload.server";
import type { Db, DbOrTx } from "../db.server";
import { logger } from "../logger.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { type Booking, bookings, calDeliveries } from "../schema";
import { recordChange, type SystemSource } from "./audit.server";
import { type BookingOutcome, type DeliveryOutcome, findLocked } from "./bookings.server";
import { practiceRules } from "./practice-settings.server";
import { recordUsage } from "./usage.server";

// A client who did not come (docs/decisions/0055-no-shows-and-expiry.md, "No-shows"): recorded by Cal.com's
// BOOKING_NO_SHOW_UPDATED or by the coach's mark on a past session, undone the same two ways. What it costs
// follows the practice's setting when it is recorded: a session given back is a −1 through `recordUsage`.

/** The coach's (or the admin's) permit, or Cal.com's delivery. */
export type NoShowBy = Permit<"bookings.no-show"> | SystemSource;

/** Records (`noShow`) or clears the no-show on a booking locked by the caller, who checked the rules. */
async function applyNoShow(
  tx: DbOrTx,
  by: NoShowBy,
  row: Booking,
  noShow: boolean,
  at: Date,
): Promise<BookingOutcome> {
  const system = typeof by === "string";
  const note = { booking: row.uid, ...(system ? { via: by } : {}) };
  let returned = false;
  let counted = row.counted;
  if (noShow) {
    // The setting as it stands now decides; a later change of it leaves this booking as it is.
    const { noShowCountsAsUsed } = await practiceRules(tx);
    if (!noShowCountsAsUsed && row.counted && row.clientId) {
      const given = await recordUsage(tx, by, row.clientId, row.kind, -1, {
        skipRefused: true,
        note: { ...note, reason: "no-show given back" },
      });
      returned = given.changed;
      // Already taken off by hand: nothing left to give.
      if (!given.changed) logger.warn({ booking: row.uid }, "no-show: nothing to give back");
    }
  } else if (row.noShowReturned && row.clientId) {
    // Undone: the session was used after all, so the +1 it gave back returns (over the plan if it must).
    const taken = await recordUsage(tx, by, row.clientId, row.kind, 1, {
      skipRefused: true,
      note: { ...note, reason: "no-show undone" },
    });
    // The plan no longer includes that kind: the booking stops holding a +1, as a cancel that gave none.
    if (!taken.changed) counted = false;
  }
  const source: NoShowSource | null = noShow ? (system ? "cal" : "coach") : null;
  await tx
    .update(bookings)
    .set({
      noShowAt: noShow ? at : null,
      noShowSource: source,
      noShowBy: noShow && !system ? by.actor.id : null,
      noShowReturned: returned,
      counted,
    })
    .where(eq(bookings.id, row.id));
  await recordChange(
    tx,
    by,
    {
      action: noShow ? "booking.no-show" : "booking.no-show-undo",
      targetId: row.clientId,
      entity: "booking",
      entityId: row.id,
      before: { noShowSource: row.noShowSource, noShowReturned: row.noShowReturned, counted: row.counted },
      after: {
        startsAt: row.startsAt.toISOString(),
        noShowSource: source,
        noShowReturned: returned,
        counted,
      },
    },
    row.clientId ? { kind: "booking", clientId: row.clientId } : { kind: "unmatched-booking" },
  );
  const summary = !noShow ? "no-show undone" : returned ? "no-show, session given back" : "no-show";
  return { id: row.id, clientId: row.clientId, summary };
}

/** The coach's "Mark no-show" / "Undo no-show" on a client's page: refused with the rule's words. */
export async function markNoShow(
  db: Db,
  permit: Permit<"bookings.no-show">,
  bookingId: string,
  clientId: string,
  noShow: boolean,
  now = new Date(),
): Promise<BookingOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, bookingId), eq(bookings.clientId, clientId)))
      .for("update");
    if (!row) refuse("That booking was not found.", 404);
    const why = noShowRefusal(row, noShow, now);
    if (why) refuse(why, 409);
    return applyNoShow(tx, permit, row, noShow, now);
  });
}

const CAL: SystemSource = "cal.com";

/**
 * Cal.com's BOOKING_NO_SHOW_UPDATED: the booking's own attendee's `noShow`. Each delivery is stored once,
 * keyed by the booking and its `createdAt` (a mark, an unmark and a mark again are three deliveries; a
 * redelivery is one); the rules make a repeated mark a no-op as well. Cal.com clears only its own mark: the
 * coach's stands until the coach undoes it.
 */
export async function applyCalNoShow(
  db: Db,
  delivery: { at: Date; noShow: CalNoShow },
  now = new Date(),
): Promise<DeliveryOutcome> {
  const { bookingUid, attendees } = delivery.noShow;
  return db.transaction(async (tx) => {
    const row = await findLocked(tx, [bookingUid]);
    if (!row) return { status: "ignored", reason: `booking ${bookingUid} is not known here` } as const;
    const [fresh] = await tx
      .insert(calDeliveries)
      .values({
        trigger: CAL_NO_SHOW,
        uid: `${bookingUid}@${delivery.at.toISOString()}`,
        bookingId: row.id,
      })
      .onConflictDoNothing({ target: [calDeliveries.trigger, calDeliveries.uid] })
      .returning({ id: calDeliveries.id });
    if (!fresh) return { status: "duplicate" } as const;
    const email = row.attendeeEmail.trim().toLowerCase();
    const attendee = attendees.find((a) => a.email.toLowerCase() === email);
    const why = !attendee
      ? "the booking's attendee is not in the delivery"
      : !attendee.noShow && row.noShowSource === "coach"
        ? "the coach's own no-show mark stands"
        : noShowRefusal(row, attendee.noShow, now);
    if (why || !attendee) return { status: "ignored", reason: `booking ${bookingUid}: ${why}` } as const;
    const applied = await applyNoShow(tx, CAL, row, attendee.noShow, delivery.at);
    return { status: "applied", bookingId: applied.id, summary: applied.summary } as const;
  });
}
