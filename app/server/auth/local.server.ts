import type { z } from "zod";
import type { localSignInSchema } from "~/lib/schemas/sign-in";
import type { Identity } from "./identity.server";

/** Never collides with a real issuer's. */
export const LOCAL_PROVIDER = "local";

export function localIdentity(input: z.infer<typeof localSignInSchema>): Identity {
  return {
    provider: LOCAL_PROVIDER,
    subject: input.email.toLowerCase(),
    email: input.email,
    name: input.name,
  };
}
