import { z } from "zod";
import { defineForm } from "../forms";
import { LIMITS } from "./admin";

// Issue #18: the forms an admin uses on Cal.com bookings (docs/decisions/0028-bookings.md).

const bookingId = z.uuid({ error: "That booking was not found." });

/** The admin home: give an unmatched booking to a client or lead, by their email. */
export const assignBookingForm = defineForm(
  z.object({
    bookingId,
    email: z
      .string()
      .trim()
      .pipe(z.email({ error: "Enter the email of a client or lead." }).max(LIMITS.email)),
  }),
  { hidden: ["bookingId"] },
);

/** A form naming one booking and nothing else. */
const oneBooking = () => defineForm(z.object({ bookingId }), { hidden: ["bookingId"] });

/** The client's page: an over-plan booking the coach has dealt with leaves the list. */
export const resolveBookingForm = oneBooking();

/** The admin home: a booking made with a client's email but not from their portal link is theirs. */
export const confirmBookingForm = oneBooking();

/** The admin home: a booking that is no one's here leaves the list, counting nothing. */
export const dismissBookingForm = oneBooking();
