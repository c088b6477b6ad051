import { discardBody } from "~/server/action-result.server";
import { viewerContext } from "~/server/auth/context.server";
import { signOutEverywhere } from "~/server/auth/session.server";
import { getDb } from "~/server/db.server";
import { logger } from "~/server/logger.server";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/sign-out";

export const access = routeAccess({ loader: { access: "none", answers: 405 }, action: PUBLIC });

// JSON, so the page can say how it went.
export async function action({ request, context }: Route.ActionArgs) {
  await discardBody(request);
  const viewer = context.get(viewerContext);
  const userId = viewer && viewer !== "unavailable" ? viewer.id : null;
  const { headers, error } = await signOutEverywhere(getDb, request, userId, logger);
  return Response.json(error ? { ok: false, error } : { ok: true }, { status: error ? 503 : 200, headers });
}

export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}
