import { and, eq, sql } from "drizzle-orm";
import type { AuditAction } from "~/domain/audit-actions";
import type { Db, DbOrTx } from "../db.server";
import { publishChange } from "../live/bus.server";
import { planReminders } from "../mail/reminders.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { type Booking, bookings } from "../schema";
import { audit, recordChange } from "./audit.server";
import { countBooking } from "./bookings.server";
import { matchClient } from "./bookings-owner.server";
import { lockClient } from "./client-lock.server";

// An admin settles what the webhook could not (docs/decisions/0036-booking-ownership.md); a given
// booking counts through the same `countBooking` a delivery uses.

/** Locked while still no one's and waiting; else the answer the admin reads. */
async function waitingBooking(tx: DbOrTx, bookingId: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  if (!row) refuse("That booking was not found.", 404);
  if (row.clientId) refuse("That booking already belongs to someone.", 409);
  if (row.resolvedAt) refuse("That booking was dismissed.", 409);
  return row;
}

async function giveBooking(
  tx: DbOrTx,
  permit: Permit<"bookings.resolve">,
  row: Booking,
  clientId: string,
  action: AuditAction,
) {
  await lockClient(tx, permit, clientId);
  const [given] = await tx
    .update(bookings)
    .set({ clientId, claimedBy: null, confirmReason: null })
    .where(eq(bookings.id, row.id))
    .returning();
  if (!given) throw new Error("booking update returned nothing");
  const applied = await countBooking(tx, given, permit, action);
  await planReminders(tx, given.id);
  await publishChange(tx, { kind: "booking", clientId });
  return applied;
}

export async function assignBooking(
  db: Db,
  permit: Permit<"bookings.resolve">,
  bookingId: string,
  email: string,
) {
  return db.transaction(async (tx) => {
    const row = await waitingBooking(tx, bookingId);
    const clientId = await matchClient(tx, email);
    if (!clientId) refuse("No client or lead has that email.", 400);
    return giveBooking(tx, permit, row, clientId, "booking.assign");
  });
}

export async function confirmBooking(db: Db, permit: Permit<"bookings.resolve">, bookingId: string) {
  return db.transaction(async (tx) => {
    const row = await waitingBooking(tx, bookingId);
    if (!row.claimedBy) refuse("No one's email booked it: assign it instead.", 400);
    return giveBooking(tx, permit, row, row.claimedBy, "booking.confirm");
  });
}

export async function dismissBooking(db: Db, permit: Permit<"bookings.resolve">, bookingId: string) {
  return db.transaction(async (tx) => {
    const row = await waitingBooking(tx, bookingId);
    await tx
      .update(bookings)
      .set({ resolvedAt: sql`now()`, resolvedBy: permit.actor.id })
      .where(eq(bookings.id, row.id));
    await recordChange(
      tx,
      permit,
      {
        action: "booking.dismiss",
        targetId: row.claimedBy,
        entity: "booking",
        entityId: row.id,
        after: { attendeeEmail: row.attendeeEmail, confirmReason: row.confirmReason },
      },
      { kind: "unmatched-booking" },
    );
    return { id: row.id };
  });
}

export async function resolveBooking(
  db: Db,
  permit: Permit<"bookings.resolve">,
  bookingId: string,
  clientId: string,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(bookings)
      .set({ resolvedAt: sql`now()`, resolvedBy: permit.actor.id })
      .where(
        and(eq(bookings.id, bookingId), eq(bookings.clientId, clientId), sql`${bookings.resolvedAt} IS NULL`),
      )
      .returning();
    if (!row) refuse("That booking was not found or is already resolved.", 404);
    await audit(tx, permit, {
      action: "booking.resolve",
      targetId: row.clientId,
      entity: "booking",
      entityId: row.id,
      after: { overPlan: row.overPlan },
    });
    if (row.clientId) await publishChange(tx, { kind: "booking", clientId: row.clientId });
    return row;
  });
}
