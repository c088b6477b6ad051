import { z } from "zod";
import { defineForm } from "../forms";
import { boundedText } from "./text";

// Local sign-in's "Any email" form (development only: see env's localSignIn).
export const localSignInSchema = z.object({
  email: z.email("Enter an email address.").trim().max(254, "That email address is too long."),
  name: boundedText({ name: "the name", max: 120 })
    .optional()
    .transform((v) => v || null),
});

export const localSignInForm = defineForm(localSignInSchema);
