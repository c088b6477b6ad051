import { RouterContextProvider, type ServerBuild } from "react-router";
import { describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { routeAccess, staff } from "../route-access";
import { accessTable, enforceAccess } from "./access.server";
import { viewerContext } from "./context.server";

// The access middleware on a small route tree of its own.

type Module = Record<string, unknown>;
const route = (
  id: string,
  parentId: string | undefined,
  path: string | undefined,
  module: Module,
  index = false,
) => ({
  id,
  parentId,
  path,
  index,
  module: module as never,
});
const noop = () => null;

function build(extra: Record<string, ReturnType<typeof route>> = {}): ServerBuild["routes"] {
  return {
    root: route("root", undefined, "", { access: routeAccess({ layout: "public" }) }),
    "routes/home": route(
      "routes/home",
      "root",
      undefined,
      { access: routeAccess({ loader: { access: "public" } }) },
      true,
    ),
    "routes/admin/layout": route("routes/admin/layout", "root", undefined, {
      access: routeAccess({ layout: "staff" }),
    }),
    "routes/admin/clients": route("routes/admin/clients", "routes/admin/layout", "admin/clients", {
      access: routeAccess({ loader: staff("profiles.list"), action: staff("lead.convert") }),
      loader: noop,
      action: noop,
    }),
    ...extra,
  } as unknown as ServerBuild["routes"];
}

const person = (role: Viewer["role"]): Viewer => ({
  id: "1",
  email: `${role}@example.com`,
  fullName: null,
  role,
  plan: null,
});

async function answer(routes: ServerBuild["routes"], pattern: string, viewer: Viewer | null, method = "GET") {
  const context = new RouterContextProvider();
  context.set(viewerContext, viewer);
  const request = new Request(`http://site.test${pattern}`, {
    method,
    body: method === "GET" ? undefined : "",
  });
  const middleware = enforceAccess(async () => routes);
  try {
    const result = await middleware(
      { request, context, params: {}, pattern, url: new URL(request.url) } as never,
      async () => new Response("served"),
    );
    return result instanceof Response ? `${result.status} ${await result.text()}` : "none";
  } catch (thrown) {
    if (thrown instanceof Response) return `${thrown.status} → ${thrown.headers.get("Location")}`;
    const refusal = thrown as { init?: { status?: number } };
    return `${refusal.init?.status} thrown`;
  }
}

describe("enforcement", () => {
  test("a declared route serves whom its declaration allows, and no one else", async () => {
    expect(await answer(build(), "/admin/clients", person("coach"))).toBe("200 served");
    expect(await answer(build(), "/admin/clients", person("client"))).toBe("302 → /dashboard");
    expect(await answer(build(), "/admin/clients", null)).toBe("302 → /login?redirectTo=%2Fadmin%2Fclients");
    expect(await answer(build(), "/admin/clients", person("coach"), "POST")).toBe("403 thrown");
    expect(await answer(build(), "/admin/clients", person("admin"), "POST")).toBe("200 served");
    expect(await answer(build(), "/", null)).toBe("200 served");
  });

  test("a route without a declaration does not serve, to anyone, and is named", async () => {
    const routes = build({
      "routes/forgotten": route("routes/forgotten", "root", "forgotten", { loader: noop }),
    });
    expect(await answer(routes, "/forgotten", person("admin"))).toBe("500 thrown");
    expect(accessTable(routes).problems).toEqual([
      "routes/forgotten: exports no valid `access` declaration (app/server/route-access.ts), so it does not serve",
    ]);
  });

  test("a declaration its module contradicts does not serve either", async () => {
    const routes = build({
      "routes/admin/sneaky": route("routes/admin/sneaky", "routes/admin/layout", "admin/sneaky", {
        access: routeAccess({ loader: { access: "public" } }),
        loader: noop,
        action: noop,
        INTENTS: ["x"],
      }),
    });
    expect(await answer(routes, "/admin/sneaky", person("admin"))).toBe("500 thrown");
    expect(accessTable(routes).problems).toEqual([
      "routes/admin/sneaky: exports an action its declaration does not mention",
      "routes/admin/sneaky: intents without a declaration: x",
      "routes/admin/sneaky: GET says public behind routes/admin/layout (staff)",
    ]);
  });

  test("an unknown URL pattern does not serve", async () => {
    expect(await answer(build(), "/nowhere", person("admin"))).toBe("500 thrown");
  });
});
