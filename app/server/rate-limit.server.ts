import { MemoryStore, type Options } from "express-rate-limit";
import type { MiddlewareFunction } from "react-router";
import { viewerContext } from "./auth/context.server";
import { getConfig } from "./env.server";

// Per-person limit on state-changing requests (server/main.ts adds the per-address one in front).
// The counter is express-rate-limit's own store, kept in this process: a person spread over several
// processes gets the limit in each, which still bounds a runaway script.

const WINDOW_MS = 60_000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const TOO_MANY_CHANGES = "Too many changes in a short time. Please wait a minute and try again.";

let store: MemoryStore | undefined;

function perPersonStore(): MemoryStore {
  if (!store) {
    store = new MemoryStore();
    // The store reads only the window from the middleware options it is normally given.
    store.init({ windowMs: WINDOW_MS } as Options);
  }
  return store;
}

/** Root middleware, after the session is read: a signed-in person's changes per minute are capped (429 + Retry-After). */
export const limitChangesPerPerson: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const viewer = context.get(viewerContext);
  if (SAFE_METHODS.has(request.method) || !viewer || viewer === "unavailable") return next();
  const { totalHits, resetTime } = await perPersonStore().increment(`person:${viewer.id}`);
  if (totalHits > getConfig().mutationRateLimit) {
    const seconds = Math.max(
      1,
      Math.ceil(((resetTime?.getTime() ?? Date.now() + WINDOW_MS) - Date.now()) / 1000),
    );
    // The same answer as the per-address limit: nothing of the request runs.
    return Response.json(
      { error: TOO_MANY_CHANGES },
      { status: 429, headers: { "Retry-After": String(seconds) } },
    );
  }
  return next();
};
