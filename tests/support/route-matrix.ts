import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { accessTable } from "~/server/auth/access.server";
import { declarationOf, type Handler, handlersOf, type RouteAccess } from "~/server/route-access";
import { TEST_CAL_SECRET } from "./cal";
import { assertBuilt, freshDataDir, repoRoot, serverBuildFile, startServer } from "./server-process";
import { describeOutcome, type Expectation, expectedOutcome, PERSONS, SPEC_ACCESS } from "./spec-access";

// The built server's routes checked against the spec's table of answers (tests/support/spec-access.ts).

export type BuiltRoute = {
  id: string;
  parentId: string | undefined;
  path: string;
  index: boolean;
  pathless: boolean;
  access: RouteAccess | null;
  /** The route module's source file. */
  file: string | null;
};

/** The built server's routes and modules; no build fails at once, saying how to make one. */
export async function serverBuild(): Promise<ServerBuild> {
  assertBuilt();
  return (await import(pathToFileURL(serverBuildFile).href)) as ServerBuild;
}

/**
 * The built server the route-matrix suites run against (tests/system/authorization-matrix.test.ts,
 * html-validity-roles.test.ts): every person signs in from this one address, so sign-ins are not limited;
 * Cal.com's test secret; `sessionSecret`, the suite's own, for the tokens it makes (unsubscribe, booking).
 */
export function startMatrixServer(dataDirPrefix: string, sessionSecret: string) {
  return startServer({
    dataDir: freshDataDir(dataDirPrefix),
    env: { SIGN_IN_RATE_LIMIT: "100000", SESSION_SECRET: sessionSecret, CAL_WEBHOOK_SECRET: TEST_CAL_SECRET },
  });
}

export async function builtRoutes(build?: ServerBuild): Promise<Map<string, BuiltRoute>> {
  const manifest = (build ?? (await serverBuild())).routes;
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
      access: declarationOf(module),
      file: file ?? null,
    });
  }
  return routes;
}

export type MatrixRow = {
  routeId: string;
  method: "GET" | "POST";
  intent: string | null;
  declared: Handler;
  /** Undefined: the spec table lacks the row, a completeness failure. */
  expected: Expectation | undefined;
};

export const rowKey = (row: Pick<MatrixRow, "routeId" | "method" | "intent">) =>
  `${row.routeId} ${row.method}${row.intent ? ` ${row.intent}` : ""}`;

export function matrixRows(routes: Map<string, BuiltRoute>): MatrixRow[] {
  return [...routes.values()].flatMap((route) =>
    route.access
      ? handlersOf(route.access).map(({ method, intent, handler }) => {
          const row = { routeId: route.id, method, intent, declared: handler };
          return { ...row, expected: SPEC_ACCESS[rowKey(row)] };
        })
      : [],
  );
}

/**
 * Everything that keeps the matrix from covering the app, one line each (empty when complete): what
 * the access middleware itself refuses to serve (a route without a declaration, an action or intent
 * its declaration misses, a child whose guard differs from its layout's; app/server/auth/access.server.ts),
 * a module that reads `intent` without declaring its intents (app/server/intents.server.ts), and a declared request without a row in the
 * spec's table, or a spec row for a request that is gone.
 */
export function completenessProblems(build: ServerBuild, routes: Map<string, BuiltRoute>): string[] {
  const problems = [...accessTable(build.routes).problems];
  for (const route of routes.values()) {
    const source = route.file ? readFileSync(route.file, "utf8") : "";
    const action = route.access && "loader" in route.access ? route.access.action : undefined;
    if (/\.get\(\s*["']intent["']\s*\)/.test(source) && !(action && "intents" in action)) {
      problems.push(`${route.id}: its action reads the form field "intent" but declares no intents`);
    }
  }
  const rows = matrixRows(routes);
  for (const row of rows) {
    const { expected, declared } = row;
    if (!expected) {
      problems.push(`${rowKey(row)}: no row in tests/support/spec-access.ts`);
      continue;
    }
    // A wrong declaration whose model call still asks the right permit answers correctly: only this catches it.
    const says = (guard: string, action?: string, otherwise?: string) =>
      [guard, action, otherwise].filter(Boolean).join(" · ");
    const spec = says(expected.guard, expected.needs, expected.otherwise);
    const own = says(declared.access, declared.policy, declared.otherwise);
    if (spec !== own) problems.push(`${rowKey(row)}: declares ${own}, the spec says ${spec}`);
  }
  const keys = new Set(rows.map(rowKey));
  for (const key of Object.keys(SPEC_ACCESS)) {
    if (!keys.has(key))
      problems.push(`${key}: a row in tests/support/spec-access.ts for a request no route declares`);
  }
  return problems;
}

export function rowLabel(row: MatrixRow, routes: Map<string, BuiltRoute>): string {
  const route = routes.get(row.routeId);
  const where = route?.path ?? row.routeId;
  return `${row.method} ${where}${row.intent ? ` intent=${row.intent}` : ""}`;
}

export function matrixMarkdown(routes: Map<string, BuiltRoute>): string {
  const lines = [
    `| request | declared (guard · policy) | ${PERSONS.join(" | ")} |`,
    `| --- | --- | ${PERSONS.map(() => "---").join(" | ")} |`,
  ];
  for (const row of matrixRows(routes)) {
    const rule = [row.declared.access, row.declared.policy].filter(Boolean).join(" · ");
    const cells = PERSONS.map((person) =>
      row.expected ? describeOutcome(expectedOutcome(row.expected, person)) : "?",
    );
    lines.push(`| \`${rowLabel(row, routes)}\` | ${rule} | ${cells.join(" | ")} |`);
  }
  return lines.join("\n");
}
