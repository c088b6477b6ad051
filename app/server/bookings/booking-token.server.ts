import { BOOKING_TOKEN_KEY } from "~/domain/bookings";
import { signToken, verifyToken } from "../signed-token.server";

// The portal's booking links carry who they were made for, signed (docs/decisions/0036-booking-ownership.md):
// Cal.com passes `metadata[portal]=<token>` from the link to the webhook's `payload.metadata.portal`
// (its booker reads every `metadata[…]` query parameter: packages/platform/atoms/booker/BookerWebWrapper.tsx
// in calcom/cal.com). The token names one person's id and nothing else, never expires, and is the same on
// every render, so a link that sits in an open page keeps working; changing the session secret voids it.

const PURPOSE = "cal-booking v1";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token a person's booking links carry. */
export function bookingToken(profileId: string, secret?: string): string {
  return signToken(PURPOSE, profileId, secret);
}

export { BOOKING_TOKEN_KEY };

/** The person a token was made for, or null when it was not signed here for bookings or was changed. */
export function bookingTokenOwner(token: unknown, secret?: string): string | null {
  if (typeof token !== "string") return null;
  const profileId = verifyToken(PURPOSE, token.trim(), secret);
  return profileId !== null && UUID.test(profileId) ? profileId : null;
}
