import { defineForm } from "../forms";
import { LIMITS } from "./admin";
import { z } from "./zod";

// docs/decisions/0028-bookings.md, 0036-booking-ownership.md.

const bookingId = z.uuid({ error: "That booking was not found." });

export const assignBookingForm = defineForm(
  z.object({
    bookingId,
    email: z.pipe(
      z.string().check(z.trim()),
      z.email({ error: "Enter the email of a client or lead." }).check(z.maxLength(LIMITS.email)),
    ),
  }),
  { hidden: ["bookingId"] },
);

const oneBooking = () => defineForm(z.object({ bookingId }), { hidden: ["bookingId"] });

export const resolveBookingForm = oneBooking();

export const confirmBookingForm = oneBooking();

export const dismissBookingForm = oneBooking();

/** docs/decisions/0055-no-shows-and-expiry.md: the coach's mark on a past session, and its undo. */
export const markNoShowForm = oneBooking();

export const undoNoShowForm = oneBooking();
