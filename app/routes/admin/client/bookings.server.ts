import { resolveBookingForm } from "~/lib/schemas/bookings";
import { resolveBooking } from "~/server/models/bookings-resolve.server";
import { clientIntent } from "./intent.server";

export const bookingIntents = {
  "resolve-booking": clientIntent({
    permission: "bookings.resolve",
    form: resolveBookingForm,
    handler: ({ bookingId }, { db, permit, clientId }) => resolveBooking(db, permit, bookingId, clientId),
  }),
};
