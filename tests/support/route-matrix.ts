import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import {
  describeOutcome,
  expectedOutcome,
  type Guard,
  type MatrixRow,
  matrixRows,
  PERSONS,
  type RouteAccess,
} from "~/server/route-access";
import { repoRoot, serverBuildFile } from "./server-process";
import { SPEC_ROLES } from "./spec-roles";

// The routes as the built server has them (ids, the tree, what each module exports), checked against
// the authorization matrix in app/server/route-access.ts; and the matrix rendered as a table.

export type BuiltRoute = {
  id: string;
  parentId: string | undefined;
  /** The full URL pattern, `/admin/clients/:id`. */
  path: string;
  index: boolean;
  /** No URL of its own: a layout (or the root). */
  pathless: boolean;
  hasLoader: boolean;
  hasAction: boolean;
  /** The module's exported `INTENTS`, when its action dispatches on a form field `intent`. */
  intents: readonly string[] | null;
  /** The route module's source file. */
  file: string | null;
};

/** Every route of the build in `$BUILD_DIR` (the same routes as app/routes.ts, with their ids). */
export async function builtRoutes(): Promise<Map<string, BuiltRoute>> {
  const build = (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
  const manifest = build.routes;
  const fullPath = (id: string | undefined): string => {
    const route = id ? manifest[id] : undefined;
    if (!route) return "";
    const parent = fullPath(route.parentId);
    return route.path ? `${parent.replace(/\/$/, "")}/${route.path}` : parent;
  };
  const routes = new Map<string, BuiltRoute>();
  for (const [id, route] of Object.entries(manifest)) {
    if (!route) continue;
    const module = route.module as unknown as Record<string, unknown>;
    const intents = module.INTENTS;
    // `routes/x.tsx`, or a route folder's `routes/x/route.tsx` (its id set to the folder's in app/routes.ts).
    const file = [".tsx", ".ts", "/route.tsx", "/route.ts"]
      .map((ext) => path.join(repoRoot, "app", `${id}${ext}`))
      .find(existsSync);
    routes.set(id, {
      id,
      parentId: route.parentId,
      path: fullPath(id) || "/",
      index: route.index === true,
      pathless: route.index !== true && !route.path,
      hasLoader: typeof module.loader === "function",
      hasAction: typeof module.action === "function",
      intents: Array.isArray(intents) ? (intents as string[]) : null,
      file: file ?? null,
    });
  }
  return routes;
}

/** The nearest layout above a route that has a guard in the table (the root's is `public`). */
function layoutGuard(
  routes: Map<string, BuiltRoute>,
  table: Readonly<Record<string, RouteAccess>>,
  id: string,
): { id: string; guard: Guard } | null {
  let parentId = routes.get(id)?.parentId;
  while (parentId) {
    const entry = table[parentId];
    if (entry && "layout" in entry) return { id: parentId, guard: entry.layout };
    parentId = routes.get(parentId)?.parentId;
  }
  return null;
}

/**
 * Everything that keeps the matrix from covering the app, one line each (empty when complete): a route
 * without an entry, an entry for a route that no longer exists, an action or intent without a row (or
 * a row for one that is gone), a module that reads `intent` without exporting INTENTS, and a handler
 * behind a portal or admin layout that does not name that layout's guard.
 */
export function completenessProblems(
  routes: Map<string, BuiltRoute>,
  table: Readonly<Record<string, RouteAccess>>,
): string[] {
  const problems: string[] = [];
  for (const id of routes.keys()) {
    if (!(id in table)) problems.push(`${id}: a route without an entry in ROUTE_ACCESS`);
  }
  for (const id of Object.keys(table)) {
    if (!routes.has(id)) problems.push(`${id}: an entry in ROUTE_ACCESS for a route that does not exist`);
  }
  for (const [id, entry] of Object.entries(table)) {
    const route = routes.get(id);
    if (!route) continue;
    if ("layout" in entry) {
      if (!route.pathless) problems.push(`${id}: has a URL, so it needs a loader entry`);
      // A layout's loader runs with every GET below it (those rows cover it); its action is unreachable.
      if (route.hasAction) problems.push(`${id}: a layout with an action of its own`);
      continue;
    }
    if (route.pathless) problems.push(`${id}: a layout (no URL of its own): give it { layout: guard }`);
    const action = entry.action;
    if (route.hasAction && !action) problems.push(`${id}: exports an action without an entry`);
    if (!route.hasAction && action) problems.push(`${id}: an action entry, but the module has no action`);
    const source = route.file ? readFileSync(route.file, "utf8") : "";
    if (/\.get\(\s*["']intent["']\s*\)/.test(source) && !route.intents) {
      problems.push(`${id}: its action reads the form field "intent" but the module exports no INTENTS`);
    }
    if (action && route.intents) {
      const listed = "intents" in action ? Object.keys(action.intents) : [];
      for (const intent of route.intents) {
        if (!listed.includes(intent)) problems.push(`${id}: intent "${intent}" has no entry`);
      }
      for (const intent of listed) {
        if (!route.intents.includes(intent))
          problems.push(`${id}: entry for intent "${intent}", not in INTENTS`);
      }
    } else if (action && "intents" in action) {
      problems.push(`${id}: entries per intent, but the module exports no INTENTS`);
    }
    const layout = layoutGuard(routes, table, id);
    if (layout && layout.guard !== "public") {
      for (const row of matrixRows({ [id]: entry })) {
        if (row.handler.access !== layout.guard) {
          problems.push(
            `${id} ${row.method}${row.intent ? ` ${row.intent}` : ""}: behind ${layout.id} (${layout.guard}) but says ${row.handler.access}`,
          );
        }
      }
    }
  }
  return problems;
}

/** The request a row stands for, for people: `GET /admin/clients/:id`, `POST /login intent=local`. */
export function rowLabel(row: MatrixRow, routes: Map<string, BuiltRoute>): string {
  const route = routes.get(row.routeId);
  const where = route?.path ?? row.routeId;
  return `${row.method} ${where}${row.intent ? ` intent=${row.intent}` : ""}`;
}

/** The matrix as a Markdown table: one row per GET, action and intent; one column per kind of person. */
export function matrixMarkdown(
  routes: Map<string, BuiltRoute>,
  table: Readonly<Record<string, RouteAccess>>,
): string {
  const lines = [
    `| request | guard · policy | ${PERSONS.join(" | ")} |`,
    `| --- | --- | ${PERSONS.map(() => "---").join(" | ")} |`,
  ];
  for (const row of matrixRows(table)) {
    const { handler } = row;
    const rule = [handler.access, handler.policy, handler.owned ? "own rows" : undefined]
      .filter(Boolean)
      .join(" · ");
    const cells = PERSONS.map((person) => describeOutcome(expectedOutcome(handler, person, SPEC_ROLES)));
    lines.push(`| \`${rowLabel(row, routes)}\` | ${rule} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}
