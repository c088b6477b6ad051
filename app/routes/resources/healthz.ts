import { getDatabase, pingDatabase } from "~/server/db.server";
import { PUBLIC, routeAccess } from "~/server/route-access";

export const access = routeAccess({ loader: PUBLIC });

export async function loader() {
  const headers = { "Cache-Control": "no-store" };
  try {
    const { db } = await getDatabase();
    await pingDatabase(db);
    return Response.json({ status: "ok" }, { headers });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return Response.json({ status: "unavailable", reason: `database: ${reason}` }, { status: 503, headers });
  }
}
