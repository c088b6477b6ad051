import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { OFFER_MESSAGES, type OfferInput } from "~/lib/schemas/job-offers";
import { JOB_MESSAGES } from "~/lib/schemas/job-search";
import { interviewsForPage } from "~/routes/portal/application-offers.server";
import { deletePerson, exportPersonData } from "~/server/models/data-rights.server";
import {
  acceptOffer,
  addInterview,
  deleteInterview,
  deleteOffer,
  editInterview,
  saveOffer,
  setCurrentPay,
} from "~/server/models/job-offers.server";
import {
  interviewsAndOffer,
  interviewsThisWeek,
  offerDeadlines,
  ownOffers,
} from "~/server/models/job-offers-read.server";
import { createApplication, moveApplication } from "~/server/models/job-search.server";
import { authorize } from "~/server/policy.server";
import { emailPreferences, orders, serviceUsage } from "~/server/schema";
import { jobApplicationMoves, jobInterviews, jobOffers, jobOutcomes } from "~/server/schema-job-search";
import { databaseLabel } from "../support/database";
import { fileStoreForFile } from "../support/file-store";
import { APPLICATION_FIELDS, jobSearchClients } from "../support/job-outcomes";
import { insertPerson } from "../support/people";
import { modelDatabaseForFile } from "../support/test-database";

// Interviews, offers and outcomes (phase 2 of docs/decisions/0053-job-search.md) on a real database: the
// client's time zone, the amounts' limits, another client's ids answered as missing, the coach's week and
// deadlines, accepting one offer per search with its outcome, export and deletion.

const { db, refusedUnchanged } = modelDatabaseForFile();
const files = fileStoreForFile();

const { client, own } = jobSearchClients(db, "pro");
const FIELDS = APPLICATION_FIELDS;
const OFFER: OfferInput = {
  currency: "CAD",
  base: "185,000",
  bonus: "15000",
  equityPerYear: "40000",
  signOn: "10000",
  level: "Senior",
  location: "Toronto",
  deadline: "2099-01-15",
  notes: "Ask for 200k.",
};
const application = async (person: Viewer, company = "Acme") =>
  (await createApplication(db(), own(person), { ...FIELDS, company }, "onsite")).id;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const wallClock = (at: Date, zone: string) =>
  new Intl.DateTimeFormat("sv-SE", { timeZone: zone, dateStyle: "short", timeStyle: "short" })
    .format(at)
    .replace(" ", "T");

describe(`interviews and offers, on ${databaseLabel}`, () => {
  test("an interview's time is read on the client's clock, edited and deleted", async () => {
    const nia = await client("Nia Interviews");
    await db().insert(emailPreferences).values({ profileId: nia.id, timeZone: "America/Vancouver" });
    const id = await application(nia);
    const created = await addInterview(db(), own(nia), id, {
      kind: "system_design",
      startsAt: "2026-07-01T09:30",
      notes: "Design a rate limiter.",
    });
    // 09:30 in Vancouver (UTC−7 in July) is 16:30 UTC.
    expect(created?.startsAt.toISOString()).toBe("2026-07-01T16:30:00.000Z");
    await editInterview(db(), own(nia), id, created?.id ?? "", {
      kind: "onsite",
      startsAt: "2026-07-02T10:00",
      notes: "",
    });
    const read = await interviewsAndOffer(db(), own(nia), id);
    expect(read.interviews).toEqual([
      { id: created?.id, kind: "onsite", startsAt: new Date("2026-07-02T17:00:00.000Z"), notes: null },
    ]);
    await deleteInterview(db(), own(nia), id, created?.id ?? "");
    expect((await interviewsAndOffer(db(), own(nia), id)).interviews).toEqual([]);
  });

  test("a bad interview is refused with its message and nothing is stored", async () => {
    const nia = await client("Nia Bad Interview");
    const id = await application(nia);
    for (const [input, message] of [
      [{ kind: "lunch", startsAt: "2026-07-01T09:30" }, OFFER_MESSAGES.kind],
      [{ kind: "coding", startsAt: "01/07/2026 9:30" }, OFFER_MESSAGES.when],
      [{ kind: "coding", startsAt: "2026-02-30T09:30" }, OFFER_MESSAGES.when],
      [{ kind: "coding", startsAt: "2026-07-01T25:00" }, OFFER_MESSAGES.when],
    ] as const)
      await refusedUnchanged(() => addInterview(db(), own(nia), id, { notes: null, ...input }), 400, message);
  });

  test("negative, malformed and absurd amounts are refused with a clear message; nothing is stored", async () => {
    const nia = await client("Nia Amounts");
    const id = await application(nia);
    for (const [change, message] of [
      [{ base: "-1" }, "The base salary can't be negative."],
      [{ bonus: "-5000" }, "The bonus can't be negative."],
      [{ base: "" }, OFFER_MESSAGES.base],
      [{ base: "185k" }, "Enter the base salary in whole dollars, digits only."],
      [{ equityPerYear: "10000001" }, "The equity per year can be at most 10,000,000: check the figure."],
      [{ signOn: "99999999999" }, "The sign-on bonus can be at most 10,000,000: check the figure."],
      [{ currency: "EUR" }, OFFER_MESSAGES.currency],
      [{ deadline: "15/01/2099" }, OFFER_MESSAGES.deadline],
    ] as const)
      await refusedUnchanged(() => saveOffer(db(), own(nia), id, { ...OFFER, ...change }), 400, message);
    await refusedUnchanged(() => setCurrentPay(db(), own(nia), { base: "-3", currency: "CAD" }), 400);
  });

  test("one offer per application: saving again revises it; the amounts are stored in whole dollars", async () => {
    const nia = await client("Nia Offer");
    const id = await application(nia);
    await saveOffer(db(), own(nia), id, OFFER);
    await saveOffer(db(), own(nia), id, { ...OFFER, base: "190000" });
    const rows = await db().select().from(jobOffers).where(eq(jobOffers.applicationId, id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      base: 190000,
      bonus: 15000,
      equityPerYear: 40000,
      signOn: 10000,
      currency: "CAD",
    });
    await deleteOffer(db(), own(nia), id);
    expect(await db().select().from(jobOffers).where(eq(jobOffers.applicationId, id))).toEqual([]);
  });

  test("another client's application, interview or offer by id is refused as not found; nothing changes", async () => {
    const owner = await client("Olu Offers");
    const other = await client("Oda Offers");
    const id = await application(owner);
    const interview = await addInterview(db(), own(owner), id, {
      kind: "coding",
      startsAt: "2026-07-01T09:30",
      notes: null,
    });
    const offer = await saveOffer(db(), own(owner), id, OFFER);
    const notFound = [404, JOB_MESSAGES.notFound] as const;
    await refusedUnchanged(
      () => addInterview(db(), own(other), id, { kind: "coding", startsAt: "2026-07-01T09:30", notes: null }),
      ...notFound,
    );
    await refusedUnchanged(
      () =>
        editInterview(db(), own(other), id, interview?.id ?? "", {
          kind: "onsite",
          startsAt: "2026-07-01T09:30",
          notes: null,
        }),
      ...notFound,
    );
    await refusedUnchanged(() => deleteInterview(db(), own(other), id, interview?.id ?? ""), ...notFound);
    await refusedUnchanged(() => saveOffer(db(), own(other), id, OFFER), ...notFound);
    await refusedUnchanged(() => deleteOffer(db(), own(other), id), ...notFound);
    await refusedUnchanged(
      () => acceptOffer(db(), own(other), offer?.id ?? ""),
      404,
      OFFER_MESSAGES.offerNotFound,
    );
    // An interview of theirs named under an application of mine is not found either.
    const mine = await application(other);
    await refusedUnchanged(
      () => deleteInterview(db(), own(other), mine, interview?.id ?? ""),
      404,
      OFFER_MESSAGES.interviewNotFound,
    );
    // Pay figures never reach another client.
    expect((await ownOffers(db(), own(other))).offers).toEqual([]);
    expect(await interviewsAndOffer(db(), own(other), id)).toEqual({
      interviews: [],
      offer: null,
      accepted: false,
    });
  });

  test("the coach's week lists every client's interviews of the next 7 days; deadlines of open offers", async () => {
    const ana = await client("Ana Week");
    const ben = await client("Ben Week");
    const a = await application(ana, "Alpha");
    const b = await application(ben, "Beta");
    await db().insert(emailPreferences).values({ profileId: ben.id, timeZone: "Europe/London" });
    for (const [id, person, days] of [
      [a, ana, 2],
      [b, ben, 5],
      [a, ana, 9],
      [b, ben, -1],
    ] as const)
      await addInterview(db(), own(person), id, {
        kind: "coding",
        startsAt: wallClock(inDays(days), person === ben ? "Europe/London" : "America/Toronto"),
        notes: null,
      });
    await saveOffer(db(), own(ana), a, { ...OFFER, deadline: "2099-02-01" });
    await saveOffer(db(), own(ben), b, { ...OFFER, deadline: "2000-01-01" });
    const staff = authorize(await insertPerson(db(), "coach", null, "Cora Coach"), "job-search.read");
    const week = (await interviewsThisWeek(db(), staff)).filter((row) =>
      [ana.id, ben.id].includes(row.clientId),
    );
    expect(week.map((row) => row.company)).toEqual(["Alpha", "Beta"]);
    expect(week[1]?.timeZone).toBe("Europe/London");
    const deadlines = (await offerDeadlines(db(), staff)).filter((row) =>
      [ana.id, ben.id].includes(row.clientId),
    );
    expect(deadlines.map((row) => [row.company, row.deadline])).toEqual([["Alpha", "2099-02-01"]]);
    // No pay figure in what staff's lists carry.
    expect(Object.keys(deadlines[0] ?? {})).not.toContain("base");
  });

  test("accepting moves the application to accepted with its history and records the outcome, once", async () => {
    const nia = await client("Nia Accepts");
    const first = await application(nia, "First");
    const second = await application(nia, "Second");
    await db()
      .insert(orders)
      .values({
        personId: nia.id,
        offer: "pro",
        currency: "CAD",
        option: "upfront",
        mode: "payment",
        unitAmount: 100000,
        status: "paid",
        provider: "stripe",
        fulfilledAt: new Date(Date.now() - 30 * 86_400_000),
      });
    await db()
      .insert(serviceUsage)
      .values([
        { clientId: nia.id, kind: "session_30m", amount: 1, minutes: 30 },
        { clientId: nia.id, kind: "mock_interview", amount: 1 },
        {
          clientId: nia.id,
          kind: "session_30m",
          amount: 1,
          minutes: 30,
          createdAt: new Date(Date.now() + 86_400_000),
        },
      ]);
    await setCurrentPay(db(), own(nia), { base: "150000", currency: "CAD" });
    await moveApplication(db(), own(nia), first, "offer");
    const offer = await saveOffer(db(), own(nia), first, OFFER);
    const usd = await saveOffer(db(), own(nia), second, { ...OFFER, currency: "USD" });
    const outcome = await acceptOffer(db(), own(nia), offer?.id ?? "");
    expect(outcome).toMatchObject({
      daysToOffer: 30,
      sessionsUsed: 2,
      currentBase: 150000,
      currentCurrency: "CAD",
      baseChange: 35000,
      consentAt: null,
    });
    const moves = await db()
      .select()
      .from(jobApplicationMoves)
      .where(eq(jobApplicationMoves.applicationId, first))
      .orderBy(jobApplicationMoves.movedAt);
    expect(moves.map((m) => m.toStage)).toEqual(["onsite", "offer", "accepted"]);
    await refusedUnchanged(
      () => acceptOffer(db(), own(nia), usd?.id ?? ""),
      409,
      OFFER_MESSAGES.alreadyAccepted,
    );
    await refusedUnchanged(() => deleteOffer(db(), own(nia), first), 409);
    expect((await ownOffers(db(), own(nia))).outcome?.offerId).toBe(offer?.id);
  });

  test("an offer in another currency records no pay change; without a paid order, no time to offer", async () => {
    const nia = await client("Nia Currencies");
    const id = await application(nia);
    await setCurrentPay(db(), own(nia), { base: "150000", currency: "USD" });
    const offer = await saveOffer(db(), own(nia), id, OFFER);
    const outcome = await acceptOffer(db(), own(nia), offer?.id ?? "");
    expect(outcome).toMatchObject({
      baseChange: null,
      daysToOffer: null,
      coachingStartedAt: null,
      sessionsUsed: 0,
    });
  });

  test("an interview in the next 7 days offers a mock interview; the link names the interview it prepares", async () => {
    const nia = await client("Nia Mock");
    const id = await application(nia, "Gamma");
    const soon = await addInterview(db(), own(nia), id, {
      kind: "coding",
      startsAt: wallClock(inDays(2), "America/Toronto"),
      notes: null,
    });
    await addInterview(db(), own(nia), id, {
      kind: "onsite",
      startsAt: wallClock(inDays(20), "America/Toronto"),
      notes: null,
    });
    const permits = { own: own(nia), portal: authorize(nia, "portal.read-own") };
    const page = await interviewsForPage(db(), permits, "pro", { id, company: "Gamma" });
    // The dashboard's signed booking link (a Pro plan has mock interviews), naming the interview it prepares.
    const [near, far] = page.interviews.map((row) => row.mockLink);
    expect(far).toBeNull();
    const link = new URL(near ?? "");
    expect(link.pathname).toBe("/next-offer-coaching/mock-interview");
    expect(link.searchParams.get("metadata[portal]")).toBeTruthy();
    expect(link.searchParams.get("metadata[interview]")).toBe(soon?.id);
    expect(link.searchParams.get("metadata[prepares]")).toBe("coding at Gamma");
  });

  test("the export holds interviews, offers, current pay and the outcome; deletion takes them", async () => {
    const nia = await client("Nia Export");
    const id = await application(nia);
    await addInterview(db(), own(nia), id, { kind: "behavioral", startsAt: "2026-07-01T09:30", notes: null });
    const offer = await saveOffer(db(), own(nia), id, OFFER);
    await setCurrentPay(db(), own(nia), { base: "150000", currency: "CAD" });
    await acceptOffer(db(), own(nia), offer?.id ?? "");
    const exported = await exportPersonData(db(), authorize(nia, "self.export"));
    expect(exported.jobInterviews).toHaveLength(1);
    expect(exported.jobOffers).toHaveLength(1);
    expect(exported.jobCurrentPay).toMatchObject({ base: 150000, currency: "CAD" });
    expect(exported.jobOutcomes).toHaveLength(1);
    const admin = await insertPerson(db(), "admin", null, "Ada Admin");
    await deletePerson(db(), authorize(admin, "profile.delete"), nia.id, files.store());
    for (const table of [jobInterviews, jobOffers])
      expect(await db().select().from(table).where(eq(table.applicationId, id))).toEqual([]);
    expect(await db().select().from(jobOutcomes).where(eq(jobOutcomes.clientId, nia.id))).toEqual([]);
  });
});
