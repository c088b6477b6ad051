import { getDatabase, pingDatabase } from "~/server/db.server";
import { PUBLIC, routeAccess } from "~/server/route-access";

// Who may load this page (and use its action): enforced by app/server/auth/access.server.ts.
export const access = routeAccess({ loader: PUBLIC });

// 200 after a database round trip; 503 with the reason otherwise. Never cached.
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
