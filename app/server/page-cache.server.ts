import { can } from "~/domain/policy";
import { COUNTRY_HEADERS } from "~/lib/currency";
import { sessionCacheKey, usableCachedSession } from "./auth/session.server";
import { type CachedSession, currentGeneration as sessionGeneration } from "./auth/session-cache.server";
import { getConfig } from "./env.server";
import type { LiveBus } from "./live/bus.server";
import { busListener } from "./live/listener.server";

// Rendered pages remembered for a few seconds, per visitor (docs/decisions/0020-page-cache.md). A page
// is the same bytes for the same URL, cookies and country header until something it shows changes, and
// rendering it is most of what a signed-in page load costs. A remembered page is served only while:
//  - the session that saw it is still the very entry of the session cache (./auth/session-cache.server.ts):
//    a sign-out, a role or plan change or a new sign-in of that person makes a new entry or none, and an
//    entry lives 10 s at most and never into the session's renewal window;
//  - nothing it may show changed: every change to a client's records, profile or sessions is heard on the
//    live-updates bus (that client's pages and every staff page are dropped), and any state-changing
//    request this process answers drops every page before its response is complete (express-shell/page-cache.ts);
//  - this process hears the bus: while the LISTEN connection is down nothing is remembered or served.
// A render that overlapped any of those drops is not remembered (generation counters). The HTML is kept
// split where this response's CSP nonce stood, so every answer carries a fresh nonce of its own.

export const PAGE_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 2_000;
const MAX_BYTES = 64 * 1024 * 1024;

/**
 * A rendered page, as the app answered it: its own headers and its HTML cut where the nonce stood;
 * `gzip` is for the server to keep the parts' compressed form in (express-shell/page-cache.ts).
 */
export type RenderedPage = {
  headers: [string, string][];
  parts: Buffer[];
  gzip?: { nonceLength: number; parts: Buffer[] };
};

type Entry = RenderedPage & {
  bytes: number;
  cachedAt: number;
  /** The session-cache entry the page was rendered for; null for a visitor with no session cookie. */
  owner: CachedSession | null;
};

/** What to remember a page under once rendered: handed out by `lookupPage`, given back to `rememberPage`. */
export type PageTicket = {
  key: string;
  sessionKey: string | null;
  generation: number;
  sessionGeneration: number;
};

const entries = new Map<string, Entry>();
let totalBytes = 0;
/** Bumped whenever pages are dropped: a render that started before must not be remembered. */
let generation = 0;
const listener = busListener(
  "page cache",
  (event) =>
    // An unmatched booking names no one: only staff pages show it ("" matches no person).
    forgetPagesShowing(
      event.kind === "session" ? event.userId : event.kind === "unmatched-booking" ? "" : event.clientId,
    ),
  () => forgetAllPages(),
);
const enabled = () => getConfig().pageCache;
const serving = () => enabled() && listener.serving();

function drop(key: string, entry: Entry): void {
  entries.delete(key);
  totalBytes -= entry.bytes;
}

/** Drops every page (a change was made in this process, or events may have been missed). */
export function forgetAllPages(): void {
  generation += 1;
  entries.clear();
  totalBytes = 0;
}

/** Drops the pages that may show a person's records: their own, and every staff member's. */
function forgetPagesShowing(personId: string): void {
  generation += 1;
  for (const [key, entry] of entries) {
    const viewer = entry.owner?.viewer;
    if (viewer && (viewer.id === personId || can(viewer, "client.read"))) drop(key, entry);
  }
}

/** Starts listening for changes; pages are neither served nor remembered until that works. */
export function listenForPageChanges(bus: LiveBus): void {
  if (enabled()) listener.listen(bus);
}

/**
 * A remembered page for this document request, or a ticket to remember the page about to be rendered;
 * null when pages are not being cached. `header` reads a request header by name, in any case.
 */
export function lookupPage(
  url: string,
  header: (name: string) => string | undefined,
): { page: RenderedPage } | { ticket: PageTicket } | null {
  if (!serving()) return null;
  const cookie = header("cookie");
  // Everything a render reads from the request: the URL, the cookies (session, theme, currency) and
  // the country a proxy reports (the currency's fallback).
  const key = [url, cookie ?? "", ...COUNTRY_HEADERS.map((name) => header(name) ?? "")].join("\n");
  const sessionKey = sessionCacheKey(cookie);
  const entry = entries.get(key);
  if (entry) {
    const now = Date.now();
    // Not the same entry once the session ended, changed, expired or came near its renewal.
    const owner = sessionKey ? usableCachedSession(sessionKey, now) : null;
    const fresh = now - entry.cachedAt <= PAGE_CACHE_TTL_MS && owner === entry.owner;
    if (fresh) return { page: entry };
    drop(key, entry);
  }
  return { ticket: { key, sessionKey, generation, sessionGeneration: sessionGeneration() } };
}

/** Remembers a rendered page, unless something was dropped since its ticket was handed out. */
export function rememberPage(ticket: PageTicket, page: RenderedPage): void {
  if (!serving() || ticket.generation !== generation || ticket.sessionGeneration !== sessionGeneration()) {
    return;
  }
  const owner = ticket.sessionKey ? usableCachedSession(ticket.sessionKey) : null;
  // A session cookie whose session is not remembered (ended, expired, near renewal): render every time.
  if (ticket.sessionKey && !owner) return;
  // The HTML, its compressed form (a fraction of it) and the key.
  const bytes = page.parts.reduce((sum, part) => sum + part.length * 1.5, 0) + ticket.key.length * 2;
  if (bytes > MAX_BYTES / 16) return;
  const previous = entries.get(ticket.key);
  if (previous) drop(ticket.key, previous);
  for (const [key, entry] of entries) {
    if (entries.size < MAX_ENTRIES && totalBytes + bytes <= MAX_BYTES) break;
    drop(key, entry);
  }
  entries.set(ticket.key, { ...page, bytes, cachedAt: Date.now(), owner });
  totalBytes += bytes;
}

/** For shutdown and tests: forget everything and stop caching until listening again. */
export function resetPageCache(): void {
  forgetAllPages();
  listener.reset();
}
