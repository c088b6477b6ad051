import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db.server";
import { practiceSettings } from "../schema-practice";

// The practice's settings (docs/decisions/0055-no-shows-and-expiry.md): a missed session's cost and how long
// a plan's sessions last. No row until the admin changes a default.

export type PracticeRules = { noShowCountsAsUsed: boolean; expiryMonths: number | null };

export const PRACTICE_DEFAULTS: PracticeRules = { noShowCountsAsUsed: true, expiryMonths: null };

export async function practiceRules(db: DbOrTx): Promise<PracticeRules> {
  const [row] = await db
    .select({
      noShowCountsAsUsed: practiceSettings.noShowCountsAsUsed,
      expiryMonths: practiceSettings.expiryMonths,
    })
    .from(practiceSettings)
    .where(eq(practiceSettings.id, 1));
  return row ?? PRACTICE_DEFAULTS;
}
