import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "./env.server";
import { resolveSessionSecret } from "./session-secret.server";

// A short text signed by this server: `<payload>~<signature>`, both base64url (no dots, so never read as
// a `.data` path). Each use has its own purpose, from which its key is derived from the session secret:
// a token made for one use never checks out for another, the key is never the secret itself, and
// changing the secret voids every token. Used by app/server/mail/unsubscribe.server.ts and
// app/server/bookings/booking-token.server.ts.

function key(purpose: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(purpose).digest();
}

function signature(purpose: string, payload: string, secret: string): Buffer {
  return createHmac("sha256", key(purpose, secret)).update(payload).digest();
}

let secretOf: { config: object; secret: string } | undefined;

/** The process's secret: the session secret (SESSION_SECRET, or the one kept in DATA_DIR). */
export function processSecret(): string {
  // Read once per configuration: the portal signs its booking links on every dashboard render, and
  // without SESSION_SECRET the secret is a file in DATA_DIR.
  const config = getConfig();
  if (secretOf?.config !== config) secretOf = { config, secret: resolveSessionSecret(config) };
  return secretOf.secret;
}

/** The token carrying `text` for `purpose`. */
export function signToken(purpose: string, text: string, secret = processSecret()): string {
  const payload = Buffer.from(text).toString("base64url");
  return `${payload}~${signature(purpose, payload, secret).toString("base64url")}`;
}

/** The shape of any token: what a path or a query may be checked against before it is verified. */
export const SIGNED_TOKEN = /^([A-Za-z0-9_-]{1,200})~([A-Za-z0-9_-]{43})$/;

/** The text a token carries, or null when it was not signed here for `purpose` or was changed. */
export function verifyToken(purpose: string, token: string, secret = processSecret()): string | null {
  const match = SIGNED_TOKEN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const given = Buffer.from(match[2], "base64url");
  const expected = signature(purpose, match[1], secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Buffer.from(match[1], "base64url").toString("utf8");
}
