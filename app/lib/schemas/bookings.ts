import { z } from "zod";
import { defineForm } from "../forms";
import { LIMITS } from "./admin";

// docs/decisions/0028-bookings.md, 0036-booking-ownership.md.

const bookingId = z.uuid({ error: "That booking was not found." });

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

const oneBooking = () => defineForm(z.object({ bookingId }), { hidden: ["bookingId"] });

export const resolveBookingForm = oneBooking();

export const confirmBookingForm = oneBooking();

export const dismissBookingForm = oneBooking();
