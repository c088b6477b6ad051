import { redirect } from "react-router";
import { profileForIdentity } from "~/server/auth/identity.server";
import { completeSignIn } from "~/server/auth/oidc.server";
import { createSession } from "~/server/auth/session.server";
import { SignInError, type SignInErrorCode } from "~/server/auth/sign-in-errors.server";
import { getDb } from "~/server/db.server";
import { getConfig } from "~/server/env.server";
import { logger } from "~/server/logger.server";
import { isDatabaseOutage } from "~/server/outage.server";
import {
  clientAddressContext,
  countFailedSignIn,
  signInCallbackRefused,
  TOO_MANY_SIGN_INS,
} from "~/server/rate-limit.server";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/callback";

export const access = routeAccess({ loader: PUBLIC });

// The 429's Retry-After reaches the answer for the `.data` twin too.
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const limited = await signInCallbackRefused(context);
  if (limited) return new Response(TOO_MANY_SIGN_INS, { status: 429, headers: limited.headers });
  try {
    const { identity, returnTo, clearCookie } = await completeSignIn(request);
    const db = await getDb();
    const profile = await profileForIdentity(db, identity, getConfig().adminEmails);
    const sessionCookie = await createSession(db, profile.id, request, context.get(clientAddressContext));
    const headers = new Headers();
    headers.append("Set-Cookie", clearCookie);
    headers.append("Set-Cookie", sessionCookie);
    logger.info({ profile: profile.id, role: profile.role }, "signed in");
    return redirect(returnTo, { headers });
  } catch (error) {
    await countFailedSignIn(context);
    const code: SignInErrorCode =
      error instanceof SignInError
        ? error.code
        : isDatabaseOutage(error)
          ? "database_unavailable"
          : "signin_failed";
    logger.warn(
      { err: (error as Error).message, cause: String((error as Error).cause ?? "") },
      "sign-in failed",
    );
    // Only the code goes in the URL; the login page says it in its own words.
    return redirect(`/login?${new URLSearchParams({ error: code })}`);
  }
}
