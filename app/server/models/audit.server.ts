import { desc, eq } from "drizzle-orm";
import type { Db } from "../db.server";
import type { Action, Permit } from "../policy.server";
import { auditEvents, profiles } from "../schema";

/** A transaction or the database: audit rows are written inside the change's own transaction. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0] | Db;

export type AuditEntry = {
  action: string;
  targetId: string | null;
  entity: string;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/** An audit row for a change its permit allowed, in the change's own transaction. */
export async function audit(tx: Tx, permit: Permit<Action>, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: permit.actor.id,
    action: entry.action,
    targetId: entry.targetId,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A person's trail, newest first, with who made each change. */
export async function auditTrail(db: Db, _permit: Permit<"client.read">, targetId: string, limit = 25) {
  return db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      entity: auditEvents.entity,
      before: auditEvents.before,
      after: auditEvents.after,
      createdAt: auditEvents.createdAt,
      actorName: profiles.fullName,
      actorEmail: profiles.email,
    })
    .from(auditEvents)
    .leftJoin(profiles, eq(profiles.id, auditEvents.actorId))
    .where(eq(auditEvents.targetId, targetId))
    .orderBy(desc(auditEvents.createdAt))
    .limit(limit);
}
