import { eq, sql } from "drizzle-orm";
import { OFFER_MESSAGES } from "~/lib/schemas/job-offers";
import type { Db, DbOrTx } from "../db.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { jobOutcomes } from "../schema-job-search";
import { audit } from "./audit.server";

// The client's consent that their outcome counts, without a name, in the public figures
// (docs/decisions/0053-job-search.md, "Outcomes"): asked when they accept an offer, given or taken back at
// any time in /account. The client's own row only; every change is in the audit trail the coach reads.

type Own = Permit<"job-search.own">;

export async function consentAudited(
  tx: DbOrTx,
  permit: Own,
  outcomeId: string,
  change: { before: boolean; after: boolean },
) {
  await audit(tx, permit, {
    action: "job-outcome.consent",
    targetId: permit.actor.id,
    entity: "job_outcome",
    entityId: outcomeId,
    before: { consent: change.before },
    after: { consent: change.after },
  });
}

/** Null when the client has no outcome (nothing to ask), else whether it counts. */
export async function ownOutcomeConsent(db: DbOrTx, permit: Own): Promise<{ consented: boolean } | null> {
  const [row] = await db
    .select({ consentAt: jobOutcomes.consentAt })
    .from(jobOutcomes)
    .where(eq(jobOutcomes.clientId, permit.actor.id));
  return row ? { consented: row.consentAt !== null } : null;
}

/** Given keeps its first date; taken back clears it. A change only when it differs, audited. */
export async function setOutcomeConsent(db: Db, permit: Own, consent: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: jobOutcomes.id, consentAt: jobOutcomes.consentAt })
      .from(jobOutcomes)
      .where(eq(jobOutcomes.clientId, permit.actor.id))
      .for("update");
    if (!row) refuse(OFFER_MESSAGES.noOutcome, 404);
    const before = row.consentAt !== null;
    if (before !== consent) {
      await tx
        .update(jobOutcomes)
        .set({ consentAt: consent ? sql`now()` : null })
        .where(eq(jobOutcomes.id, row.id));
      await consentAudited(tx, permit, row.id, { before, after: consent });
    }
    return {
      message: consent
        ? "Your outcome counts, without your name, in the public figures."
        : "Your outcome no longer counts in the public figures.",
    };
  });
}
