import { and, eq, sql } from "drizzle-orm";
import { allowance, effectivePlan, isQuotaKind, minutesFor, type ServiceKind } from "~/domain/plans";
import { expiredText } from "~/domain/practice";
import { DECREMENT_BELOW_ZERO } from "~/domain/usage";
import type { Db, DbOrTx } from "../db.server";
import { notifyLastOneLeft } from "../mail/notify.server";
import { forbidden, type Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { refuse } from "../refusal.server";
import { serviceUsage } from "../schema";
import { recordChange, type SystemSource } from "./audit.server";
import { lockClient } from "./client-lock.server";
import { planExpiryOf } from "./practice-settings.server";

// Each function takes the permit it needs (app/server/policy.server.ts); each change is one transaction
// with its audit row.

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

export function usageOf(db: Db, clientId: string) {
  return usageStatement(db).execute({ clientId });
}

export async function usageFor(db: Db, _permit: Permit<"client.read">, clientId: string) {
  return usageOf(db, clientId);
}

/** The client's row is locked, so concurrent clicks can neither go below zero nor lose an increment. */
export async function adjustUsage(
  db: Db,
  permit: Permit<"usage.adjust"> | Permit<"special-item.mark">,
  clientId: string,
  kind: ServiceKind,
  amount: 1 | -1,
) {
  if (permit.action !== usagePermission(kind)) forbidden();
  return db.transaction(async (tx) => {
    const result = await recordUsage(tx, permit, clientId, kind, amount);
    return { kind: result.kind, used: result.used };
  });
}

export type UsageChange = {
  kind: ServiceKind;
  used: number;
  included: number;
  changed: boolean;
};

/**
 * The one writer of usage-ledger rows (admin +1/−1 and bookings). `skipRefused`: a refused row is not
 * written and `changed` is false, so a booking is flagged instead of failing.
 */
export async function recordUsage(
  tx: DbOrTx,
  by:
    | Permit<"usage.adjust">
    | Permit<"special-item.mark">
    | Permit<"bookings.resolve">
    | Permit<"bookings.no-show">
    | SystemSource,
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
  // A counted kind's period (docs/decisions/0055-no-shows-and-expiry.md, "Expiry"): once over, a booking is
  // over plan; the admin's own +1 is a manual override, allowed and marked in the trail.
  const expiry = quota && amount === 1 ? await planExpiryOf(tx, clientId, new Date()) : null;
  const expired = expiry?.passed ? expiry.at : null;
  const refused: [message: string, status: number] | null =
    included <= 0
      ? ["That isn't part of this client's plan.", 400]
      : amount === -1 && before <= 0
        ? [DECREMENT_BELOW_ZERO, 409]
        : !quota && amount === 1 && before >= 1
          ? ["Already marked done.", 409]
          : options.withinPlan && amount === 1 && before >= included
            ? ["That would go over the plan.", 409]
            : options.withinPlan && expired
              ? [expiredText(expired), 409]
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
  if (quota && amount === 1 && !expired && included - after === 1)
    await notifyLastOneLeft(tx, clientId, kind);
  await recordChange(
    tx,
    by,
    {
      action: quota ? "usage.adjust" : amount === 1 ? "special-item.mark-done" : "special-item.undo",
      targetId: clientId,
      entity: "service_usage",
      before: { kind, used: before },
      after: { kind, used: after, ...(expired ? { afterExpiry: expired } : {}), ...options.note },
    },
    { kind: "usage", clientId },
  );
  return { kind, used: after, included, changed: true };
}
