import { currentViewer, sessionIdContext } from "~/server/auth/context.server";
import { openStream } from "~/server/live/streams.server";
import { routeAccess } from "~/server/route-access";
import type { Route } from "./+types/events";

// Who may load this page (and use its action): enforced by app/server/auth/access.server.ts.
export const access = routeAccess({ loader: { access: "signed-in-api" } });

// GET /events: live updates for a signed-in person, as server-sent events
// (docs/decisions/0014-live-updates.md). 429 past the per-person cap, 404 as `/events.data`.
export async function loader({ request, context }: Route.LoaderArgs) {
  // Signed out: 401; the database unreachable: 503 (the `signed-in-api` guard, before this runs).
  const viewer = currentViewer(context);
  // A stream is opened at /events itself: as a `.data` request the router would wait for it to end,
  // holding a connection and a listener that never answer.
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) {
    return new Response("Live updates are at /events.", {
      status: 404,
      headers: { "Cache-Control": "no-store" },
    });
  }
  // `?since=`: when the page's data was read (`window.__liveSince`, app/entry.server.tsx); anything else is no time.
  const since = url.searchParams.get("since");
  const renderedAt = since !== null && /^\d{1,15}$/.test(since) ? Number(since) : null;
  return openStream(request, viewer, context.get(sessionIdContext), renderedAt);
}
