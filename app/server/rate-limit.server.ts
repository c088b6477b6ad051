import { MemoryStore, type Options } from "express-rate-limit";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { viewerContext } from "./auth/context.server";
import { getConfig } from "./env.server";

// Limits counted inside the app, where a route is known however its URL was spelled (`/login`,
// `/login.data`, `/login/`, `/LOGIN`): a per-person limit on changes, and a per-address limit on sign-in
// starts and callbacks. express-shell/main.ts adds a per-address limit on every change in front, keyed on no
// path. The counters are express-rate-limit's own store, kept in this process: a person spread over
// several processes gets the limit in each, which still bounds a runaway script.

const WINDOW_MS = 60_000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const TOO_MANY_CHANGES = "Too many changes in a short time. Please wait a minute and try again.";
export const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please wait a minute and try again.";

/** The client address Express saw (`req.ip`, proxies trusted per express-shell/main.ts); null outside a request. */
export const clientAddressContext = createContext<string | null>(null);

/** Counts hits per key in a one-minute window; `hit` says how many seconds to wait once over `limit()`. */
function windowLimiter(limit: () => number) {
  let store: MemoryStore | undefined;
  return {
    async hit(key: string): Promise<{ retryAfter: number } | null> {
      if (!store) {
        store = new MemoryStore();
        // The store reads only the window from the middleware options it is normally given.
        store.init({ windowMs: WINDOW_MS } as Options);
      }
      const { totalHits, resetTime } = await store.increment(key);
      if (totalHits <= limit()) return null;
      const resetAt = resetTime?.getTime() ?? Date.now() + WINDOW_MS;
      return { retryAfter: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) };
    },
  };
}

const changesPerPerson = windowLimiter(() => getConfig().mutationRateLimit);
const signInsPerAddress = windowLimiter(() => getConfig().signInRateLimit);

/** Root middleware, after the session is read: a signed-in person's changes per minute are capped (429 + Retry-After). */
export const limitChangesPerPerson: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const viewer = context.get(viewerContext);
  if (SAFE_METHODS.has(request.method) || !viewer || viewer === "unavailable") return next();
  const over = await changesPerPerson.hit(`person:${viewer.id}`);
  // The same answer as the per-address limit: nothing of the request runs.
  if (over)
    return Response.json(
      { error: TOO_MANY_CHANGES },
      { status: 429, headers: { "Retry-After": String(over.retryAfter) } },
    );
  return next();
};

/**
 * Counts one sign-in start or callback from this request's address. Called first thing by the login
 * action and the callback loader, so every way of reaching them counts; null while under the limit,
 * else the 429's headers.
 */
export async function countSignIn(
  context: Readonly<RouterContextProvider>,
): Promise<{ headers: HeadersInit } | null> {
  const over = await signInsPerAddress.hit(`address:${context.get(clientAddressContext) ?? "unknown"}`);
  return over ? { headers: { "Retry-After": String(over.retryAfter) } } : null;
}
