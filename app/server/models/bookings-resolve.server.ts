import { and, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import type { Db } from "../db.server";
import { publishChange } from "../live/bus.server";
import type { Permit } from "../policy.server";
import { bookings } from "../schema";
import { audit } from "./audit.server";
import { countBooking, matchClient } from "./bookings.server";
import { lockClient } from "./client-lock.server";

// What an admin does about a booking the webhook could not settle (docs/decisions/0028-bookings.md):
// give an unmatched one to a client or lead, or mark an over-plan one resolved. A given booking counts
// through the same `countBooking` a delivery uses.

/** Gives an unmatched booking to a client or lead; a booked one then counts as if they had booked it. */
export async function assignBooking(
  db: Db,
  permit: Permit<"bookings.resolve">,
  bookingId: string,
  email: string,
) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).for("update");
    if (!row) throw data({ error: "That booking was not found." }, { status: 404 });
    if (row.clientId) throw data({ error: "That booking already belongs to someone." }, { status: 409 });
    const clientId = await matchClient(tx, email);
    if (!clientId) throw data({ error: "No client or lead has that email." }, { status: 400 });
    await lockClient(tx, permit, clientId);
    const [assigned] = await tx
      .update(bookings)
      .set({ clientId })
      .where(eq(bookings.id, bookingId))
      .returning();
    if (!assigned) throw new Error("booking update returned nothing");
    const applied = await countBooking(tx, assigned, permit, "booking.assign");
    await publishChange(tx, { kind: "booking", clientId });
    return applied;
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
    if (!row) throw data({ error: "That booking was not found or is already resolved." }, { status: 404 });
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
