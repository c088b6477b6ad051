import { eq } from "drizzle-orm";
import { data } from "react-router";
import type { DbOrTx } from "../db.server";
import { profiles } from "../schema";
import type { ChangeBy } from "./audit.server";

/** Serialises changes to one client. */
export async function lockClient(tx: DbOrTx, _by: ChangeBy, clientId: string) {
  const [client] = await tx
    .select({ id: profiles.id, role: profiles.role, plan: profiles.plan })
    .from(profiles)
    .where(eq(profiles.id, clientId))
    .for("update");
  if (!client) throw data({ error: "No one with that id." }, { status: 404 });
  if (client.role !== "client" && client.role !== "lead") {
    throw data({ error: "Only leads and clients have coaching records." }, { status: 400 });
  }
  return client;
}
