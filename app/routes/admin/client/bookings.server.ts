import { z } from "zod";
import { resolveBooking } from "~/server/models/bookings.server";
import { intent } from "./intent.server";

// Issue #18: an over-plan booking the coach has dealt with leaves the list (admin only).
export const bookingIntents = {
  "resolve-booking": intent({
    schema: z.object({ bookingId: z.uuid({ error: "That booking was not found." }) }),
    handler: ({ bookingId }, { db, viewer, clientId }) => resolveBooking(db, viewer, bookingId, clientId),
  }),
};
