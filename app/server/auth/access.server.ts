import { data, type MiddlewareFunction, redirect, type ServerBuild } from "react-router";
import { can } from "~/domain/policy";
import { safeRedirect, type Viewer } from "~/domain/viewer";
import { logger } from "../logger.server";
import { forbidden } from "../policy.server";
import {
  declarationOf,
  type Guard,
  type Handler,
  handlersOf,
  type IntentAccess,
  type RouteAccess,
} from "../route-access";
import { requireViewer, type ViewerState, viewerContext } from "./context.server";

// The one place access is enforced (docs/decisions/0026-access-declared-per-route.md): by the router's
// own route pattern, before any loader or action runs; an undeclared route answers 500.

type BuiltRoutes = ServerBuild["routes"];

type Served = { id: string; layouts: { id: string; guard: Guard }[]; access: RouteAccess | null };

export type AccessTable = {
  byPattern: Map<string, Served>;
  problems: string[];
  broken: Set<string>;
};

/** The router's pattern spelling, without edge slashes. */
const patternOf = (paths: (string | undefined)[]) =>
  paths
    .filter(Boolean)
    .join("/")
    .replace(/\/\/+/g, "/")
    .replace(/^\/|\/$/g, "");

export function accessTable(routes: BuiltRoutes): AccessTable {
  const byPattern = new Map<string, Served>();
  const problems: string[] = [];
  const broken = new Set<string>();
  const problem = (id: string, text: string) => {
    problems.push(`${id}: ${text}`);
    broken.add(id);
  };
  const declared = (id: string) => {
    const module = routes[id]?.module as unknown as Record<string, unknown> | undefined;
    return module ? declarationOf(module) : null;
  };
  for (const [id, route] of Object.entries(routes)) {
    if (!route) continue;
    const module = route.module as unknown as Record<string, unknown>;
    const access = declared(id);
    const twice =
      (module.action as { access?: unknown } | undefined)?.access &&
      (module.access as { action?: unknown } | undefined)?.action;
    if (twice) problem(id, "declares its action's access twice: in `access` and by `intentAction`");
    const pathless = route.index !== true && !route.path;
    if (!access) {
      problem(id, "exports no valid `access` declaration (app/server/route-access.ts), so it does not serve");
      if (pathless) continue;
    }
    if (pathless) {
      if (access && !("layout" in access))
        problem(id, "a layout (no URL of its own): declare { layout: guard }");
      continue;
    }
    const chain: NonNullable<BuiltRoutes[string]>[] = [];
    for (let at: string | undefined = id; at; at = routes[at]?.parentId) {
      const r = routes[at];
      if (r) chain.unshift(r);
    }
    const layouts = chain.flatMap((r) => {
      const a = declared(r.id);
      return r.id !== id && a && "layout" in a ? [{ id: r.id, guard: a.layout }] : [];
    });
    const pattern = patternOf(chain.map((r) => r.path));
    const other = byPattern.get(pattern);
    if (other) problem(id, `answers the same URLs as ${other.id}`);
    byPattern.set(pattern, { id, layouts, access });
    if (!access) continue;
    if ("layout" in access) {
      problem(id, "has a URL, so it declares { loader } (and { action } if it has one), not { layout }");
      continue;
    }
    const hasAction = typeof module.action === "function";
    if (hasAction && !access.action) problem(id, "exports an action its declaration does not mention");
    if (!hasAction && access.action) problem(id, "declares an action the module does not have");
    // Its intent would be read from a body that streams (app/server/files/upload.server.ts).
    if (module.streamsUploads === true && access.action && "intents" in access.action)
      problem(id, "streams uploads, so its action is one handler, not intents");
    for (const layout of layouts) {
      if (layout.guard === "public") continue;
      for (const row of handlersOf(access)) {
        if (row.handler.access !== layout.guard) {
          problem(
            id,
            `${row.method}${row.intent ? ` ${row.intent}` : ""} says ${row.handler.access} behind ${layout.id} (${layout.guard})`,
          );
        }
      }
    }
  }
  return { byPattern, problems, broken };
}

const MUTATION = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The handler a request runs: the loader's, the action's, or its intent's (`{ shared }`: unknown intent). */
async function handlerFor(access: Exclude<RouteAccess, { layout: Guard }>, request: Request) {
  if (!MUTATION.has(request.method)) return access.loader;
  const action = access.action;
  if (!action) throw data(null, { status: 405, statusText: "Method Not Allowed" });
  if (!("intents" in action)) return action;
  return intentHandler(action, request);
}

async function intentHandler(action: IntentAccess, request: Request): Promise<Handler | { shared: Guard }> {
  // The action reads the body itself; this reads a copy (bounded to 1 MB before the app).
  const form = await request
    .clone()
    .formData()
    .catch(() => null);
  const named = form?.get("intent");
  // As the actions read it: a known intent, else the default (none: the action refuses it).
  const intent = typeof named === "string" && Object.hasOwn(action.intents, named) ? named : action.default;
  const handler = intent === undefined ? undefined : action.intents[intent];
  if (handler) return handler;
  // Unknown: only the guard every intent shares (the action answers "Unknown action.").
  const guards = new Set(Object.values(action.intents).map((h) => h.access));
  return { shared: guards.size === 1 ? ([...guards][0] as Guard) : "none" };
}

const apiRefusal = (status: 401 | 503, text: string) =>
  new Response(text, {
    status,
    headers: { "Cache-Control": "no-store", ...(status === 503 ? { "Retry-After": "5" } : {}) },
  });

function guard(
  guard: Guard,
  request: Request,
  state: ViewerState,
  answers?: 404 | 405,
): Response | undefined {
  switch (guard) {
    case "public":
      return;
    case "guest":
      // docs/product/screens.md, Login: a signed-in visitor goes on to where they were headed.
      if (state && state !== "unavailable")
        throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
      return;
    case "signed-in":
      requireViewer(request, state);
      return;
    case "signed-in-api":
      if (state === "unavailable") return apiRefusal(503, "The site can't reach its database right now.");
      if (!state) return apiRefusal(401, "Sign in first.");
      return;
    case "portal":
      // Admins and coaches have no plan of their own: their home is the admin area (docs/decisions/0012-portal.md).
      if (can(requireViewer(request, state), "admin.enter")) throw redirect("/admin");
      return;
    case "staff":
      if (!can(requireViewer(request, state), "admin.enter")) throw redirect("/dashboard");
      return;
    case "none": {
      const status = answers ?? 404;
      throw data(null, { status, statusText: status === 405 ? "Method Not Allowed" : "Not Found" });
    }
  }
}

export function enforceAccess(routes: () => Promise<BuiltRoutes>): MiddlewareFunction<Response> {
  let table: Promise<AccessTable> | null = null;
  const tableOnce = () => {
    table ??= routes().then((built) => {
      const made = accessTable(built);
      for (const text of made.problems)
        logger.error({ problem: text }, "route access: the route does not serve");
      return made;
    });
    return table;
  };
  const spelled = new Map<string, string>();
  return async ({ request, context, pattern }, next) => {
    const { byPattern, broken } = await tableOnce();
    let key = spelled.get(pattern);
    if (key === undefined) {
      key = patternOf([pattern]);
      spelled.set(pattern, key);
    }
    const served = byPattern.get(key);
    if (!served?.access || "layout" in served.access || broken.has(served.id)) {
      logger.error({ pattern, route: served?.id ?? null }, "route access: no valid declaration; refused");
      throw data("This page is not available.", { status: 500 });
    }
    const state = context.get(viewerContext);
    for (const layout of served.layouts) {
      const answer = guard(layout.guard, request, state);
      if (answer) return answer;
    }
    const handler = await handlerFor(served.access, request);
    if ("shared" in handler) {
      const answer = guard(handler.shared, request, state);
      return answer ?? next();
    }
    const answer = guard(handler.access, request, state, handler.answers);
    if (answer) return answer;
    const viewer: Viewer | null = state && state !== "unavailable" ? state : null;
    if (handler.policy && !can(viewer, handler.policy) && handler.otherwise !== "demo") {
      forbidden(handler.refused);
    }
    return next();
  };
}
