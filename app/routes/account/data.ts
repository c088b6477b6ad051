import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { exportPersonData } from "~/server/models/data-rights.server";
import { routeAccess } from "~/server/route-access";
import type { Route } from "./+types/data";

export const access = routeAccess({ loader: { access: "signed-in-api", policy: "self.export" } });

// The signed-in person's data as a JSON download (docs/decisions/0016-data-rights.md).
export async function loader({ context }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  const exported = await exportPersonData(await getDb(), permitFor(context, "self.export"));
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      ...headers,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="my-data.json"',
    },
  });
}
