import { eq } from "drizzle-orm";
import { refuse } from "../refusal.server";
import { profiles } from "../schema";
import type { ChangeBy, Tx } from "./audit.server";

// A client's records as the coach and admin change them (one file per kind of record). Each function
// takes the permit its read or change needs (app/server/policy.server.ts); each change is done in one
// transaction with its audit row, and refused whole when a rule says no.

/**
 * Locks the client's profile row for the transaction, inside a change its permit allowed (or a
 * system's, a Cal.com booking): changes to one client are serialised.
 */
export async function lockClient(tx: Tx, _by: ChangeBy, clientId: string) {
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
