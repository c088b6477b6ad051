import { BOOKING_TOKEN_KEY } from "~/domain/bookings";
import { signToken, verifyToken } from "../signed-token.server";

// A booking link carries a signed token naming its person; Cal.com passes it back in the webhook's
// metadata (docs/decisions/0036-booking-ownership.md). It never expires, so an open page's link keeps working.

const PURPOSE = "cal-booking v1";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function bookingToken(profileId: string, secret?: string): string {
  return signToken(PURPOSE, profileId, secret);
}

export { BOOKING_TOKEN_KEY };

export function bookingTokenOwner(token: unknown, secret?: string): string | null {
  if (typeof token !== "string") return null;
  const profileId = verifyToken(PURPOSE, token.trim(), secret);
  return profileId !== null && UUID.test(profileId) ? profileId : null;
}
