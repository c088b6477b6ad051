import { randomBytes } from "node:crypto";
import { serialize } from "cookie-es";
import { MemoryStore, type Options } from "express-rate-limit";
import { createContext, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { viewerContext } from "./auth/context.server";
import { readCookie } from "./cookies";
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

/** Keyed by person at checkout; the pricing page's link check uses `linkGuesses`. */
export const codeGuesses = {
  over: (key: string) => codeGuessesPerPerson.over(`codes:${key}`),
  count: (key: string) => codeGuessesPerPerson.hit(`codes:${key}`),
};

/**
 * Unknown codes in pricing links from one address a minute, whoever sends them: a ceiling for a script that
 * drops its cookie, high enough that a lecture hall behind one campus address never meets it.
 */
export const CODE_GUESSES_PER_ADDRESS_PER_MINUTE = 300;
const codeGuessesPerAddress = windowLimiter(() => CODE_GUESSES_PER_ADDRESS_PER_MINUTE);
export const CODE_CHECK_LATER =
  "We couldn't check this code just now: too many codes were tried from here. Please try again in a minute.";

/** A random id per browser, so one browser's guesses don't hold back the others behind its address. */
export const BROWSER_COOKIE = "browser";
const BROWSER_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * Whose guesses a pricing link's check counts against (docs/decisions/0049-code-refusals.md): the person
 * signed in (the checkout's own count), else the browser, by a cookie set here when it has none; and every
 * unknown code against the address too, under CODE_GUESSES_PER_ADDRESS_PER_MINUTE.
 */
export async function linkGuesses(context: Readonly<RouterContextProvider>, request: Request) {
  const viewer = context.get(viewerContext);
  const person = viewer && viewer !== "unavailable" ? viewer.id : null;
  const sent = readCookie(request, BROWSER_COOKIE);
  const browser = sent && BROWSER_ID.test(sent) ? sent : randomBytes(16).toString("base64url");
  const key = person ?? `browser:${browser}`;
  const address = `codes:${addressKey(context)}`;
  const over = (await codeGuesses.over(key)) ?? (await codeGuessesPerAddress.over(address));
  return {
    over: over !== null,
    /** An unknown code: one guess for this person or browser, and for its address. */
    count: async () => {
      await Promise.all([codeGuesses.count(key), codeGuessesPerAddress.hit(address)]);
    },
    /** For a browser not yet known; nothing for a person signed in. */
    setCookie:
      person || browser === sent
        ? null
        : serialize(BROWSER_COOKIE, browser, {
            path: "/",
            httpOnly: true,
            sameSite: "lax",
            secure: getConfig().publicOrigin.startsWith("https:"),
          }),
  };
}
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
