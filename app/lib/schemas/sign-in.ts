import { isEmailAddress } from "~/domain/email";
import { defineForm } from "../forms";
import { blankAsNull, boundedText } from "./text-fields";
import { z } from "./zod";

export const localSignInSchema = z.object({
  // The outbox's rule too (app/domain/email.ts): an address typed here can always be emailed.
  email: z
    .email("Enter an email address.")
    .check(
      z.trim(),
      z.maxLength(254, "That email address is too long."),
      z.refine(isEmailAddress, "Enter an email address."),
    ),
  name: blankAsNull(z.optional(boundedText({ name: "the name", max: 120 }))),
});

export const localSignInForm = defineForm(localSignInSchema);
