import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { effectivePlan, type Plan, type QuotaKind } from "~/domain/plans";
import { quotaItems, usageSummary } from "~/domain/usage";
import type { Viewer } from "~/domain/viewer";
import { handleCalWebhook } from "~/server/bookings/cal-webhook.server";
import {
  bookingsOf,
  bookingsToResolve,
  ownBookings,
  sessionsView,
} from "~/server/models/bookings-read.server";
import { assignBooking, resolveBooking } from "~/server/models/bookings-resolve.server";
import { adjustUsage, usageFor, usagePermission } from "~/server/models/usage.server";
import { authorize, grant } from "~/server/policy.server";
import { auditEvents, bookings, calDeliveries, serviceUsage } from "~/server/schema";
import { calDelivery, calSignature, TEST_CAL_SECRET } from "../support/cal";
import { databaseLabel, freshDatabase } from "../support/database";
import { recordEvents } from "../support/live-events";
import { insertPerson } from "../support/people";

// Issue #18: Cal.com deliveries through the real handler (signature, parsing, one transaction) on a
// real database, PGlite or PostgreSQL (TEST_DATABASE_URL).

let database: Awaited<ReturnType<typeof freshDatabase>>;
const db = () => database.db;
let admin: Viewer;
let coach: Viewer;

beforeAll(async () => {
  database = await freshDatabase();
  admin = await insertPerson(db(), "admin", null, "Admin");
  coach = await insertPerson(db(), "coach", null, "Coach");
}, 120_000);
afterAll(() => database?.dispose());

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

/** `signature` null: no X-Cal-Signature-256 header. */
function send(
  body: string,
  signature: string | null = calSignature(body),
  secret: string | null = TEST_CAL_SECRET,
) {
  return handleCalWebhook(Buffer.from(body), signature ?? undefined, { secret, db: async () => db() });
}

async function deliver(trigger: string, fields: Parameters<typeof calDelivery>[1], at?: Date) {
  const delivery = calDelivery(trigger, fields, at);
  const answer = await send(delivery.body);
  return { ...answer, uid: delivery.uid };
}

async function used(clientId: string, kind: QuotaKind = "session_30m") {
  const [row] = await db()
    .select({ n: sql<number>`coalesce(sum(${serviceUsage.amount}), 0)::int` })
    .from(serviceUsage)
    .where(and(eq(serviceUsage.clientId, clientId), eq(serviceUsage.kind, kind)));
  return row?.n ?? 0;
}

async function bookingByUid(uid: string) {
  const [row] = await db().select().from(bookings).where(eq(bookings.uid, uid));
  return row;
}

const client = (plan: Plan, name = "Client") => insertPerson(db(), "client", plan, name);

describe(`Cal.com webhook (${databaseLabel})`, () => {
  test("a wrong, missing or placeholder signature, or no secret configured: 401 and nothing stored", async () => {
    const person = await client("pro");
    const { body } = calDelivery("BOOKING_CREATED", { email: person.email, start: inHours(48) });
    const tampered = body.replace("coaching-session", "mock-interview");
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(calDeliveries);
    expect((await send(tampered, calSignature(body))).status).toBe(401);
    expect((await send(body, null)).status).toBe(401);
    expect((await send(body, "no-secret-provided")).status).toBe(401);
    expect((await send(body, calSignature(body, "another-secret-0123456789"))).status).toBe(401);
    expect((await send(body, calSignature(body), null)).status).toBe(401);
    expect((await send(body, calSignature(body).slice(0, 10))).status).toBe(401);
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(calDeliveries);
    expect(after).toEqual(before);
    expect(await used(person.id)).toBe(0);
  });

  test("a booking by a client's email counts +1 through the ledger, with its audit rows", async () => {
    const person = await client("pro");
    const answer = await deliver("BOOKING_CREATED", {
      email: person.email.toUpperCase(),
      start: inHours(48),
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ status: "applied", summary: "counted" });
    expect(await used(person.id)).toBe(1);
    const row = await bookingByUid(answer.uid);
    expect(row).toMatchObject({ clientId: person.id, kind: "session_30m", counted: true, overPlan: false });
    expect(row?.joinUrl).toBe(`https://app.cal.com/video/${answer.uid}`);
    const trail = await db()
      .select({ action: auditEvents.action, actorId: auditEvents.actorId, after: auditEvents.after })
      .from(auditEvents)
      .where(eq(auditEvents.targetId, person.id));
    expect(trail.map((e) => e.action).sort()).toEqual(["booking.create", "usage.adjust"]);
    // No person made these: no actor, and the trail says Cal.com.
    expect(trail.every((e) => e.actorId === null && e.after?.via === "cal.com")).toBe(true);
    // The admin's hand +1 still goes through the same ledger and adds to it, as the admin.
    await adjustUsage(db(), authorize(admin, usagePermission("session_30m")), person.id, "session_30m", 1);
    expect(await used(person.id)).toBe(2);
    const [byHand] = await db()
      .select({ actorId: auditEvents.actorId, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, person.id), eq(auditEvents.actorId, admin.id)));
    expect(byHand).toMatchObject({ actorId: admin.id, after: { kind: "session_30m", used: 2 } });
    expect(byHand?.after).not.toHaveProperty("via");
  });

  test("twenty identical deliveries at once count once", async () => {
    const person = await client("premium");
    const delivery = calDelivery("BOOKING_CREATED", { email: person.email, start: inHours(72) });
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(delivery.body)));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.body.status === "applied")).toHaveLength(1);
    expect(answers.filter((a) => a.body.status === "duplicate")).toHaveLength(19);
    expect(await used(person.id)).toBe(1);
    const rows = await db().select().from(bookings).where(eq(bookings.clientId, person.id));
    expect(rows).toHaveLength(1);
  });

  test("a cancel that arrives before its create ends cancelled, with no count", async () => {
    const person = await client("pro");
    const start = inHours(48);
    const cancel = await deliver("BOOKING_CANCELLED", { email: person.email, start });
    expect(cancel.status).toBe(200);
    const create = await deliver("BOOKING_CREATED", { uid: cancel.uid, email: person.email, start });
    expect(create.body).toMatchObject({ status: "applied", summary: "already known" });
    expect(await bookingByUid(cancel.uid)).toMatchObject({ status: "cancelled", counted: false });
    expect(await used(person.id)).toBe(0);
  });

  test("a create and its cancel delivered at the same moment end cancelled, with the credit given back", async () => {
    const person = await client("premium");
    const start = inHours(72);
    const uids = Array.from({ length: 5 }, (_, i) => `race-${person.id}-${i}`);
    await Promise.all(
      uids.flatMap((uid) => [
        send(calDelivery("BOOKING_CREATED", { uid, email: person.email, start }).body),
        send(calDelivery("BOOKING_CANCELLED", { uid, email: person.email, start }).body),
        send(calDelivery("BOOKING_CREATED", { uid, email: person.email, start }).body),
      ]),
    );
    for (const uid of uids) {
      expect(await bookingByUid(uid)).toMatchObject({ status: "cancelled", counted: false });
    }
    expect(await used(person.id)).toBe(0);
  });

  test("a cancellation in time gives the credit back; a late one keeps it and says so", async () => {
    const person = await client("pro");
    const early = await deliver("BOOKING_CREATED", { email: person.email, start: inHours(72) });
    const late = await deliver("BOOKING_CREATED", { email: person.email, start: inHours(3) });
    expect(await used(person.id)).toBe(2);
    await deliver("BOOKING_CANCELLED", { uid: early.uid, email: person.email, start: inHours(72) });
    expect(await used(person.id)).toBe(1);
    expect(await bookingByUid(early.uid)).toMatchObject({
      status: "cancelled",
      counted: false,
      lateCancel: false,
    });
    const lateAnswer = await deliver("BOOKING_CANCELLED", {
      uid: late.uid,
      email: person.email,
      start: inHours(3),
    });
    expect(lateAnswer.body).toMatchObject({ summary: "late cancel" });
    expect(await bookingByUid(late.uid)).toMatchObject({
      status: "cancelled",
      counted: true,
      lateCancel: true,
    });
    expect(await used(person.id)).toBe(1);
    // The ledger holds a −1 row for the credit given back, not a deleted +1.
    const rows = await db().select().from(serviceUsage).where(eq(serviceUsage.clientId, person.id));
    expect(rows.map((r) => r.amount).sort()).toEqual([-1, 1, 1]);
  });

  test("the cancellation notice is measured from when Cal.com says it happened", async () => {
    const person = await client("pro");
    const start = inHours(30);
    const created = await deliver("BOOKING_CREATED", { email: person.email, start });
    // Delivered late: the cancel happened 10 hours ago, 40 hours before the start.
    await deliver("BOOKING_CANCELLED", { uid: created.uid, email: person.email, start }, inHours(-10));
    expect(await used(person.id)).toBe(0);
  });

  test("a reschedule moves the booking and changes no count", async () => {
    const person = await client("pro");
    const created = await deliver("BOOKING_CREATED", { email: person.email, start: inHours(48) });
    const newStart = inHours(96);
    const moved = await deliver("BOOKING_RESCHEDULED", {
      email: person.email,
      start: newStart,
      rescheduleUid: created.uid,
    });
    expect(moved.body).toMatchObject({ status: "applied", summary: "moved" });
    const row = await bookingByUid(created.uid);
    expect(row?.startsAt.toISOString()).toBe(newStart.toISOString());
    expect(row?.currentUid).toBe(moved.uid);
    expect(await used(person.id)).toBe(1);
    // Cancelled later under its new uid, in time: the credit comes back once.
    await deliver("BOOKING_CANCELLED", { uid: moved.uid, email: person.email, start: newStart });
    expect(await bookingByUid(created.uid)).toMatchObject({ status: "cancelled", counted: false });
    expect(await used(person.id)).toBe(0);
  });

  test("a booking beyond the plan is stored and flagged, never dropped; the admin resolves it", async () => {
    const person = await client("pro"); // 3 mock interviews
    for (let i = 0; i < 3; i++) {
      await deliver("BOOKING_CREATED", {
        type: "mock-interview",
        email: person.email,
        start: inHours(50 + i),
      });
    }
    const over = await deliver("BOOKING_CREATED", {
      type: "mock-interview",
      email: person.email,
      start: inHours(60),
    });
    expect(over.body).toMatchObject({ status: "applied", summary: "over plan" });
    expect(await used(person.id, "mock_interview")).toBe(3);
    expect(await bookingByUid(over.uid)).toMatchObject({ overPlan: true, counted: false, status: "booked" });
    const waiting = await bookingsToResolve(db(), authorize(coach, "bookings.read"));
    const row = waiting.find((b) => b.clientId === person.id);
    expect(row).toMatchObject({ overPlan: true });
    if (!row) throw new Error("not listed");
    // A coach sees it but gets no permit to resolve it.
    expect(grant(coach, "bookings.resolve")).toBeNull();
    const resolve = authorize(admin, "bookings.resolve");
    await expect(resolveBooking(db(), resolve, row.id, coach.id)).rejects.toMatchObject({
      init: { status: 404 },
    });
    await resolveBooking(db(), resolve, row.id, person.id);
    expect(
      (await bookingsToResolve(db(), authorize(admin, "bookings.read"))).some((b) => b.id === row.id),
    ).toBe(false);
  });

  test("a kind the plan doesn't include is over plan (Basic has no 30-minute sessions)", async () => {
    const person = await client("basic");
    const answer = await deliver("BOOKING_CREATED", { email: person.email, start: inHours(48) });
    expect(answer.body).toMatchObject({ summary: "over plan" });
    expect(await used(person.id)).toBe(0);
  });

  test("an unknown email is kept unmatched; an admin assigns it and it counts then", async () => {
    const events = await recordEvents(database.bus);
    const answer = await deliver("BOOKING_CREATED", {
      email: "stranger@elsewhere.example",
      start: inHours(48),
    });
    expect(answer.body).toMatchObject({ status: "applied", summary: "unmatched" });
    // Staff hear of it (the admin home lists it), though it names no client.
    await events.waitFor((event) => event.kind === "unmatched-booking");
    events.stop();
    const row = await bookingByUid(answer.uid);
    expect(row).toMatchObject({ clientId: null, counted: false });
    if (!row) throw new Error("not stored");
    const person = await client("pro");
    expect(grant(coach, "bookings.resolve")).toBeNull();
    const assign = authorize(admin, "bookings.resolve");
    // Only a client or lead can be given a booking; nothing changes otherwise.
    await expect(assignBooking(db(), assign, row.id, coach.email)).rejects.toMatchObject({
      init: { status: 400 },
    });
    expect(await bookingByUid(answer.uid)).toMatchObject({ clientId: null });
    await assignBooking(db(), assign, row.id, person.email.toUpperCase());
    expect(await bookingByUid(answer.uid)).toMatchObject({ clientId: person.id, counted: true });
    expect(await used(person.id)).toBe(1);
    await expect(assignBooking(db(), assign, row.id, person.email)).rejects.toMatchObject({
      init: { status: 409 },
    });
  });

  test("not Cal.com's shape → 400; other triggers and event types → ignored; nothing stored", async () => {
    const person = await client("pro");
    const count = async () =>
      (await db().select({ n: sql<number>`count(*)::int` }).from(calDeliveries))[0]?.n;
    const before = await count();
    const bad = [
      "not json",
      "[]",
      JSON.stringify({ triggerEvent: "BOOKING_CREATED", createdAt: "x", payload: {} }),
    ];
    const missing = JSON.parse(
      calDelivery("BOOKING_CREATED", { email: person.email, start: inHours(5) }).body,
    );
    delete missing.payload.startTime;
    bad.push(JSON.stringify(missing));
    for (const body of bad) {
      const answer = await send(body);
      expect(answer.status, body).toBe(400);
    }
    const ping = JSON.stringify({ triggerEvent: "PING", createdAt: new Date().toISOString(), payload: {} });
    expect(await send(ping)).toMatchObject({ status: 200, body: { ignored: expect.any(String) } });
    const intro = await deliver("BOOKING_CREATED", {
      type: "intro-call",
      email: person.email,
      start: inHours(5),
    });
    expect(intro).toMatchObject({ status: 200, body: { status: "ignored" } });
    expect(await count()).toBe(before);
    expect(await used(person.id)).toBe(0);
  });
});

describe(`the client's sessions (${databaseLabel})`, () => {
  async function view(person: Viewer, now = new Date()) {
    const quotas = quotaItems(
      usageSummary(
        effectivePlan(person.plan),
        await usageFor(db(), authorize(admin, "client.read"), person.id),
      ),
    );
    const own = authorize(person, "portal.read-own");
    return sessionsView(own, await ownBookings(db(), own), quotas, now);
  }

  test("upcoming and past are the client's own; book buttons only while the plan has credit", async () => {
    const person = await client("pro", "Ada Lovelace"); // 4 sessions, 3 mock interviews
    const other = await client("pro");
    const first = await deliver("BOOKING_CREATED", { email: person.email, start: inHours(24) });
    await deliver("BOOKING_CREATED", { email: other.email, start: inHours(24) });
    const past = await deliver("BOOKING_CREATED", { email: person.email, start: inHours(-48) });
    let sessions = await view(person);
    expect(sessions.upcoming.map((s) => s.id)).toEqual([(await bookingByUid(first.uid))?.id]);
    expect(sessions.past.map((s) => s.id)).toEqual([(await bookingByUid(past.uid))?.id]);
    expect(sessions.upcoming[0]?.joinUrl).toBe(`https://app.cal.com/video/${first.uid}`);
    const link = new URL(sessions.book.session ?? "");
    expect(link.origin + link.pathname).toBe("https://cal.com/next-offer-coaching/coaching-session");
    expect(link.searchParams.get("name")).toBe("Ada Lovelace");
    expect(link.searchParams.get("email")).toBe(person.email);
    expect(sessions.book.mockInterview).toContain("mock-interview");
    // Two more sessions use up the plan's four: no more "Book a session".
    await deliver("BOOKING_CREATED", { email: person.email, start: inHours(30) });
    await deliver("BOOKING_CREATED", { email: person.email, start: inHours(40) });
    sessions = await view(person);
    expect(sessions.upcoming).toHaveLength(3);
    expect(sessions.book.session).toBeNull();
    expect(sessions.book.mockInterview).not.toBeNull();
    // The coach sees them on the client's page; a coach has no "own" bookings to read.
    expect(await bookingsOf(db(), authorize(coach, "bookings.read"), person.id)).toHaveLength(4);
    expect(grant(coach, "portal.read-own")).toBeNull();
  });
});
