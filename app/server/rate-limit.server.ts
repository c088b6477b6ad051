import { MemoryStore, type Options } from "express-rate-limit";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { viewerContext } from "./auth/context.server";
import { getConfig } from "./env.server";

// Counted inside the app, where a route is known however its URL was spelled; per process, which still
// bounds a runaway script. express-shell/main.ts adds a per-address limit in front.

const WINDOW_MS = 60_000;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const TOO_MANY_CHANGES = "Too many changes in a short time. Please wait a minute and try again.";
export const TOO_MANY_SIGN_INS = "Too many sign-in attempts. Please wait a minute and try again.";

export const clientAddressContext = createContext<string | null>(null);

type Over = { retryAfter: number } | null;

function windowLimiter(limit: () => number) {
  let created: MemoryStore | undefined;
  const store = () => {
    if (!created) {
      created = new MemoryStore();
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
/** Discount codes that did not work, per person: enough for typos, too few to guess codes. */
export const CODE_GUESSES_PER_MINUTE = 10;
const codeGuessesPerPerson = windowLimiter(() => CODE_GUESSES_PER_MINUTE);
export const TOO_MANY_CODES = "Too many codes tried in a short time. Please wait a minute and try again.";

/** Keyed by person at checkout, by address on the pricing page (`addressKey`). */
export const codeGuesses = {
  over: (key: string) => codeGuessesPerPerson.over(`codes:${key}`),
  count: (key: string) => codeGuessesPerPerson.hit(`codes:${key}`),
};

export const addressOf = (context: Readonly<RouterContextProvider>) => addressKey(context);
const signInsPerAddress = windowLimiter(() => getConfig().signInRateLimit);

export const limitChangesPerPerson: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const viewer = context.get(viewerContext);
  if (SAFE_METHODS.has(request.method) || !viewer || viewer === "unavailable") return next();
  const over = await changesPerPerson.hit(`person:${viewer.id}`);
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

/** Called first by the login action, so every way in counts; a successful callback is not counted again. */
export async function countSignIn(
  context: Readonly<RouterContextProvider>,
): Promise<{ headers: HeadersInit } | null> {
  return refusal(await signInsPerAddress.hit(addressKey(context)));
}

export async function signInCallbackRefused(
  context: Readonly<RouterContextProvider>,
): Promise<{ headers: HeadersInit } | null> {
  return refusal(await signInsPerAddress.over(addressKey(context)));
}

export async function countFailedSignIn(context: Readonly<RouterContextProvider>): Promise<void> {
  await signInsPerAddress.hit(addressKey(context));
}
