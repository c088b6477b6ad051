import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db.server";
import { refuse } from "../refusal.server";
import { profiles } from "../schema";
import type { ChangeBy } from "./audit.server";

/** Serialises changes to one client. */
export async function lockClient(tx: DbOrTx, _by: ChangeBy, clientId: string) {
  const [client] = await tx
    .select({ id: profiles.id, role: profiles.role, plan: profiles.plan })
    .from(profiles)
    .where(eq(profiles.id, clientId))
    .for("update");
  if (!client) refuse("No one with that id.", 404);
  if (client.role !== "client" && client.role !== "lead") {
    refuse("Only leads and clients have coaching records.", 400);
  }
  return client;
}
