import { eq, sql } from "drizzle-orm";
import { EXPIRY_MONTHS, type PlanExpiry, planExpiry } from "~/domain/practice";
import { EXPIRY_MONTHS_MESSAGE } from "~/lib/schemas/practice";
import type { Db, DbOrTx } from "../db.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { profiles } from "../schema";
import { practiceSettings } from "../schema-practice";
import { readSettingsRow, saveSettingsRow } from "./settings-row.server";

// The practice's settings (docs/decisions/0055-no-shows-and-expiry.md): a missed session's cost and how long
// a plan's sessions last. No row until the admin changes a default.

export type PracticeRules = { noShowCountsAsUsed: boolean; expiryMonths: number | null };

export const PRACTICE_DEFAULTS: PracticeRules = { noShowCountsAsUsed: true, expiryMonths: null };

export function practiceRules(db: DbOrTx): Promise<PracticeRules> {
  const { noShowCountsAsUsed, expiryMonths } = practiceSettings;
  return readSettingsRow(db, practiceSettings, { noShowCountsAsUsed, expiryMonths }, PRACTICE_DEFAULTS);
}

/** The admin's change, audited; every open page hears it (it changes every client's sessions). */
export async function setPracticeRules(db: Db, permit: Permit<"practice.settings">, rules: PracticeRules) {
  const months = rules.expiryMonths;
  if (
    months !== null &&
    (!Number.isInteger(months) || months < EXPIRY_MONTHS.min || months > EXPIRY_MONTHS.max)
  )
    refuse(EXPIRY_MONTHS_MESSAGE, 400);
  await saveSettingsRow(
    db,
    permit,
    {
      table: practiceSettings,
      entity: "practice_settings",
      action: "practice.settings",
      read: practiceRules,
      event: { kind: "practice" },
    },
    { noShowCountsAsUsed: rules.noShowCountsAsUsed === true, expiryMonths: months },
  );
}

/**
 * Columns for a query on `profiles`: when the person's plan started (`plan_started_at`, else the profile's
 * creation; ms) and the period in months (null: never), so a page reads them in its own round trip.
 */
/** When a person's plan started, in a query on `profiles`: its grant, else their sign-up. */
export const planStartSql = sql`coalesce(${profiles.planStartedAt}, ${profiles.createdAt})`;

/** The practice's period in months (null: never), read inside any query. */
export const expiryMonthsSql = sql<
  number | null
>`(select ${practiceSettings.expiryMonths}::int from ${practiceSettings} where ${practiceSettings.id} = 1)`;

export const periodColumns = {
  planStart: sql<number>`(extract(epoch from ${planStartSql}) * 1000)::float8`,
  expiryMonths: expiryMonthsSql,
};

export const expiryFrom = (row: { planStart: number; expiryMonths: number | null }, now: Date) =>
  planExpiry(
    new Date(Number(row.planStart)),
    row.expiryMonths === null ? null : Number(row.expiryMonths),
    now,
  );

/** One person's plan period (docs/decisions/0055-no-shows-and-expiry.md, "Expiry"); null when none is set. */
export async function planExpiryOf(db: DbOrTx, personId: string, now: Date): Promise<PlanExpiry | null> {
  const [row] = await db.select(periodColumns).from(profiles).where(eq(profiles.id, personId));
  return row ? expiryFrom(row, now) : null;
}
