import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { publicOutcomesText } from "~/domain/job-outcomes";
import { setOutcomeConsent } from "~/server/models/job-outcome-consent.server";
import { publicOutcomes } from "~/server/models/job-outcomes-public.server";
import { authorize } from "~/server/policy.server";
import { jobOutcomes } from "~/server/schema-job-search";
import { databaseLabel } from "../support/database";
import { clientWithOutcome } from "../support/job-outcomes";
import { databaseForFile } from "../support/test-database";

// The public figure (docs/decisions/0053-job-search.md, "Outcomes") on a database of its own: nothing below
// five consented outcomes, the count and median at five, and a revoked consent drops it again.

const db = databaseForFile();

describe(`the public outcome figure, on ${databaseLabel}`, () => {
  test("4 consented → nothing; 5 → the figure; a revoked consent drops it; never a name", async () => {
    const consented = [];
    for (const [i, days] of [28, 35, 42, 49].entries())
      consented.push({ ...(await clientWithOutcome(db(), `Public Client ${i}`, { consent: true })), days });
    // Not consented: never counted, however many.
    await clientWithOutcome(db(), "Private Client A");
    await clientWithOutcome(db(), "Private Client B");
    for (const { outcomeId, days } of consented)
      await db().update(jobOutcomes).set({ daysToOffer: days }).where(eq(jobOutcomes.id, outcomeId));
    expect(await publicOutcomes(db())).toBeNull();

    const fifth = await clientWithOutcome(db(), "Public Client 5", { consent: true });
    await db().update(jobOutcomes).set({ daysToOffer: 56 }).where(eq(jobOutcomes.id, fifth.outcomeId));
    const figure = await publicOutcomes(db());
    expect(figure).toEqual({ clients: 5, medianDaysToOffer: 42 });
    expect(publicOutcomesText(figure as NonNullable<typeof figure>)).toBe(
      "5 clients landed offers; median 6 weeks from the start of coaching to the offer.",
    );
    expect(JSON.stringify(figure)).not.toMatch(/Client|@/);

    await setOutcomeConsent(db(), authorize(fifth.client, "job-search.own"), false);
    expect(await publicOutcomes(db())).toBeNull();
  });
});
