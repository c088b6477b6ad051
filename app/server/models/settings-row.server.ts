import { eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { AuditAction } from "~/domain/audit-actions";
import type { Db, DbOrTx } from "../db.server";
import { type LiveEvent, publishChange } from "../live/bus.server";
import type { Action, Permit } from "../policy.server";
import { audit } from "./audit.server";

// The site's one-row settings tables (job_search_settings, onboarding_settings, practice_settings): no row
// until an admin changes a default, then row 1 upserted with its audit row (before and after) in one
// transaction, so a change and its trail commit together.

type SettingsTable = PgTable & { id: AnyPgColumn; updatedBy: AnyPgColumn; updatedAt: AnyPgColumn };

export async function saveSettingsRow<T extends SettingsTable, V extends Record<string, unknown>>(
  db: Db,
  permit: Permit<Action>,
  target: {
    table: T;
    entity: string;
    action: AuditAction;
    /** The values in force now (the defaults while there is no row). */
    read: (tx: DbOrTx) => Promise<V>;
    /** Told to every open page the setting changes, when it changes what they show. */
    event?: LiveEvent;
  },
  values: V,
): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await target.read(tx);
    const row = { ...values, updatedBy: permit.actor.id };
    await tx
      .insert(target.table)
      .values({ id: 1, ...row } as T["$inferInsert"])
      .onConflictDoUpdate({ target: target.table.id, set: { ...row, updatedAt: new Date() } });
    await audit(tx, permit, {
      action: target.action,
      targetId: null,
      entity: target.entity,
      before: { ...before },
      after: { ...values },
    });
    if (target.event) await publishChange(tx, target.event);
  });
}

/** The row's values by column, or the defaults while no one has changed them. */
export async function readSettingsRow<V extends Record<string, unknown>>(
  db: DbOrTx,
  table: SettingsTable,
  columns: { [K in keyof V]: AnyPgColumn },
  defaults: V,
): Promise<V> {
  const [row] = await db.select(columns).from(table).where(eq(table.id, 1));
  return (row as V | undefined) ?? defaults;
}
