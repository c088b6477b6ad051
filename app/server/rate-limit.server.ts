import { MemoryStore, type Options } from "express-rate-limit";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { viewerContext } from "./auth/context.server";
import { getConfig } from "./env.server";

// Limits counted inside the app, where a route is known however its URL was spelled (`/login`,
// `/login.data`, `/login/`, `/LOGIN`): a per-person limit on changes, and a per-address limit on sign-in
// starts and failed callbacks. express-shell/main.ts adds a per-address limit on every change in front, keyed on no
// path. The counters are express-rate-limit's own store, kept in this process: a person spread over
// several processes gets the limit in each, which still bounds a runaway script.

const WINDOW_MS = 60_000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const TOO_MANY_CHANGES = "Too many changes in a short time. Please wait a minute and try again.";
export const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please wait a minute and try again.";

/** The client address Express saw (`req.ip`, proxies trusted per express-shell/main.ts); null outside a request. */
export const clientAddressContext = createContext<string | null>(null);

type Over = { retryAfter: number } | null;

/**
 * Counts hits per key in a one-minute window: `hit` counts one and `over` only looks; each says how many
 * seconds to wait once past `limit()`.
 */
function windowLimiter(limit: () => number) {
  let created: MemoryStore | undefined;
  const store = () => {
    if (!created) {
      created = new MemoryStore();
      // The store reads only the window from the middleware options it is normally given.
      created.init({ windowMs: WINDOW_MS } as Options);
    }
    return created;
  };
  const verdict = (count: { totalHits: number; resetTime?: Date } | undefined, allowed: number): Over => {
    if (!count || count.totalHits <= allowed) return null;
    const resetAt = count.resetTime?.getTime() ?? Date.now() + WINDOW_MS;
    return { retryAfter: Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) };
  };
  return {
    async hit(key: string): Promise<Over> {
      return verdict(await store().increment(key), limit());
    },
    async over(key: string): Promise<Over> {
      // Already at the limit: the next hit would be refused.
      return verdict(await store().get(key), limit() - 1);
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

const addressKey = (context: Readonly<RouterContextProvider>) =>
  `address:${context.get(clientAddressContext) ?? "unknown"}`;
const refusal = (over: Over) => (over ? { headers: { "Retry-After": String(over.retryAfter) } } : null);

/**
 * Counts one sign-in start from this request's address. Called first thing by the login action, so every
 * way of reaching it counts; null while under the limit, else the 429's headers. A sign-in is one start:
 * its successful callback is not counted again, so a class behind one campus address fits in the limit.
 */
export async function countSignIn(
  context: Readonly<RouterContextProvider>,
): Promise<{ headers: HeadersInit } | null> {
  return refusal(await signInsPerAddress.hit(addressKey(context)));
}

/** The callback: refused (the 429's headers) once the address is at its limit, without counting. */
export async function signInCallbackRefused(
  context: Readonly<RouterContextProvider>,
): Promise<{ headers: HeadersInit } | null> {
  return refusal(await signInsPerAddress.over(addressKey(context)));
}

/** A callback that failed (a forged or replayed one) counts like a start. */
export async function countFailedSignIn(context: Readonly<RouterContextProvider>): Promise<void> {
  await signInsPerAddress.hit(addressKey(context));
}
