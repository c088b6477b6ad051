import { viewerContext } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { exportPersonData } from "~/server/models/data-rights.server";
import type { Route } from "./+types/data";

// GET /account/data: the signed-in person's data as a JSON download (docs/decisions/0016-data-rights.md).
export async function loader({ context }: Route.LoaderArgs) {
  const state = context.get(viewerContext);
  const headers = { "Cache-Control": "no-store" };
  if (state === "unavailable") {
    return Response.json({ error: "The site can't reach its database right now." }, { status: 503, headers });
  }
  if (!state) return Response.json({ error: "Sign in to download your data." }, { status: 401, headers });
  const exported = await exportPersonData(await getDb(), state);
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="my-data.json"',
    },
  });
}
