import { z } from "zod";
import { isEmailAddress } from "~/domain/email";
import { defineForm } from "../forms";
import { boundedText } from "./text-fields";

export const localSignInSchema = z.object({
  // The outbox's rule too (app/domain/email.ts): an address typed here can always be emailed.
  email: z
    .email("Enter an email address.")
    .trim()
    .max(254, "That email address is too long.")
    .refine(isEmailAddress, "Enter an email address."),
  name: boundedText({ name: "the name", max: 120 })
    .optional()
    .transform((v) => v || null),
});

export const localSignInForm = defineForm(localSignInSchema);
