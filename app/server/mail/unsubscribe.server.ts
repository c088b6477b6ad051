import { type EmailKind, isEmailKind } from "~/domain/email";
import { signToken, verifyToken } from "../signed-token.server";

// The signed link in every email's List-Unsubscribe header and footer (docs/SECURITY.md "Unsubscribe
// links"). It works signed out: the signature is the authority, so it names only what it may change —
// one person and one kind (or every kind that can be turned off) — and nothing else. Signed as
// app/server/signed-token.server.ts does, under this purpose.

const PURPOSE = "email-unsubscribe v1";

/** What a link turns off: one kind, or every kind that can be turned off. */
export type UnsubscribeScope = EmailKind | "all";
export type Unsubscribe = { profileId: string; scope: UnsubscribeScope };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The token for a person and scope: `<payload>~<signature>`, both base64url (no dots: not `.data`). */
export function unsubscribeToken(target: Unsubscribe, secret?: string): string {
  return signToken(PURPOSE, `${target.profileId} ${target.scope}`, secret);
}

/** The person and scope of a token, or null when it was not signed here or was changed. */
export function verifyUnsubscribeToken(token: string, secret?: string): Unsubscribe | null {
  const text = verifyToken(PURPOSE, token, secret);
  if (text === null) return null;
  const [profileId, scope] = text.split(" ");
  if (!profileId || !UUID.test(profileId) || !scope) return null;
  if (scope !== "all" && !isEmailKind(scope)) return null;
  return { profileId, scope };
}

/**
 * The unsubscribe link's path, and its `.data` twin: the one path the same-site check lets a foreign
 * POST through (express-shell/security.ts), because mail clients POST it without an Origin of ours and
 * the signature, not a cookie, is its authority. Only the exact shape of a signed token matches.
 */
export const UNSUBSCRIBE_PATH = /^\/email\/unsubscribe\/[A-Za-z0-9_-]{1,200}~[A-Za-z0-9_-]{43}(?:\.data)?$/;

/** The absolute link (GET: a confirm page; POST: one-click, RFC 8058). */
export function unsubscribeUrl(origin: string, target: Unsubscribe, secret?: string): string {
  return `${origin}/email/unsubscribe/${unsubscribeToken(target, secret)}`;
}
