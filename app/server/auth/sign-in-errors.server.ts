import { DATABASE_UNAVAILABLE } from "../outage.server";

// Only a code travels in the URL; the sentence is always ours, so a crafted link cannot put its own
// words in the login page's alert.

export const SIGN_IN_ERRORS = {
  signin_failed: "Sign-in failed. Please try again.",
  not_configured: "Google sign-in isn't configured on this machine. Choose who to be below.",
  provider_unreachable: "We couldn't reach Google just now. Please try again in a moment.",
  expired: "Your sign-in took too long or was started elsewhere. Please try again.",
  cancelled: "Sign-in was cancelled.",
  provider_refused: "Google could not sign you in. Please try again.",
  unverified: "We couldn't verify your sign-in. Please try again.",
  email_unverified: "Your Google account's email address is not verified, so we can't sign you in.",
  database_unavailable: DATABASE_UNAVAILABLE,
} as const;

export type SignInErrorCode = keyof typeof SIGN_IN_ERRORS;

export function signInErrorMessage(code: string | null): string | null {
  if (code === null || code === "") return null;
  return Object.hasOwn(SIGN_IN_ERRORS, code)
    ? SIGN_IN_ERRORS[code as SignInErrorCode]
    : SIGN_IN_ERRORS.signin_failed;
}

export class SignInError extends Error {
  override name = "SignInError";
  constructor(
    readonly code: SignInErrorCode,
    cause?: unknown,
  ) {
    super(SIGN_IN_ERRORS[code], { cause });
  }
}
