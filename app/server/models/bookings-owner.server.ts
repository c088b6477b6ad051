import { and, eq, inArray, sql } from "drizzle-orm";
import type { SETTINGS } from "~/content/settings";
import { BOOKING_TOKEN_KEY, bookingTokenOwner } from "../bookings/booking-token.server";
import type { CalBooking } from "../bookings/cal-payload.server";
import type { DbOrTx } from "../db.server";
import { profiles } from "../schema";

// Whose a Cal.com booking is (docs/decisions/0036-booking-ownership.md).

const BOOKABLE = inArray(profiles.role, ["client", "lead"]);

async function personByEmail(tx: DbOrTx, email: string) {
  const [match] = await tx
    .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
    .from(profiles)
    .where(and(sql`lower(${profiles.email}) = lower(${email.trim()})`, BOOKABLE))
    .limit(1);
  return match;
}

/** Null: unmatched. */
export async function matchClient(tx: DbOrTx, email: string): Promise<string | null> {
  return (await personByEmail(tx, email))?.id ?? null;
}

/**
 * A valid portal-link token names the owner. A client's email alone makes them `claimedBy` only,
 * with the reason an admin reads before confirming.
 */
export type Owner = { clientId: string | null; claimedBy: string | null; confirmReason: string | null };

export async function ownerOf(
  tx: DbOrTx,
  calBooking: CalBooking,
  settings: typeof SETTINGS.bookings,
): Promise<Owner> {
  const token = calBooking.metadata?.[BOOKING_TOKEN_KEY];
  const signedFor = bookingTokenOwner(token);
  if (signedFor) {
    const [person] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(and(eq(profiles.id, signedFor), BOOKABLE));
    if (person) return { clientId: person.id, claimedBy: null, confirmReason: null };
  }
  const byEmail = await personByEmail(tx, calBooking.attendees[0]?.email ?? "");
  if (!byEmail) return { clientId: null, claimedBy: null, confirmReason: null };
  if (settings.trustBookerEmail) return { clientId: byEmail.id, claimedBy: null, confirmReason: null };
  const name = byEmail.fullName?.trim().split(/\s+/)[0] || byEmail.email;
  const confirmReason =
    token == null
      ? `Booked with ${name}'s email but not from their portal link`
      : `Booked with ${name}'s email and a portal link that is not valid`;
  return { clientId: null, claimedBy: byEmail.id, confirmReason };
}
