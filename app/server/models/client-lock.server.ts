import { eq } from "drizzle-orm";
import { data } from "react-router";
import type { DbOrTx } from "../db.server";
import { profiles } from "../schema";
import type { ChangeBy } from "./audit.server";

// A client's records as the coach and admin change them (one file per kind of record). Each function
// takes the permit its read or change needs (app/server/policy.server.ts); each change is done in one
// transaction with its audit row, and refused whole when a rule says no.

/**
 * Locks the client's profile row for the transaction, inside a change its permit allowed (or a
 * system's, a Cal.com booking): changes to one client are serialised.
 */
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
