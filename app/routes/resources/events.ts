import { currentViewer, sessionIdContext } from "~/server/auth/context.server";
import { openStream } from "~/server/entries/streams.server";
import { routeAccess } from "~/server/route-access";
import type { Route } from "./+types/events";

export const access = routeAccess({ loader: { access: "signed-in-api" } });

// Server-sent live updates (docs/decisions/0014-live-updates.md).
export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  // Not as `.data`: the router would wait for the stream to end, holding a connection that never answers.
  const url = new URL(request.url);
  if (url.pathname.endsWith(".data")) {
    return new Response("Live updates are at /events.", {
      status: 404,
      headers: { "Cache-Control": "no-store" },
    });
  }
  const since = url.searchParams.get("since");
  const renderedAt = since !== null && /^\d{1,15}$/.test(since) ? Number(since) : null;
  return openStream(request, viewer, context.get(sessionIdContext), renderedAt);
}
