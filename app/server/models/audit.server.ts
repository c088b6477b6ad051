import { desc, eq, sql } from "drizzle-orm";
import type { AuditAction, SystemSource } from "~/domain/audit-actions";
import type { Db, DbOrTx } from "../db.server";
import { type LiveEvent, publishChange } from "../live/bus.server";
import type { Action, Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { auditEvents, profiles } from "../schema";

export type AuditEntry = {
  action: AuditAction;
  targetId: string | null;
  entity: string;
  entityId?: string | null;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

export async function audit(tx: DbOrTx, permit: Permit<Action>, entry: AuditEntry): Promise<void> {
  await insertAudit(tx, permit.actor.id, entry);
}

async function insertAudit(tx: DbOrTx, actorId: string | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId,
    action: entry.action,
    targetId: entry.targetId,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export type { SystemSource };
export type ChangeBy = Permit<Action> | SystemSource;

/** For a change no person made here (a Cal.com booking, a Stripe payment): `after.via` names the source. */
export async function auditBySystem(tx: DbOrTx, source: SystemSource, entry: AuditEntry): Promise<void> {
  await insertAudit(tx, null, { ...entry, after: { ...entry.after, via: source } });
}

export async function auditChange(tx: DbOrTx, by: ChangeBy, entry: AuditEntry): Promise<void> {
  if (typeof by === "string") await auditBySystem(tx, by, entry);
  else await audit(tx, by, entry);
}

/**
 * The last step of a change, in its transaction: the audit row (by a person's permit or a system) and the
 * live event that tells open pages and cached sessions. Both commit with the change or not at all.
 */
export async function recordChange(
  tx: DbOrTx,
  by: ChangeBy,
  entry: AuditEntry,
  event: LiveEvent,
): Promise<void> {
  await auditChange(tx, by, entry);
  await publishChange(tx, event);
}

const trailStatement = preparedPer((db) =>
  db
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
    .where(eq(auditEvents.targetId, sql.placeholder("targetId")))
    .orderBy(desc(auditEvents.createdAt))
    .limit(sql.placeholder("limit"))
    .prepare("audit_trail"),
);

export async function auditTrail(db: Db, _permit: Permit<"client.read">, targetId: string, limit = 25) {
  return trailStatement(db).execute({ targetId, limit });
}
