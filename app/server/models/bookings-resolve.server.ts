import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../db.server";
import { publishChange } from "../live/bus.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { type Booking, bookings } from "../schema";
import { audit, type Tx } from "./audit.server";
import { countBooking } from "./bookings.server";
import { matchClient } from "./bookings-owner.server";
import { lockClient } from "./client-lock.server";

// What an admin does about a booking the webhook could not settle (docs/decisions/0028-bookings.md,
// 0036-booking-ownership.md): give an unmatched or unconfirmed one to a client or lead, confirm one for
// the client whose email booked it, dismiss one that is no one's, or mark an over-plan one resolved. A
// given booking counts through the same `countBooking` a delivery uses.

/** The booking, locked, while it is still no one's and waiting; else the answer the admin reads. */
async function waitingBooking(tx: Tx, bookingId: string) {
  const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
  if (!row) refuse("That booking was not found.", 404);
  if (row.clientId) refuse("That booking already belongs to someone.", 409);
  if (row.resolvedAt) refuse("That booking was dismissed.", 409);
  return row;
}

async function giveBooking(
  tx: Tx,
  permit: Permit<"bookings.resolve">,
  row: Booking,
  clientId: string,
  action: string,
) {
  await lockClient(tx, permit, clientId);
  const [given] = await tx
    .update(bookings)
    .set({ clientId, claimedBy: null, confirmReason: null })
    .where(eq(bookings.id, row.id))
    .returning();
  if (!given) throw new Error("booking update returned nothing");
  const applied = await countBooking(tx, given, permit, action);
  await publishChange(tx, { kind: "booking", clientId });
  return applied;
}

/** Gives an unmatched booking to a client or lead; a booked one then counts as if they had booked it. */
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

/** A booking made with a client's email but not from their portal link is theirs after all: it counts. */
export async function confirmBooking(db: Db, permit: Permit<"bookings.resolve">, bookingId: string) {
  return db.transaction(async (tx) => {
    const row = await waitingBooking(tx, bookingId);
    if (!row.claimedBy) refuse("No one's email booked it: assign it instead.", 400);
    return giveBooking(tx, permit, row, row.claimedBy, "booking.confirm");
  });
}

/** A booking that is no one's here (a stranger, or not the client after all) leaves the list; nothing counts. */
export async function dismissBooking(db: Db, permit: Permit<"bookings.resolve">, bookingId: string) {
  return db.transaction(async (tx) => {
    const row = await waitingBooking(tx, bookingId);
    await tx
      .update(bookings)
      .set({ resolvedAt: sql`now()`, resolvedBy: permit.actor.id })
      .where(eq(bookings.id, row.id));
    await audit(tx, permit, {
      action: "booking.dismiss",
      targetId: row.claimedBy,
      entity: "booking",
      entityId: row.id,
      after: { attendeeEmail: row.attendeeEmail, confirmReason: row.confirmReason },
    });
    await publishChange(tx, { kind: "unmatched-booking" });
    return { id: row.id };
  });
}

/** The coach has dealt with an over-plan booking (charged it, or agreed to it): it leaves the list. */
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
