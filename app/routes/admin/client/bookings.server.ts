import { markNoShowForm, resolveBookingForm, undoNoShowForm } from "~/lib/schemas/bookings";
import { markNoShow } from "~/server/models/bookings-no-show.server";
import { resolveBooking } from "~/server/models/bookings-resolve.server";
import { clientIntent } from "./intent.server";

export const bookingIntents = {
  "resolve-booking": clientIntent({
    permission: "bookings.resolve",
    form: resolveBookingForm,
    handler: ({ bookingId }, { db, permit, clientId }) => resolveBooking(db, permit, bookingId, clientId),
  }),
  "mark-no-show": clientIntent({
    permission: "bookings.no-show",
    form: markNoShowForm,
    handler: ({ bookingId }, { db, permit, clientId }) => markNoShow(db, permit, bookingId, clientId, true),
  }),
  "undo-no-show": clientIntent({
    permission: "bookings.no-show",
    form: undoNoShowForm,
    handler: ({ bookingId }, { db, permit, clientId }) => markNoShow(db, permit, bookingId, clientId, false),
  }),
};
