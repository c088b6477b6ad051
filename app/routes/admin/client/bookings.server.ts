import { resolveBookingForm } from "~/lib/schemas/bookings";
import { resolveBooking } from "~/server/models/bookings-resolve.server";
import { authorize } from "~/server/policy.server";
import { intent } from "./intent.server";

export const bookingIntents = {
  "resolve-booking": intent({
    form: resolveBookingForm,
    handler: ({ bookingId }, { db, viewer, clientId }) =>
      resolveBooking(db, authorize(viewer, "bookings.resolve"), bookingId, clientId),
  }),
};
