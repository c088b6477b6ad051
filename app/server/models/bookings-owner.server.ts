import { and, eq, inArray, sql } from "drizzle-orm";
import type { SETTINGS } from "~/content/settings";
import { BOOKING_TOKEN_KEY, bookingTokenOwner } from "../bookings/booking-token.server";
import type { CalBooking } from "../bookings/cal-payload.server";
import type { DbOrTx } from "../db.server";
import { profiles } from "../schema";
import { onboardingSteps } from "./onboarding.server";

// Whose a Cal.com booking is (docs/decisions/0036-booking-ownership.md).

const BOOKABLE = inArray(profiles.role, ["client", "lead"]);

const firstName = (person: { fullName: string | null; email: string }) =>
  person.fullName?.trim().split(/\s+/)[0] || person.email;

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
 * A valid portal-link token names the owner, unless a step the coach holds booking back for is still
 * missing (docs/decisions/0047-coaching-agreement.md): the token never expires, so a link kept from before
 * the step was due only makes them `claimedBy`. So does a client's email alone; either way with the reason
 * an admin reads before confirming.
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
      .select({ id: profiles.id, fullName: profiles.fullName, email: profiles.email })
      .from(profiles)
      .where(and(eq(profiles.id, signedFor), BOOKABLE));
    if (person) {
      const missing = await missingSteps(tx, person.id);
      if (!missing) return { clientId: person.id, claimedBy: null, confirmReason: null };
      const confirmReason = `Booked from ${firstName(person)}'s portal link before ${missing}`;
      return { clientId: null, claimedBy: person.id, confirmReason };
    }
  }
  const byEmail = await personByEmail(tx, calBooking.attendees[0]?.email ?? "");
  if (!byEmail) return { clientId: null, claimedBy: null, confirmReason: null };
  if (settings.trustBookerEmail) return { clientId: byEmail.id, claimedBy: null, confirmReason: null };
  const name = firstName(byEmail);
  const confirmReason =
    token == null
      ? `Booked with ${name}'s email but not from their portal link`
      : `Booked with ${name}'s email and a portal link that is not valid`;
  return { clientId: null, claimedBy: byEmail.id, confirmReason };
}

/** What the coach still holds this person's booking back for, as the reason says it; null: nothing. */
async function missingSteps(tx: DbOrTx, profileId: string): Promise<string | null> {
  const { blocksBooking } = await onboardingSteps(tx, profileId);
  const steps = [
    blocksBooking.intake ? "filling in the intake questionnaire" : null,
    blocksBooking.agreement ? "accepting the agreement" : null,
  ].filter((step) => step !== null);
  return steps.length > 0 ? steps.join(" and ") : null;
}
