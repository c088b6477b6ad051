import { getDatabase, pingDatabase } from "~/server/db.server";

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
