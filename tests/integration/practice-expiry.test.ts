import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { SETTINGS } from "~/content/settings";
import type { QuotaKind } from "~/domain/plans";
import { planExpiresAt } from "~/domain/practice";
import { quotaItems, usageSummary } from "~/domain/usage";
import type { Viewer } from "~/domain/viewer";
import { EXPIRY_MONTHS_MESSAGE, PRACTICE_SAVED, practiceSettingsForm } from "~/lib/schemas/practice";
import { bookingToken } from "~/server/bookings/booking-token.server";
import { calWebhook } from "~/server/entries/cal-webhook.server";
import { sessionsView } from "~/server/models/bookings-read.server";
import { setPlan } from "~/server/models/people.server";
import { dashboardData } from "~/server/models/portal.server";
import { planExpiryOf, practiceRules, setPracticeRules } from "~/server/models/practice-settings.server";
import { adjustUsage } from "~/server/models/usage.server";
import { authorize, grant } from "~/server/policy.server";
import { auditEvents, bookings, profiles } from "~/server/schema";
import { practiceSettings } from "~/server/schema-practice";
import { calDelivery, calSignature, TEST_CAL_SECRET } from "../support/cal";
import { clientRecords } from "../support/client-records";
import { databaseLabel } from "../support/database";
import { recordEvents } from "../support/live-events";
import { insertPerson } from "../support/people";
import { expectRefusedIn } from "../support/refusal";
import { openDatabaseForFile } from "../support/test-database";

// The practice's settings and the sessions' expiry (docs/decisions/0055-no-shows-and-expiry.md, "Expiry")
// on a real database: the admin's form and its audit, a booking after the period counted over plan, the
// admin's own +1 as an override, and a new plan starting the period again.

const database = openDatabaseForFile();
const db = () => database().db;
const refusedUnchanged = expectRefusedIn(db);
const DAY = 86_400_000;
const NO_GATES = { agreement: null, blocksBooking: { intake: false, agreement: false } };

let admin: Viewer;
let coach: Viewer;
beforeAll(async () => {
  admin = await insertPerson(db(), "admin", null, "Admin");
  coach = await insertPerson(db(), "coach", null, "Coach");
});
// The setting holds for every client: each test starts from the defaults (no row).
afterEach(async () => {
  await db().delete(practiceSettings);
});

const setRules = (expiryMonths: number | null, noShowCountsAsUsed = true) =>
  setPracticeRules(db(), authorize(admin, "practice.settings"), { noShowCountsAsUsed, expiryMonths });

/** A Pro client whose plan started `daysAgo` days ago (null: never set, so the profile's creation counts). */
async function client(daysAgo: number | null, createdDaysAgo = 0) {
  const person = await insertPerson(db(), "client", "pro", "Client");
  await db()
    .update(profiles)
    .set({
      planStartedAt: daysAgo === null ? null : new Date(Date.now() - daysAgo * DAY),
      createdAt: new Date(Date.now() - createdDaysAgo * DAY),
    })
    .where(eq(profiles.id, person.id));
  return person;
}

async function book(person: Viewer, kind: QuotaKind = "session_30m") {
  const delivery = calDelivery("BOOKING_CREATED", {
    email: person.email,
    token: bookingToken(person.id),
    start: new Date(Date.now() + 2 * DAY),
    ...(kind === "mock_interview" ? { type: "mock-interview" } : {}),
  });
  const answer = await calWebhook.handle(Buffer.from(delivery.body), calSignature(delivery.body), {
    secret: TEST_CAL_SECRET,
    db: async () => db(),
    settings: SETTINGS.bookings,
  });
  const [row] = await db().select().from(bookings).where(eq(bookings.uid, delivery.uid));
  return { answer, row };
}

const { usedOf } = clientRecords(db);

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return practiceSettingsForm.parse(data);
};

describe(`Practice settings (${databaseLabel})`, () => {
  test("the form reads the box and 1–36 months, empty for never, and says what is wrong", () => {
    expect(form({ noShowCountsAsUsed: "on", expiryMonths: "" })).toEqual({
      ok: true,
      data: { noShowCountsAsUsed: true, expiryMonths: null },
    });
    expect(form({ expiryMonths: " 12 " })).toEqual({
      ok: true,
      data: { noShowCountsAsUsed: false, expiryMonths: 12 },
    });
    expect(form({ expiryMonths: "36" })).toMatchObject({ ok: true, data: { expiryMonths: 36 } });
    for (const bad of ["0", "37", "1.5", "-1", "twelve", "100"]) {
      expect(form({ expiryMonths: bad }), bad).toMatchObject({
        ok: false,
        error: EXPIRY_MONTHS_MESSAGE,
        field: "expiryMonths",
      });
    }
    expect(PRACTICE_SAVED).toBe("Practice settings saved.");
  });

  test("the admin's change is saved, audited before and after, and heard live; out of range changes nothing", async () => {
    expect(await practiceRules(db())).toEqual({ noShowCountsAsUsed: true, expiryMonths: null });
    const events = await recordEvents(database().bus);
    await setRules(6, false);
    expect(await practiceRules(db())).toEqual({ noShowCountsAsUsed: false, expiryMonths: 6 });
    await events.waitFor((event) => event.kind === "practice");
    events.stop();
    await setRules(null);
    const audits = await db()
      .select({ before: auditEvents.before, after: auditEvents.after, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(eq(auditEvents.action, "practice.settings"))
      .orderBy(auditEvents.createdAt);
    expect(audits).toEqual([
      {
        actorId: admin.id,
        before: { noShowCountsAsUsed: true, expiryMonths: null },
        after: { noShowCountsAsUsed: false, expiryMonths: 6 },
      },
      {
        actorId: admin.id,
        before: { noShowCountsAsUsed: false, expiryMonths: 6 },
        after: { noShowCountsAsUsed: true, expiryMonths: null },
      },
    ]);
    for (const months of [0, 37, 2.5, Number.NaN]) {
      await refusedUnchanged(() => setRules(months), 400, EXPIRY_MONTHS_MESSAGE);
    }
  });

  test("only the admin holds the permit; the coach reads the values", async () => {
    expect(grant(admin, "practice.settings")).not.toBeNull();
    expect(grant(coach, "practice.settings")).toBeNull();
    expect(() => authorize(coach, "practice.settings")).toThrow();
    await setRules(3);
    expect(await practiceRules(db())).toMatchObject({ expiryMonths: 3 });
  });
});

describe(`Sessions expire (${databaseLabel})`, () => {
  test("with no period set, a plan started years ago still counts its bookings", async () => {
    const old = await client(900, 900);
    expect(await planExpiryOf(db(), old.id, new Date())).toBeNull();
    expect((await book(old)).row).toMatchObject({ counted: true, overPlan: false });
  });

  test("after the period, a booking is over plan (sessions and mock interviews); within it, counted", async () => {
    await setRules(1);
    const lapsed = await client(45);
    const fresh = await client(10);
    const [started] = await db()
      .select({ at: profiles.planStartedAt })
      .from(profiles)
      .where(eq(profiles.id, lapsed.id));
    expect(await planExpiryOf(db(), lapsed.id, new Date())).toEqual({
      at: planExpiresAt(started?.at as Date, 1)?.toISOString(),
      passed: true,
    });
    for (const kind of ["session_30m", "mock_interview"] as const) {
      const late = await book(lapsed, kind);
      expect(late.answer.body).toMatchObject({ status: "applied", summary: "over plan" });
      expect(late.row).toMatchObject({ counted: false, overPlan: true });
      expect(await usedOf(lapsed.id, kind)).toBe(0);
      expect((await book(fresh, kind)).row).toMatchObject({ counted: true, overPlan: false });
    }
    expect(await planExpiryOf(db(), fresh.id, new Date())).toMatchObject({ passed: false });
  });

  test("a profile without a plan start counts from its creation", async () => {
    await setRules(2);
    const created = await client(null, 70);
    const expiry = await planExpiryOf(db(), created.id, new Date());
    expect(expiry?.passed).toBe(true);
    const [row] = await db()
      .select({ createdAt: profiles.createdAt })
      .from(profiles)
      .where(eq(profiles.id, created.id));
    expect(expiry?.at).toBe(planExpiresAt(row?.createdAt as Date, 2)?.toISOString());
    expect((await book(created)).row).toMatchObject({ overPlan: true });
  });

  test("the admin's own +1 after the period is allowed as an override and marked in the trail", async () => {
    await setRules(1);
    const lapsed = await client(60);
    const expiry = await planExpiryOf(db(), lapsed.id, new Date());
    await adjustUsage(db(), authorize(admin, "usage.adjust"), lapsed.id, "session_30m", 1);
    expect(await usedOf(lapsed.id, "session_30m")).toBe(1);
    const [trail] = await db()
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "usage.adjust"), eq(auditEvents.targetId, lapsed.id)));
    expect(trail?.after).toMatchObject({ kind: "session_30m", used: 1, afterExpiry: expiry?.at });
  });

  test("a new plan starts the period again", async () => {
    await setRules(1);
    const lapsed = await client(90);
    expect((await book(lapsed)).row).toMatchObject({ overPlan: true });
    await setPlan(db(), authorize(admin, "profile.set-plan"), lapsed.id, "premium");
    expect(await planExpiryOf(db(), lapsed.id, new Date())).toMatchObject({ passed: false });
    expect((await book(lapsed)).row).toMatchObject({ counted: true, overPlan: false });
  });

  test("the portal shows the period over and sends no booking link", async () => {
    await setRules(1);
    const lapsed = await client(40);
    const permit = authorize(lapsed, "portal.read-own");
    const found = await dashboardData(db(), permit, 5);
    expect(found.expiry).toMatchObject({ passed: true });
    const quotas = quotaItems(usageSummary("pro", found.usage, found.expiry));
    expect(quotas.every((q) => q.expiry?.passed)).toBe(true);
    const view = sessionsView(permit, found.bookings, quotas, new Date(), NO_GATES);
    expect(view.book).toEqual({ session: null, mockInterview: null });
    await setRules(null);
    const again = await dashboardData(db(), permit, 5);
    expect(again.expiry).toBeNull();
    const open = sessionsView(
      permit,
      again.bookings,
      quotaItems(usageSummary("pro", again.usage)),
      new Date(),
      NO_GATES,
    );
    expect(open.book.session).not.toBeNull();
  });
});
