import { resolveBookingForm } from "~/lib/schemas/bookings";
import { resolveBooking } from "~/server/models/bookings-resolve.server";
import { authorize } from "~/server/policy.server";
import { intent } from "./intent.server";

// Issue #18: an over-plan booking the coach has dealt with leaves the list (admin only).
export const bookingIntents = {
  "resolve-booking": intent({
    form: resolveBookingForm,
    handler: ({ bookingId }, { db, viewer, clientId }) =>
      resolveBooking(db, authorize(viewer, "bookings.resolve"), bookingId, clientId),
  }),
};
