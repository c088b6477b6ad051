import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { exportPersonData } from "~/server/models/data-rights.server";
import { routeAccess } from "~/server/route-access";
import type { Route } from "./+types/data";

// Who may load this page (and use its action): enforced by app/server/auth/access.server.ts.
export const access = routeAccess({ loader: { access: "signed-in-api", policy: "self.export" } });

// GET /account/data: the signed-in person's data as a JSON download (docs/decisions/0016-data-rights.md).
export async function loader({ context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  // Signed out: 401; the database unreachable: 503 (the `signed-in-api` guard, before this runs).
  const exported = await exportPersonData(await getDb(), permitFor(context, "self.export"));
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="my-data.json"',
    },
  });
}
