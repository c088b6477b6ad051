import { viewerContext } from "~/server/auth/context.server";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/session";

export const access = routeAccess({ loader: PUBLIC });

// For pre-rendered pages, whose HTML cannot know who is signed in.
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
