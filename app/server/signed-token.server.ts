import { createHmac, timingSafeEqual } from "node:crypto";
import { getConfig } from "./env.server";
import { resolveSessionSecret } from "./session-secret.server";

// `<payload>~<signature>`, base64url (no dots: never a `.data` path). Each purpose derives its own key from
// the session secret, so a token for one use never checks out for another.

function key(purpose: string, secret: string): Buffer {
  return createHmac("sha256", secret).update(purpose).digest();
}

function signature(purpose: string, payload: string, secret: string): Buffer {
  return createHmac("sha256", key(purpose, secret)).update(payload).digest();
}

let secretOf: { config: object; secret: string } | undefined;

export function processSecret(): string {
  // Cached: booking links are signed on every dashboard render.
  const config = getConfig();
  if (secretOf?.config !== config) secretOf = { config, secret: resolveSessionSecret(config) };
  return secretOf.secret;
}

export function signToken(purpose: string, text: string, secret = processSecret()): string {
  const payload = Buffer.from(text).toString("base64url");
  return `${payload}~${signature(purpose, payload, secret).toString("base64url")}`;
}

/** What a path or query may be checked against before verifying. */
export const SIGNED_TOKEN = /^([A-Za-z0-9_-]{1,200})~([A-Za-z0-9_-]{43})$/;

export function verifyToken(purpose: string, token: string, secret = processSecret()): string | null {
  const match = SIGNED_TOKEN.exec(token);
  if (!match?.[1] || !match[2]) return null;
  const given = Buffer.from(match[2], "base64url");
  const expected = signature(purpose, match[1], secret);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return Buffer.from(match[1], "base64url").toString("utf8");
}
