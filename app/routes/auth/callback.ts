import { redirect } from "react-router";
import { profileForIdentity } from "~/server/auth/identity.server";
import { completeSignIn, SignInError } from "~/server/auth/oidc.server";
import { createSession } from "~/server/auth/session.server";
import { getDb } from "~/server/db.server";
import { getConfig } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { DATABASE_UNAVAILABLE, isDatabaseOutage } from "~/server/outage.server";
import type { Route } from "./+types/callback";

// The provider sends the person back here with a code; we verify it and start a session.
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { identity, returnTo, clearCookie } = await completeSignIn(request);
    const db = await getDb();
    const profile = await profileForIdentity(db, identity, getConfig().adminEmails);
    const sessionCookie = await createSession(db, profile.id, request);
    const headers = new Headers();
    headers.append("Set-Cookie", clearCookie);
    headers.append("Set-Cookie", sessionCookie);
    logger.info({ profile: profile.id, role: profile.role }, "signed in");
    return redirect(returnTo, { headers });
  } catch (error) {
    const message =
      error instanceof SignInError
        ? error.userMessage
        : isDatabaseOutage(error)
          ? DATABASE_UNAVAILABLE
          : "Sign-in failed. Please try again.";
    logger.warn(
      { err: (error as Error).message, cause: String((error as Error).cause ?? "") },
      "sign-in failed",
    );
    return redirect(`/login?${new URLSearchParams({ error: "signin_failed", message })}`);
  }
}
