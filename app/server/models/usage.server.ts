import { and, eq, sql } from "drizzle-orm";
import { allowance, effectivePlan, isQuotaKind, minutesFor, type ServiceKind } from "~/domain/plans";
import { DECREMENT_BELOW_ZERO } from "~/domain/usage";
import type { Db } from "../db.server";
import { publishChange } from "../live/bus.server";
import { notifyLastOneLeft } from "../mail/notify.server";
import { forbidden, type Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { refuse } from "../refusal.server";
import { serviceUsage } from "../schema";
import { auditChange, type SystemSource, type Tx } from "./audit.server";
import { lockClient } from "./client-lock.server";

// A client's records as the coach and admin change them (one file per kind of record). Each function
// takes the permit its read or change needs (app/server/policy.server.ts); each change is done in one
// transaction with its audit row, and refused whole when a rule says no.

/** The POLICY action a change to `kind` needs: quotas are adjusted, special items marked. */
export function usagePermission(kind: ServiceKind): "usage.adjust" | "special-item.mark" {
  return isQuotaKind(kind) ? "usage.adjust" : "special-item.mark";
}

const usageStatement = preparedPer((db) =>
  db
    .select({ kind: serviceUsage.kind, amount: serviceUsage.amount })
    .from(serviceUsage)
    .where(eq(serviceUsage.clientId, sql.placeholder("clientId")))
    .prepare("usage_of_client"),
);

/** A client's usage ledger (kind and amount per row): for staff (below) and the client's own pages. */
export function usageOf(db: Db, clientId: string) {
  return usageStatement(db).execute({ clientId });
}

export async function usageFor(db: Db, _permit: Permit<"client.read">, clientId: string) {
  return usageOf(db, clientId);
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
  // Quotas need "usage.adjust"; special items "special-item.mark" (the caller asks by `usagePermission`).
  if (permit.action !== usagePermission(kind)) forbidden();
  return db.transaction(async (tx) => {
    const result = await recordUsage(tx, permit, clientId, kind, amount);
    return { kind: result.kind, used: result.used };
  });
}

export type UsageChange = {
  kind: ServiceKind;
  /** The total after the change (or unchanged, when `changed` is false). */
  used: number;
  included: number;
  changed: boolean;
};

/**
 * The one writer of usage-ledger rows, inside the caller's transaction: the admin's +1/−1 (above) and a
 * booking's count and credit back (models/bookings.server.ts) both go through here. It locks the
 * client, checks the rules, inserts the row, writes the audit row and publishes the change.
 *
 * A refusal throws (the admin sees why), unless `skipRefused` is set: then a −1 that would go below
 * zero, a +1 beyond the plan's allowance, or a kind the plan doesn't include is not written and
 * `changed` is false (a booking is then flagged instead). `by`: the permit of the person who made the
 * change, or "cal.com" for a booking (the row then has no author and the trail says Cal.com).
 */
export async function recordUsage(
  tx: Tx,
  by: Permit<"usage.adjust"> | Permit<"special-item.mark"> | Permit<"bookings.resolve"> | SystemSource,
  clientId: string,
  kind: ServiceKind,
  amount: 1 | -1,
  options: { skipRefused?: boolean; withinPlan?: boolean; note?: Record<string, unknown> } = {},
): Promise<UsageChange> {
  const quota = isQuotaKind(kind);
  const client = await lockClient(tx, by, clientId);
  const included = allowance(effectivePlan(client.plan), kind);
  const [row] = await tx
    .select({ used: sql<number>`coalesce(sum(${serviceUsage.amount}), 0)::int` })
    .from(serviceUsage)
    .where(and(eq(serviceUsage.clientId, clientId), eq(serviceUsage.kind, kind)));
  const before = Math.max(0, row?.used ?? 0);
  const refused: [message: string, status: number] | null =
    included <= 0
      ? ["That isn't part of this client's plan.", 400]
      : amount === -1 && before <= 0
        ? [DECREMENT_BELOW_ZERO, 409]
        : !quota && amount === 1 && before >= 1
          ? ["Already marked done.", 409]
          : options.withinPlan && amount === 1 && before >= included
            ? ["That would go over the plan.", 409]
            : null;
  if (refused) {
    if (options.skipRefused) return { kind, used: before, included, changed: false };
    refuse(...refused);
  }
  const createdBy = typeof by === "string" ? null : by.actor.id;
  await tx
    .insert(serviceUsage)
    .values({ clientId, kind, amount, minutes: minutesFor(kind, amount), createdBy });
  const after = before + amount;
  await auditChange(tx, by, {
    action: quota ? "usage.adjust" : amount === 1 ? "special-item.mark-done" : "special-item.undo",
    targetId: clientId,
    entity: "service_usage",
    before: { kind, used: before },
    after: { kind, used: after, ...options.note },
  });
  // The client hears when a counted kind (sessions, mock interviews) is down to its last one.
  if (quota && amount === 1 && included - after === 1) await notifyLastOneLeft(tx, clientId, kind);
  await publishChange(tx, { kind: "usage", clientId });
  return { kind, used: after, included, changed: true };
}
