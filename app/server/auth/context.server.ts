import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import type { Viewer } from "~/domain/viewer";
import { getDatabase } from "../db.server";
import { logger } from "../logger.server";
import { type Action, authorize, grant, type Permit } from "../policy.server";
import { hasSessionCookie, readSessionCached } from "./session.server";
import { listenForSessionChanges } from "./session-cache.server";

/** A Viewer, null when signed out, or "unavailable" when the database could not be asked. */
export type ViewerState = Viewer | null | "unavailable";
export const viewerContext = createContext<ViewerState>(null);
export const sessionIdContext = createContext<string | null>(null);
/** When this request began reading (ms): its live stream catches up from here (docs/decisions/0037-live-catch-up.md). */
export const readStartContext = createContext<number | null>(null);

// Reads the session only when there is a cookie, so pre-rendering never opens the database.
export const loadViewer: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!hasSessionCookie(request)) return next();
  context.set(readStartContext, Date.now());
  let renewedCookie: string | null = null;
  try {
    const { db, bus } = await getDatabase();
    listenForSessionChanges(bus);
    const found = await readSessionCached(db, request);
    if (found) {
      context.set(viewerContext, found.viewer);
      context.set(sessionIdContext, found.sessionId);
      renewedCookie = found.renewedCookie;
    }
  } catch (error) {
    logger.error({ err: (error as Error).message }, "session lookup failed");
    context.set(viewerContext, "unavailable");
  }
  const response = await next();
  if (renewedCookie) response.headers.append("Set-Cookie", renewedCookie);
  return response;
};

function databaseUnavailable(): never {
  throw data("The site can't reach its database right now.", { status: 503 });
}

export function loginPath(request: Request): string {
  const url = new URL(request.url);
  // A data request (a fetcher, a client navigation) names the page it serves: return to the page.
  const pathname = url.pathname === "/_root.data" ? "/" : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete("index");
  const target = `${pathname}${url.search}`;
  return `/login?${new URLSearchParams({ redirectTo: target })}`;
}

export function requireViewer(request: Request, state: ViewerState): Viewer {
  if (state === "unavailable") databaseUnavailable();
  if (!state) throw redirect(loginPath(request));
  return state;
}

export function currentViewer(context: Readonly<RouterContextProvider>): Viewer {
  const state = context.get(viewerContext);
  if (!state || state === "unavailable") throw new Error("currentViewer used outside a guarded route");
  return state;
}

/**
 * The route's declaration already asked POLICY; asking again is what makes the permit (403 when a
 * declaration names another action than the code uses).
 */
export function permitFor<A extends Action>(context: Readonly<RouterContextProvider>, action: A): Permit<A> {
  return authorize(currentViewer(context), action);
}

export function permitIf<A extends Action>(
  context: Readonly<RouterContextProvider>,
  action: A,
): Permit<A> | null {
  const state = context.get(viewerContext);
  return grant(state === "unavailable" ? null : state, action);
}
