import { hash } from "node:crypto";
import type { Viewer } from "~/domain/viewer";
import type { LiveBus } from "../live/bus.server";
import { busListener } from "../live/listener.server";

// Who a session cookie belongs to, remembered for a few seconds so a signed-in page load does not ask
// the database first (docs/decisions/0018-performance.md). Safe because every way a session ends or
// its person's role or plan changes is heard at once:
//  - in this process, by `forgetPerson` (sign-out, sign-out everywhere, role/plan change, deletion,
//    a new sign-in), before the change's response is sent;
//  - from other processes, by the live-updates bus (NOTIFY "session"/"profile"), within milliseconds;
//  - while the bus has lost its LISTEN connection (events may be missed, and the database is often
//    down too), the cache is not used at all, so every request asks the database (503 if it is down);
//    on reconnect the cache is cleared, and the short TTL bounds what a late-noticed loss could miss.
// The cache is used only while this process listens on the bus. An entry remembers the session's expiry
// and is not served past it; one close to the rolling renewal goes to the database (which renews).

export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

export type CachedSession = { viewer: Viewer; sessionId: string; expiresAt: Date };
type Entry = CachedSession & { cachedAt: number };

const entries = new Map<string, Entry>();
/** Bumped on every forget: a lookup that started before it must not store what it read. */
let generation = 0;
/** The bus the cache listens on: while it is not hearing changes, the cache is not used. */
const listener = busListener(
  "session cache",
  (event) => {
    if (event.kind === "session" || event.kind === "profile") forgetPerson(event.userId);
  },
  () => forgetAll(),
);
const serving = listener.serving;

/** The key for a cookie value exactly as sent (signed): a hit needs no signature check either. */
export const cacheKey = (cookieValue: string) => hash("sha256", cookieValue, "base64url");

export function currentGeneration(): number {
  return generation;
}

export function cachedSession(key: string, now = Date.now()): CachedSession | null {
  if (!serving()) return null;
  const entry = entries.get(key);
  if (!entry) return null;
  if (now - entry.cachedAt > SESSION_CACHE_TTL_MS || entry.expiresAt.getTime() <= now) {
    entries.delete(key);
    return null;
  }
  return entry;
}

/** Remembers a lookup, unless something was forgotten since it started (`since`: currentGeneration()). */
export function rememberSession(key: string, found: CachedSession, since: number): void {
  if (!serving() || since !== generation) return;
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(key, { ...found, cachedAt: Date.now() });
}

/** Drops every remembered session of a person (their sessions, role or plan changed). */
export function forgetPerson(userId: string): void {
  generation += 1;
  for (const [key, entry] of entries) if (entry.viewer.id === userId) entries.delete(key);
}

export function forgetAll(): void {
  generation += 1;
  entries.clear();
}

/** Starts listening for session and profile changes; the cache stays off until that works. */
export function listenForSessionChanges(bus: LiveBus): void {
  listener.listen(bus);
}

/** For shutdown and tests: forget everything and stop using the cache until listening again. */
export function resetSessionCache(): void {
  forgetAll();
  listener.reset();
}
