import { sessionIdContext, viewerContext } from "~/server/auth/context.server";
import { openStream } from "~/server/live/streams.server";
import type { Route } from "./+types/events";

// GET /events: live updates for a signed-in person, as server-sent events
// (docs/decisions/0014-live-updates.md). 401 signed out, 429 past the per-person cap, 503 when the
// database can't be asked, 404 as `/events.data`.
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = context.get(viewerContext);
  if (viewer === "unavailable") {
    return new Response("Live updates are unavailable right now.", {
      status: 503,
      headers: { "Retry-After": "5", "Cache-Control": "no-store" },
    });
  }
  if (!viewer) {
    return new Response("Sign in to receive live updates.", {
      status: 401,
      headers: { "Cache-Control": "no-store" },
    });
  }
  // A stream is opened at /events itself: as a `.data` request the router would wait for it to end,
  // holding a connection and a listener that never answer.
  if (new URL(request.url).pathname.endsWith(".data")) {
    return new Response("Live updates are at /events.", {
      status: 404,
      headers: { "Cache-Control": "no-store" },
    });
  }
  return openStream(request, viewer, context.get(sessionIdContext));
}
