import type { z } from "zod";
import type { localSignInSchema } from "~/lib/schemas/sign-in";
import type { Identity } from "./identity.server";

/** Local sign-in identities carry this provider, so they can never collide with a real issuer's. */
export const LOCAL_PROVIDER = "local";

/** The identity a person picked on the local sign-in form (development only: see env's localSignIn). */
export function localIdentity(input: z.infer<typeof localSignInSchema>): Identity {
  return {
    provider: LOCAL_PROVIDER,
    subject: input.email.toLowerCase(),
    email: input.email,
    name: input.name,
  };
}
