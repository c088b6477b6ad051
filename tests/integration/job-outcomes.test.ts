import { and, eq, or } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { OFFER_MESSAGES } from "~/lib/schemas/job-offers";
import { acceptOffer, saveOffer } from "~/server/models/job-offers.server";
import { ownOutcomeConsent, setOutcomeConsent } from "~/server/models/job-outcome-consent.server";
import { outcomesReport } from "~/server/models/job-outcomes.server";
import { createApplication, deleteApplication } from "~/server/models/job-search.server";
import { authorize } from "~/server/policy.server";
import { auditEvents, emailOutbox } from "~/server/schema";
import { jobOutcomes } from "~/server/schema-job-search";
import { databaseLabel } from "../support/database";
import { APPLICATION_FIELDS, clientWithOutcome } from "../support/job-outcomes";
import { insertPerson } from "../support/people";
import { modelRefusal } from "../support/refusal";
import { databaseForFile } from "../support/test-database";

// The outcomes page's figures on a real database (docs/decisions/0053-job-search.md, "Outcomes").

const db = databaseForFile();

describe(`outcomes, on ${databaseLabel}`, () => {
  test("the coach's figures: per month, medians over known starts, offer rate per plan, no pay", async () => {
    const coach = await insertPerson(db(), "coach", null, "Coach Outcomes");
    const read = authorize(coach, "job-search.read");
    const empty = await outcomesReport(db(), read);
    const before = new Map(empty.rates.map((rate) => [rate.plan, rate]));

    const a = await clientWithOutcome(db(), "Ana Outcome", { plan: "pro", company: "Shopify" });
    const b = await clientWithOutcome(db(), "Ben Outcome", { plan: "pro" });
    const c = await clientWithOutcome(db(), "Cy Outcome", { plan: "premium" });
    await insertPerson(db(), "client", "pro", "Dee Searching");
    // The figures are frozen at acceptance; set here as a paid start would have made them.
    await db()
      .update(jobOutcomes)
      .set({ daysToOffer: 40, sessionsUsed: 3 })
      .where(eq(jobOutcomes.id, a.outcomeId));
    await db()
      .update(jobOutcomes)
      .set({ daysToOffer: 60, sessionsUsed: 5 })
      .where(eq(jobOutcomes.id, b.outcomeId));
    await db()
      .update(jobOutcomes)
      .set({ acceptedAt: new Date("2026-01-15T12:00:00Z"), sessionsUsed: 8 })
      .where(eq(jobOutcomes.id, c.outcomeId));

    const report = await outcomesReport(db(), read);
    const mine = report.rows.filter((row) => [a, b, c].some((x) => x.outcomeId === row.id));
    expect(mine.map((row) => row.client).sort()).toEqual(["Ana Outcome", "Ben Outcome", "Cy Outcome"]);
    const ana = mine.find((row) => row.client === "Ana Outcome");
    expect(ana).toMatchObject({ company: "Shopify", role: "Staff engineer", plan: "pro", daysToOffer: 40 });
    expect(Object.keys(ana ?? {})).not.toContain("baseChange");
    expect(JSON.stringify(report)).not.toContain("185000");
    expect(mine.find((row) => row.client === "Cy Outcome")?.month).toBe("2026-01");
    expect(report.perMonth.find((m) => m.month === "2026-01")?.count).toBeGreaterThanOrEqual(1);

    if (empty.total === 0) {
      expect(report.medianDaysToOffer).toBe(50);
      expect(report.timedCount).toBe(2);
      expect(report.medianSessions).toBe(5);
    }
    const pro = report.rates.find((rate) => rate.plan === "pro");
    const proBefore = before.get("pro") ?? { clients: 0, withOutcome: 0 };
    expect(pro?.clients).toBe(proBefore.clients + 3);
    expect(pro?.withOutcome).toBe(proBefore.withOutcome + 2);
  });

  test("consent: asked at acceptance, taken back and given again in /account, audited, the client's own", async () => {
    const yes = await clientWithOutcome(db(), "Yara Consents", { consent: true });
    const no = await clientWithOutcome(db(), "Noor Declines");
    const consentOf = async (id: string) =>
      (await db().select().from(jobOutcomes).where(eq(jobOutcomes.id, id)))[0]?.consentAt ?? null;
    expect(await consentOf(yes.outcomeId)).toBeInstanceOf(Date);
    expect(await consentOf(no.outcomeId)).toBeNull();
    const own = (client: typeof yes.client) => authorize(client, "job-search.own");
    expect(await ownOutcomeConsent(db(), own(no.client))).toEqual({ consented: false });

    await setOutcomeConsent(db(), own(yes.client), false);
    expect(await consentOf(yes.outcomeId)).toBeNull();
    expect(await consentOf(no.outcomeId)).toBeNull();
    await setOutcomeConsent(db(), own(no.client), true);
    expect(await ownOutcomeConsent(db(), own(no.client))).toEqual({ consented: true });
    expect(await ownOutcomeConsent(db(), own(yes.client))).toEqual({ consented: false });

    const trail = await db()
      .select({ before: auditEvents.before, after: auditEvents.after, entityId: auditEvents.entityId })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "job-outcome.consent"), eq(auditEvents.targetId, yes.client.id)))
      .orderBy(auditEvents.createdAt);
    expect(trail.map((row) => row.after)).toEqual([{ consent: true }, { consent: false }]);

    const searching = await insertPerson(db(), "client", "pro", "Sam Searching");
    expect(await ownOutcomeConsent(db(), own(searching))).toBeNull();
    const refusal = await modelRefusal(() => setOutcomeConsent(db(), own(searching), true));
    expect(refusal.init?.status).toBe(404);
    expect(refusal.data?.error).toBe(OFFER_MESSAGES.noOutcome);
  });

  test("accepting tells staff (no pay) and asks the client for a testimonial once, through the outbox", async () => {
    const coach = await insertPerson(db(), "coach", null, "Coach Mail");
    const { client } = await clientWithOutcome(db(), "Tess Testimonial", { company: "Stripe" });
    const rows = () =>
      db()
        .select({ kind: emailOutbox.kind, subject: emailOutbox.subject, text: emailOutbox.text })
        .from(emailOutbox)
        .where(or(eq(emailOutbox.recipientId, client.id), eq(emailOutbox.recipientId, coach.id)));
    const first = await rows();
    const staffNote = first.filter((row) => row.kind === "staff-offer-accepted");
    expect(staffNote).toHaveLength(1);
    expect(staffNote[0]?.subject).toMatch(/^Offer accepted: Tess Testimonial .* at Stripe$/);
    expect(staffNote[0]?.text).not.toContain("185");
    expect(first.filter((row) => row.kind === "testimonial-request").map((row) => row.subject)).toEqual([
      "Congratulations on Stripe: a few words about the coaching?",
    ]);

    // A second acceptance (the first application deleted, its outcome with it): staff hear again, the
    // client is not asked twice.
    const own = authorize(client, "job-search.own");
    const [outcome] = await db().select().from(jobOutcomes).where(eq(jobOutcomes.clientId, client.id));
    await deleteApplication(db(), own, outcome?.applicationId ?? "");
    const again = await createApplication(db(), own, { ...APPLICATION_FIELDS, company: "Figma" }, "offer");
    const offer = await saveOffer(db(), own, again.id, {
      currency: "USD",
      base: "200000",
      bonus: "",
      equityPerYear: "",
      signOn: "",
    });
    await acceptOffer(db(), own, offer?.id ?? "");
    const second = await rows();
    expect(second.filter((row) => row.kind === "staff-offer-accepted")).toHaveLength(2);
    expect(second.filter((row) => row.kind === "testimonial-request")).toHaveLength(1);
  });
});
