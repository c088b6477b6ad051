import { sql } from "drizzle-orm";
import { boolean, check, pgTable, smallint, uuid } from "drizzle-orm/pg-core";
import { EXPIRY_MONTHS } from "../domain/practice";
import { profiles, updatedAt } from "./schema";

// The practice's settings that hold for every client (docs/decisions/0055-no-shows-and-expiry.md), beside
// app/server/schema.ts, which is past its length ceiling; drizzle.config.ts and app/server/tables.ts read it.

/** One row (id 1) once the admin has changed a default. */
export const practiceSettings = pgTable(
  "practice_settings",
  {
    id: smallint("id").primaryKey().default(1),
    /** A client's no-show keeps its session counted as used (true), or gives it back. */
    noShowCountsAsUsed: boolean("no_show_counts_as_used").notNull().default(true),
    /** Whole months after a plan starts that its unused sessions expire; null: never. */
    expiryMonths: smallint("expiry_months"),
    updatedBy: uuid("updated_by").references(() => profiles.id, { onDelete: "set null" }),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("practice_settings_one_row", sql`${t.id} = 1`),
    check(
      "practice_settings_expiry_range",
      sql`${t.expiryMonths} IS NULL OR ${t.expiryMonths} BETWEEN ${sql.raw(String(EXPIRY_MONTHS.min))} AND ${sql.raw(String(EXPIRY_MONTHS.max))}`,
    ),
  ],
);

export type PracticeSettings = typeof practiceSettings.$inferSelect;
