import { viewerContext } from "~/server/auth/context.server";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/session";

// Who may load this page (and use its action): enforced by app/server/auth/access.server.ts.
export const access = routeAccess({ loader: PUBLIC });

// Who is signed in, for pre-rendered pages whose HTML cannot know.
export function loader({ context }: Route.LoaderArgs) {
  const state = context.get(viewerContext);
  if (state === "unavailable") {
    return Response.json(
      { viewer: null, error: "unavailable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
  return Response.json({ viewer: state }, { headers: { "Cache-Control": "no-store", Vary: "Cookie" } });
}
