import {
  createContext,
  data,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { isStaff, type Viewer } from "~/domain/viewer";
import { getDatabase } from "../db.server";
import { logger } from "../logger.server";
import { listenForPageChanges } from "../page-cache.server";
import { hasSessionCookie, readSessionCached } from "./session.server";
import { listenForSessionChanges } from "./session-cache.server";

/**
 * Who is asking, set once per request by the root middleware:
 * a Viewer, null when signed out, or "unavailable" when the database could not be asked.
 */
export type ViewerState = Viewer | null | "unavailable";
export const viewerContext = createContext<ViewerState>(null);
export const sessionIdContext = createContext<string | null>(null);

/**
 * Root middleware: reads the session (only when there is a cookie: pre-rendering never opens the
 * database), through the session cache, which listens on the live-updates bus for sign-outs and
 * role or plan changes (./session-cache.server.ts).
 */
export const loadViewer: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (!hasSessionCookie(request)) return next();
  let renewedCookie: string | null = null;
  try {
    const { db, bus } = await getDatabase();
    listenForSessionChanges(bus);
    listenForPageChanges(bus);
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

/** The signed-in person, or a redirect to /login that remembers where they were going. */
export function requireViewer(request: Request, state: ViewerState): Viewer {
  if (state === "unavailable") databaseUnavailable();
  if (!state) throw redirect(loginPath(request));
  return state;
}

/** Admin-area guard: admin or coach; signed out → /login, anyone else → /dashboard. */
export const requireStaff: MiddlewareFunction<Response> = ({ request, context }, next) => {
  const viewer = requireViewer(request, context.get(viewerContext));
  if (!isStaff(viewer.role)) throw redirect("/dashboard");
  return next();
};

/** The viewer for a loader or action under a guard. */
export function currentViewer(context: Readonly<RouterContextProvider>): Viewer {
  const state = context.get(viewerContext);
  if (!state || state === "unavailable") throw new Error("currentViewer used outside a guarded route");
  return state;
}
