import { z } from "zod";
import { boundedText } from "~/lib/schemas/text";
import type { Identity } from "./identity.server";

/** Local sign-in identities carry this provider, so they can never collide with a real issuer's. */
export const LOCAL_PROVIDER = "local";

export const localSignInSchema = z.object({
  email: z.email("Enter an email address.").trim().max(254, "That email address is too long."),
  name: boundedText({ name: "the name", max: 120 })
    .optional()
    .transform((v) => v || null),
});

/** The identity a person picked on the local sign-in form (development only: see env's localSignIn). */
export function localIdentity(input: z.infer<typeof localSignInSchema>): Identity {
  return {
    provider: LOCAL_PROVIDER,
    subject: input.email.toLowerCase(),
    email: input.email,
    name: input.name,
  };
}
