import { hash } from "node:crypto";
import type { Viewer } from "~/domain/viewer";
import type { LiveBus } from "../live/bus.server";
import { busListener } from "../live/listener.server";

// A cookie's session remembered for a few seconds so a page load skips the database. Safe because every
// change is heard at once, and the cache is off while the bus is not listening (docs/decisions/0018-performance.md).

export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

export type CachedSession = { viewer: Viewer; sessionId: string; expiresAt: Date };
type Entry = CachedSession & { cachedAt: number };

const entries = new Map<string, Entry>();
/** Bumped on every forget: a lookup that started before must not store what it read. */
let generation = 0;
const listener = busListener(
  "session cache",
  (event) => {
    if (event.kind === "session" || event.kind === "profile") forgetPerson(event.userId);
  },
  () => forgetAll(),
);
const serving = listener.serving;

/** Keyed by the signed cookie value exactly as sent, so a hit needs no signature check. */
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

export function rememberSession(key: string, found: CachedSession, since: number): void {
  if (!serving() || since !== generation) return;
  if (entries.size >= MAX_ENTRIES) {
    const oldest = entries.keys().next().value;
    if (oldest !== undefined) entries.delete(oldest);
  }
  entries.set(key, { ...found, cachedAt: Date.now() });
}

export function forgetPerson(userId: string): void {
  generation += 1;
  for (const [key, entry] of entries) if (entry.viewer.id === userId) entries.delete(key);
}

export function forgetAll(): void {
  generation += 1;
  entries.clear();
}

export function listenForSessionChanges(bus: LiveBus): void {
  listener.listen(bus);
}

export function resetSessionCache(): void {
  forgetAll();
  listener.reset();
}
