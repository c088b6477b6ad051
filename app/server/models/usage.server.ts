import { and, eq, sql } from "drizzle-orm";
import { data } from "react-router";
import { allowance, effectivePlan, isQuotaKind, minutesFor, type ServiceKind } from "~/domain/plans";
import { DECREMENT_BELOW_ZERO } from "~/domain/usage";
import type { Db } from "../db.server";
import { publishChange } from "../live/bus.server";
import { forbidden, type Permit } from "../policy.server";
import { serviceUsage } from "../schema";
import { audit } from "./audit.server";
import { lockClient } from "./client-lock.server";

// A client's records as the coach and admin change them (one file per kind of record). Each function
// takes the permit its read or change needs (app/server/policy.server.ts); each change is done in one
// transaction with its audit row, and refused whole when a rule says no.

/** The POLICY action a change to `kind` needs: quotas are adjusted, special items marked. */
export function usagePermission(kind: ServiceKind): "usage.adjust" | "special-item.mark" {
  return isQuotaKind(kind) ? "usage.adjust" : "special-item.mark";
}

export async function usageFor(db: Db, _permit: Permit<"client.read">, clientId: string) {
  return db
    .select({ kind: serviceUsage.kind, amount: serviceUsage.amount })
    .from(serviceUsage)
    .where(eq(serviceUsage.clientId, clientId));
}

/**
 * +1 or −1 on a kind, as one ledger row. The total is read and the row written while the client's
 * row is locked, so concurrent clicks can neither go below zero nor lose an increment.
 * Counted kinds (sessions, mock interviews) are quotas; the others are special items (mark done / undo).
 */
export async function adjustUsage(
  db: Db,
  permit: Permit<"usage.adjust"> | Permit<"special-item.mark">,
  clientId: string,
  kind: ServiceKind,
  amount: 1 | -1,
) {
  const quota = isQuotaKind(kind);
  // Quotas need "usage.adjust"; special items "special-item.mark" (the caller asks by `usagePermission`).
  if (permit.action !== usagePermission(kind)) forbidden();
  const { actor } = permit;
  return db.transaction(async (tx) => {
    const client = await lockClient(tx, permit, clientId);
    const plan = effectivePlan(client.plan);
    if (allowance(plan, kind) <= 0) {
      throw data({ error: "That isn't part of this client's plan." }, { status: 400 });
    }
    const [row] = await tx
      .select({ used: sql<number>`coalesce(sum(${serviceUsage.amount}), 0)::int` })
      .from(serviceUsage)
      .where(and(eq(serviceUsage.clientId, clientId), eq(serviceUsage.kind, kind)));
    const before = Math.max(0, row?.used ?? 0);
    if (amount === -1 && before <= 0) throw data({ error: DECREMENT_BELOW_ZERO }, { status: 409 });
    if (!quota && amount === 1 && before >= 1) throw data({ error: "Already marked done." }, { status: 409 });
    await tx
      .insert(serviceUsage)
      .values({ clientId, kind, amount, minutes: minutesFor(kind, amount), createdBy: actor.id });
    const after = before + amount;
    await audit(tx, permit, {
      action: quota ? "usage.adjust" : amount === 1 ? "special-item.mark-done" : "special-item.undo",
      targetId: clientId,
      entity: "service_usage",
      before: { kind, used: before },
      after: { kind, used: after },
    });
    await publishChange(tx, { kind: "usage", clientId });
    return { kind, used: after };
  });
}
