import { type EmailKind, isEmailKind } from "~/domain/email";
import { signToken, verifyToken } from "../signed-token.server";

// The signed link in every email (docs/SECURITY.md "Unsubscribe links"): it works signed out, so it names
// only one person and one kind (or all that can be turned off).

const PURPOSE = "email-unsubscribe v1";

export type UnsubscribeScope = EmailKind | "all";
export type Unsubscribe = { profileId: string; scope: UnsubscribeScope };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** `<payload>~<signature>`, base64url, no dots (never `.data`). */
export function unsubscribeToken(target: Unsubscribe, secret?: string): string {
  return signToken(PURPOSE, `${target.profileId} ${target.scope}`, secret);
}

export function verifyUnsubscribeToken(token: string, secret?: string): Unsubscribe | null {
  const text = verifyToken(PURPOSE, token, secret);
  if (text === null) return null;
  const [profileId, scope] = text.split(" ");
  if (!profileId || !UUID.test(profileId) || !scope) return null;
  if (scope !== "all" && !isEmailKind(scope)) return null;
  return { profileId, scope };
}

/** The one path the same-site check lets a foreign POST through: mail clients POST it (docs/SECURITY.md "Unsubscribe links"). */
export const UNSUBSCRIBE_PATH = /^\/email\/unsubscribe\/[A-Za-z0-9_-]{1,200}~[A-Za-z0-9_-]{43}(?:\.data)?$/;

/** GET: a confirm page; POST: one-click (RFC 8058). */
export function unsubscribeUrl(origin: string, target: Unsubscribe, secret?: string): string {
  return `${origin}/email/unsubscribe/${unsubscribeToken(target, secret)}`;
}
