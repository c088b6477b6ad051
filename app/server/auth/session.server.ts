import { hash, randomBytes } from "node:crypto";
import { parse } from "cookie-es";
import { and, eq, gt, lt, type SQL, sql } from "drizzle-orm";
import { createCookie } from "react-router";
import type { Viewer } from "~/domain/viewer";
import type { RequestHeaders } from "~/lib/request-headers";
import type { Db } from "../db.server";
import { getConfig } from "../env.server";
import { publishChange } from "../live/bus.server";
import { preparedPer } from "../prepared.server";
import { profiles, sessions } from "../schema";
import { resolveSessionSecret } from "../session-secret.server";
import {
  type CachedSession,
  cachedSession,
  cacheKey,
  currentGeneration,
  forgetPerson,
  rememberSession,
} from "./session-cache.server";

// Sessions are database rows; the cookie carries an opaque signed token (docs/decisions/0008-sessions.md).

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY_MS;
export const SESSION_RENEW_WITHIN_MS = 15 * DAY_MS;

let cookie: ReturnType<typeof createCookie> | undefined;

export function sessionCookie() {
  if (!cookie) {
    const config = getConfig();
    const secure = config.publicOrigin.startsWith("https:");
    // __Host- binds the cookie to this exact origin (https only).
    cookie = createCookie(secure ? "__Host-session" : "session", {
      secrets: [resolveSessionSecret(config)],
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      maxAge: SESSION_TTL_MS / 1000,
    });
  }
  return cookie;
}

const hashToken = (token: string) => hash("sha256", token, "hex");

async function tokenFrom(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie().parse(request.headers.get("cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null;
}

export function hasSessionCookie(request: RequestHeaders): boolean {
  const header = request.headers.get("cookie");
  return header?.includes(`${sessionCookie().name}=`) ?? false;
}

/** `clientAddress` comes from Express's trusted-proxy logic, never a header a visitor could write. */
export async function createSession(
  db: Db,
  userId: string,
  request: Request,
  clientAddress: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt,
    ipAddress: clientAddress,
    userAgent: request.headers.get("user-agent")?.slice(0, 400) ?? null,
  });
  // Housekeeping: this person's expired sessions are of no use to anyone.
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, sql`now()`)));
  // Signing in may have changed the person (an admin address becomes admin): read them afresh.
  forgetPerson(userId);
  return sessionCookie().serialize(token, { expires: expiresAt });
}

export type SessionLookup = {
  viewer: Viewer;
  sessionId: string;
  expiresAt: Date;
  renewedCookie: string | null;
};

function liveSessionWithPerson(db: Db, which: SQL) {
  return db
    .select({
      sessionId: sessions.id,
      expiresAt: sessions.expiresAt,
      id: profiles.id,
      email: profiles.email,
      fullName: profiles.fullName,
      role: profiles.role,
      plan: profiles.plan,
    })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(and(which, gt(sessions.expiresAt, sql`now()`)))
    .limit(1);
}

// The look-up by token is the hottest query there is: a named prepared statement, per database handle.
const byTokenStatement = preparedPer((db) =>
  liveSessionWithPerson(db, eq(sessions.tokenHash, sql.placeholder("tokenHash"))).prepare("session_by_token"),
);

/** In one round trip; renews a session near its expiry. */
export async function readSession(db: Db, request: Request): Promise<SessionLookup | null> {
  const token = await tokenFrom(request);
  if (!token) return null;
  const [row] = await byTokenStatement(db).execute({ tokenHash: hashToken(token) });
  if (!row) return null;
  const { sessionId, expiresAt, ...viewer } = row;
  if (expiresAt.getTime() - Date.now() < SESSION_RENEW_WITHIN_MS) {
    const renewed = new Date(Date.now() + SESSION_TTL_MS);
    await db.update(sessions).set({ expiresAt: renewed }).where(eq(sessions.id, sessionId));
    const renewedCookie = await sessionCookie().serialize(token, { expires: renewed });
    return { viewer, sessionId, expiresAt: renewed, renewedCookie };
  }
  return { viewer, sessionId, expiresAt, renewedCookie: null };
}

function sessionCacheKey(cookieHeader: string | null | undefined): string | null {
  const raw = cookieHeader ? parse(cookieHeader)[sessionCookie().name] : undefined;
  return raw ? cacheKey(raw) : null;
}

/** Null near the rolling renewal: the database must renew that one. */
function usableCachedSession(key: string, now = Date.now()): CachedSession | null {
  const hit = cachedSession(key, now);
  return hit && hit.expiresAt.getTime() - now >= SESSION_RENEW_WITHIN_MS ? hit : null;
}

export async function readSessionCached(db: Db, request: Request): Promise<SessionLookup | null> {
  const key = sessionCacheKey(request.headers.get("cookie"));
  if (!key) return null;
  const hit = usableCachedSession(key);
  if (hit) {
    return { viewer: hit.viewer, sessionId: hit.sessionId, expiresAt: hit.expiresAt, renewedCookie: null };
  }
  const since = currentGeneration();
  const found = await readSession(db, request);
  if (found) rememberSession(key, found, since);
  return found;
}

/** Never renews: the live stream polls this, and only a page load can send a new cookie. */
export async function sessionHolder(db: Db, sessionId: string): Promise<Viewer | null> {
  const [row] = await liveSessionWithPerson(db, eq(sessions.id, sessionId));
  if (!row) return null;
  const { sessionId: _id, expiresAt: _expires, ...viewer } = row;
  return viewer;
}

export async function endSession(db: Db, request: Request): Promise<string> {
  const token = await tokenFrom(request);
  if (token) {
    const [ended] = await db
      .delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning({ userId: sessions.userId });
    // Other tabs, the live stream and every process's session cache hear the session ended.
    if (ended) {
      forgetPerson(ended.userId);
      await publishChange(db, { kind: "session", userId: ended.userId });
    }
  }
  return clearSessionCookie();
}

export function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0, expires: new Date(0) });
}

/** Signs a person out everywhere (docs/product/integrations.md: scope global). */
export async function revokeAllSessions(db: Db, userId: string): Promise<number> {
  const removed = await db.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  forgetPerson(userId);
  if (removed.length > 0) await publishChange(db, { kind: "session", userId });
  return removed.length;
}

/**
 * docs/product/states.md, Logout page: this session first (the local step), then every session of the
 * person (the global step, whose failure is logged and ignored).
 */
export async function signOutEverywhere(
  getDatabase: () => Promise<Db>,
  request: Request,
  userId: string | null,
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void },
): Promise<{ headers: Headers; error: string | null }> {
  const headers = new Headers({ "Cache-Control": "no-store" });
  try {
    headers.append("Set-Cookie", await endSession(await getDatabase(), request));
  } catch (caught) {
    headers.append("Set-Cookie", await clearSessionCookie());
    log.error({ err: (caught as Error).message }, "sign-out: local step failed");
    return { headers, error: "We couldn't reach the server to end your session. Please try again." };
  }
  if (userId) {
    try {
      await revokeAllSessions(await getDatabase(), userId);
    } catch (caught) {
      log.warn({ err: (caught as Error).message }, "sign-out: global step failed (ignored)");
    }
  }
  return { headers, error: null };
}
