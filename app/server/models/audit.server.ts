import { desc, eq } from "drizzle-orm";
import type { Viewer } from "~/domain/viewer";
import type { Db } from "../db.server";
import { assertCan } from "../policy.server";
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

/** `actor` null: a change no person made here (a Cal.com booking, docs/decisions/0024-bookings.md). */
export async function audit(tx: Tx, actor: Pick<Viewer, "id"> | null, entry: AuditEntry): Promise<void> {
  await tx.insert(auditEvents).values({
    actorId: actor?.id ?? null,
    action: entry.action,
    targetId: entry.targetId,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

/** A person's trail, newest first, with who made each change. */
export async function auditTrail(db: Db, actor: Viewer, targetId: string, limit = 25) {
  assertCan(actor, "client.read");
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
