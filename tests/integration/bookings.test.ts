import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { SETTINGS } from "~/content/settings";
import { effectivePlan, type Plan, type QuotaKind } from "~/domain/plans";
import { quotaItems, usageSummary } from "~/domain/usage";
import type { Viewer } from "~/domain/viewer";
import { bookingToken, bookingTokenOwner } from "~/server/bookings/booking-token.server";
import type { CalTrigger } from "~/server/bookings/cal-payload.server";
import { calWebhook } from "~/server/entries/cal-webhook.server";
import {
  bookingsOf,
  bookingsToResolve,
  ownBookings,
  sessionsView,
} from "~/server/models/bookings-read.server";
import {
  assignBooking,
  confirmBooking,
  dismissBooking,
  resolveBooking,
} from "~/server/models/bookings-resolve.server";
import { adjustUsage, usageFor, usagePermission } from "~/server/models/usage.server";
import { authorize, grant } from "~/server/policy.server";
import { auditEvents, bookings, calDeliveries, serviceUsage } from "~/server/schema";
import { calDelivery, calSignature, ORGANIZER_EMAIL, TEST_CAL_SECRET } from "../support/cal";
import { clientRecords } from "../support/client-records";
import { databaseLabel } from "../support/database";
import { recordEvents } from "../support/live-events";
import { insertPerson } from "../support/people";
import { openDatabaseForFile } from "../support/test-database";

// Cal.com deliveries through the real handler on a real database (docs/decisions/0028-bookings.md,
// 0036-booking-ownership.md), from tests/support/cal.ts's fixtures.

// The onboarding gates are tested in agreement.test.ts; here nothing holds booking back.
const NO_GATES = { agreement: null, blocksBooking: { intake: false, agreement: false } };

const database = openDatabaseForFile();
const db = () => database().db;
let admin: Viewer;
let coach: Viewer;

beforeAll(async () => {
  admin = await insertPerson(db(), "admin", null, "Admin");
  coach = await insertPerson(db(), "coach", null, "Coach");
});

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

function send(
  body: string,
  signature: string | null = calSignature(body),
  secret: string | null = TEST_CAL_SECRET,
  settings = SETTINGS.bookings,
) {
  return calWebhook.handle(Buffer.from(body), signature ?? undefined, {
    secret,
    db: async () => db(),
    settings,
  });
}

async function deliver(
  trigger: CalTrigger,
  fields: Parameters<typeof calDelivery>[1],
  at?: Date,
  settings?: typeof SETTINGS.bookings,
) {
  const delivery = calDelivery(trigger, fields, at);
  const answer = await send(delivery.body, undefined, undefined, settings);
  return { ...answer, uid: delivery.uid };
}

const from = (person: Viewer) => ({ email: person.email, token: bookingToken(person.id) });

const { usedOf } = clientRecords(db);
const used = (clientId: string, kind: QuotaKind = "session_30m") => usedOf(clientId, kind);

async function bookingByUid(uid: string) {
  const [row] = await db().select().from(bookings).where(eq(bookings.uid, uid));
  return row;
}

const client = (plan: Plan, name = "Client") => insertPerson(db(), "client", plan, name);

describe(`Cal.com webhook (${databaseLabel})`, () => {
  test("a wrong, missing or placeholder signature, or no secret configured: 401 and nothing stored", async () => {
    const person = await client("pro");
    const { body } = calDelivery("BOOKING_CREATED", { ...from(person), start: inHours(48) });
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

  test("BOOKING_CREATED from the client's portal link counts +1 through the ledger, with its audit rows", async () => {
    const person = await client("pro");
    const answer = await deliver("BOOKING_CREATED", {
      ...from(person),
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
    expect(trail.every((e) => e.actorId === null && e.after?.via === "cal.com")).toBe(true);
    // The admin's hand +1 goes through the same ledger, as the admin.
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
    const delivery = calDelivery("BOOKING_CREATED", { ...from(person), start: inHours(72) });
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
    const cancel = await deliver("BOOKING_CANCELLED", { ...from(person), start });
    expect(cancel.status).toBe(200);
    const create = await deliver("BOOKING_CREATED", { uid: cancel.uid, ...from(person), start });
    // Cal.com's cancel carries no metadata: the create's token says whose it is.
    expect(create.body).toMatchObject({ status: "applied", summary: "cancelled" });
    expect(await bookingByUid(cancel.uid)).toMatchObject({
      status: "cancelled",
      counted: false,
      clientId: person.id,
    });
    const again = await deliver("BOOKING_CREATED", { uid: cancel.uid, ...from(person), start });
    expect(again.body).toMatchObject({ status: "duplicate" });
    expect(await used(person.id)).toBe(0);
  });

  test("a create and its cancel delivered at the same moment end cancelled, with the credit given back", async () => {
    const person = await client("premium");
    const start = inHours(72);
    const uids = Array.from({ length: 5 }, (_, i) => `race-${person.id}-${i}`);
    await Promise.all(
      uids.flatMap((uid) => [
        send(calDelivery("BOOKING_CREATED", { uid, ...from(person), start }).body),
        send(calDelivery("BOOKING_CANCELLED", { uid, ...from(person), start }).body),
        send(calDelivery("BOOKING_CREATED", { uid, ...from(person), start }).body),
      ]),
    );
    for (const uid of uids) {
      expect(await bookingByUid(uid)).toMatchObject({ status: "cancelled", counted: false });
    }
    expect(await used(person.id)).toBe(0);
  });

  test("BOOKING_CANCELLED in time gives the credit back; a late one keeps it and says so", async () => {
    const person = await client("pro");
    const early = await deliver("BOOKING_CREATED", { ...from(person), start: inHours(72) });
    const late = await deliver("BOOKING_CREATED", { ...from(person), start: inHours(3) });
    expect(await used(person.id)).toBe(2);
    await deliver("BOOKING_CANCELLED", { uid: early.uid, ...from(person), start: inHours(72) });
    expect(await used(person.id)).toBe(1);
    expect(await bookingByUid(early.uid)).toMatchObject({
      status: "cancelled",
      counted: false,
      lateCancel: false,
    });
    const lateAnswer = await deliver("BOOKING_CANCELLED", {
      uid: late.uid,
      ...from(person),
      start: inHours(3),
    });
    expect(lateAnswer.body).toMatchObject({ summary: "late cancel" });
    expect(await bookingByUid(late.uid)).toMatchObject({
      status: "cancelled",
      counted: true,
      lateCancel: true,
    });
    expect(await used(person.id)).toBe(1);
    // A −1 row for the credit given back, not a deleted +1.
    const rows = await db().select().from(serviceUsage).where(eq(serviceUsage.clientId, person.id));
    expect(rows.map((r) => r.amount).sort()).toEqual([-1, 1, 1]);
  });

  test("the cancellation notice is measured from when Cal.com says it happened", async () => {
    const person = await client("pro");
    const start = inHours(30);
    const created = await deliver("BOOKING_CREATED", { ...from(person), start });
    await deliver("BOOKING_CANCELLED", { uid: created.uid, ...from(person), start }, inHours(-10));
    expect(await used(person.id)).toBe(0);
  });

  test("BOOKING_RESCHEDULED moves the booking and changes no count", async () => {
    const person = await client("pro");
    const created = await deliver("BOOKING_CREATED", { ...from(person), start: inHours(48) });
    const newStart = inHours(96);
    const moved = await deliver("BOOKING_RESCHEDULED", {
      ...from(person),
      start: newStart,
      rescheduleUid: created.uid,
    });
    expect(moved.body).toMatchObject({ status: "applied", summary: "moved" });
    const row = await bookingByUid(created.uid);
    expect(row?.startsAt.toISOString()).toBe(newStart.toISOString());
    expect(row?.currentUid).toBe(moved.uid);
    expect(await used(person.id)).toBe(1);
    await deliver("BOOKING_CANCELLED", { uid: moved.uid, ...from(person), start: newStart });
    expect(await bookingByUid(created.uid)).toMatchObject({ status: "cancelled", counted: false });
    expect(await used(person.id)).toBe(0);
  });

  test("a booking beyond the plan is stored and flagged, never dropped; the admin resolves it", async () => {
    const person = await client("pro"); // 3 mock interviews
    for (let i = 0; i < 3; i++) {
      await deliver("BOOKING_CREATED", {
        type: "mock-interview",
        ...from(person),
        start: inHours(50 + i),
      });
    }
    const over = await deliver("BOOKING_CREATED", {
      type: "mock-interview",
      ...from(person),
      start: inHours(60),
    });
    expect(over.body).toMatchObject({ status: "applied", summary: "over plan" });
    expect(await used(person.id, "mock_interview")).toBe(3);
    expect(await bookingByUid(over.uid)).toMatchObject({ overPlan: true, counted: false, status: "booked" });
    const waiting = await bookingsToResolve(db(), authorize(coach, "bookings.read"));
    const row = waiting.find((b) => b.clientId === person.id);
    expect(row).toMatchObject({ overPlan: true });
    if (!row) throw new Error("not listed");
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
    const answer = await deliver("BOOKING_CREATED", { ...from(person), start: inHours(48) });
    expect(answer.body).toMatchObject({ summary: "over plan" });
    expect(await used(person.id)).toBe(0);
  });

  test("an unknown email is kept unmatched; an admin assigns it and it counts then", async () => {
    const events = await recordEvents(database().bus);
    const answer = await deliver("BOOKING_CREATED", {
      email: "stranger@elsewhere.example",
      start: inHours(48),
    });
    expect(answer.body).toMatchObject({ status: "applied", summary: "unmatched" });
    // Staff hear of it though it names no client.
    await events.waitFor((event) => event.kind === "unmatched-booking");
    events.stop();
    const row = await bookingByUid(answer.uid);
    expect(row).toMatchObject({ clientId: null, counted: false });
    if (!row) throw new Error("not stored");
    const person = await client("pro");
    expect(grant(coach, "bookings.resolve")).toBeNull();
    const assign = authorize(admin, "bookings.resolve");
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

  test("a client's email without their portal link's token counts nothing and waits to be confirmed", async () => {
    const person = await client("pro", "Maya Chen");
    const events = await recordEvents(database().bus);
    const answer = await deliver("BOOKING_CREATED", { email: person.email, start: inHours(48) });
    expect(answer.body).toMatchObject({ status: "applied", summary: "to confirm" });
    await events.waitFor((event) => event.kind === "unmatched-booking");
    events.stop();
    expect(await used(person.id)).toBe(0);
    expect(await ownBookings(db(), authorize(person, "portal.read-own"))).toEqual([]);
    const row = await bookingByUid(answer.uid);
    expect(row).toMatchObject({
      clientId: null,
      claimedBy: person.id,
      counted: false,
      confirmReason: "Booked with Maya's email but not from their portal link",
    });
    if (!row) throw new Error("not stored");
    const waiting = await bookingsToResolve(db(), authorize(coach, "bookings.read"));
    expect(waiting.find((b) => b.id === row.id)).toMatchObject({
      claimantName: "Maya Chen",
      confirmReason: "Booked with Maya's email but not from their portal link",
    });
    expect(grant(coach, "bookings.resolve")).toBeNull();
    const decide = authorize(admin, "bookings.resolve");
    await expect(confirmBooking(db(), decide, row.id)).resolves.toMatchObject({ summary: "counted" });
    expect(await bookingByUid(answer.uid)).toMatchObject({
      clientId: person.id,
      claimedBy: null,
      counted: true,
    });
    expect(await used(person.id)).toBe(1);
    await expect(confirmBooking(db(), decide, row.id)).rejects.toMatchObject({ init: { status: 409 } });
  });

  test("a forged token or one from another secret counts for no one; the admin assigns or dismisses", async () => {
    const person = await client("pro", "Maya Chen");
    const other = await client("pro", "Omar Haddad");
    const forged = bookingToken(person.id, "another-session-secret-0123456789abcdef");
    const flipped = `${bookingToken(other.id).slice(0, -2)}AA`;
    const first = await deliver("BOOKING_CREATED", {
      email: person.email,
      token: forged,
      start: inHours(48),
    });
    const second = await deliver("BOOKING_CREATED", {
      email: person.email,
      token: flipped,
      start: inHours(50),
    });
    for (const answer of [first, second]) {
      expect(answer.body).toMatchObject({ summary: "to confirm" });
      expect(await bookingByUid(answer.uid)).toMatchObject({
        clientId: null,
        confirmReason: "Booked with Maya's email and a portal link that is not valid",
      });
    }
    expect(await used(person.id)).toBe(0);
    expect(await used(other.id)).toBe(0);
    const decide = authorize(admin, "bookings.resolve");
    const one = await bookingByUid(first.uid);
    const two = await bookingByUid(second.uid);
    if (!one || !two) throw new Error("not stored");
    await assignBooking(db(), decide, one.id, other.email);
    expect(await bookingByUid(first.uid)).toMatchObject({
      clientId: other.id,
      claimedBy: null,
      counted: true,
    });
    expect(await used(other.id)).toBe(1);
    await dismissBooking(db(), decide, two.id);
    const waiting = await bookingsToResolve(db(), authorize(admin, "bookings.read"));
    expect(waiting.some((b) => b.id === one.id || b.id === two.id)).toBe(false);
    await expect(confirmBooking(db(), decide, two.id)).rejects.toMatchObject({ init: { status: 409 } });
    expect(await used(person.id)).toBe(0);
  });

  test("a valid token counts for the person it was made for, whatever email was typed", async () => {
    const person = await client("pro");
    const token = bookingToken(person.id);
    expect(bookingTokenOwner(token)).toBe(person.id);
    expect(bookingToken(person.id)).toBe(token); // the same on every render: a link that sits in a page works
    const answer = await deliver("BOOKING_CREATED", {
      email: "typo@elsewhere.example",
      token,
      start: inHours(48),
    });
    expect(answer.body).toMatchObject({ summary: "counted" });
    expect(await used(person.id)).toBe(1);
  });

  test("with trustBookerEmail on (Cal.com verifies the booker's email), the email alone counts", async () => {
    const person = await client("pro");
    const trusting = { ...SETTINGS.bookings, trustBookerEmail: true };
    const answer = await deliver(
      "BOOKING_CREATED",
      { email: person.email, start: inHours(48) },
      undefined,
      trusting,
    );
    expect(answer.body).toMatchObject({ summary: "counted" });
    expect(await used(person.id)).toBe(1);
  });

  test("a reschedule before its create without the token waits; the create's token makes it theirs", async () => {
    const person = await client("pro");
    const uid = `early-${person.id}`;
    const moved = await deliver("BOOKING_RESCHEDULED", {
      email: person.email,
      start: inHours(96),
      rescheduleUid: uid,
    });
    expect(moved.body).toMatchObject({ summary: "to confirm" });
    const created = await deliver("BOOKING_CREATED", { uid, ...from(person), start: inHours(48) });
    expect(created.body).toMatchObject({ summary: "counted" });
    expect(await bookingByUid(uid)).toMatchObject({
      clientId: person.id,
      counted: true,
      currentUid: moved.uid,
    });
    expect(await used(person.id)).toBe(1);
  });

  test("a reschedule inside the notice window is a late change: cancelling the new time gives nothing back", async () => {
    const person = await client("pro");
    const created = await deliver("BOOKING_CREATED", { ...from(person), start: inHours(2) });
    const newStart = inHours(96);
    const moved = await deliver("BOOKING_RESCHEDULED", {
      ...from(person),
      start: newStart,
      originalStart: inHours(2),
      rescheduleUid: created.uid,
    });
    expect(moved.body).toMatchObject({ summary: "moved late" });
    expect(await bookingByUid(created.uid)).toMatchObject({ lateChange: true, counted: true });
    const own = authorize(person, "portal.read-own");
    const view = sessionsView(own, await ownBookings(db(), own), [], new Date(), NO_GATES);
    expect(view.upcoming[0]).toMatchObject({ lateChange: true, changeIsLate: true });
    expect(view.upcoming[0]?.changeUrl).toBe(`https://cal.com/booking/${moved.uid}`);
    // "In time", but the late change already kept the session used.
    const cancel = await deliver("BOOKING_CANCELLED", { uid: moved.uid, ...from(person), start: newStart });
    expect(cancel.body).toMatchObject({ summary: "late cancel" });
    expect(await bookingByUid(created.uid)).toMatchObject({ counted: true, lateCancel: true });
    expect(await used(person.id)).toBe(1);
  });

  test("the coach moving or cancelling a session, however late, never costs the client", async () => {
    const person = await client("pro");
    const created = await deliver("BOOKING_CREATED", { ...from(person), start: inHours(2) });
    const moved = await deliver("BOOKING_RESCHEDULED", {
      ...from(person),
      start: inHours(3),
      rescheduleUid: created.uid,
      by: ORGANIZER_EMAIL.toUpperCase(),
    });
    expect(moved.body).toMatchObject({ summary: "moved" });
    expect(await bookingByUid(created.uid)).toMatchObject({ lateChange: false });
    const cancel = await deliver("BOOKING_CANCELLED", {
      uid: moved.uid,
      ...from(person),
      start: inHours(3),
      by: ORGANIZER_EMAIL,
    });
    expect(cancel.body).toMatchObject({ summary: "cancelled by the coach" });
    expect(await bookingByUid(created.uid)).toMatchObject({ counted: false, lateCancel: false });
    expect(await used(person.id)).toBe(0);
    const second = await deliver("BOOKING_CREATED", { ...from(person), start: inHours(3) });
    const late = await deliver("BOOKING_CANCELLED", { uid: second.uid, ...from(person), start: inHours(3) });
    expect(late.body).toMatchObject({ summary: "late cancel" });
    expect(await used(person.id)).toBe(1);
  });

  test("the README's example delivery works: with the link's token it counts, without it waits", async () => {
    const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
    const line = /^body='(.*)'$/m.exec(readme)?.[1];
    if (!line) throw new Error("no example body in the README");
    const person = await client("pro");
    const example = (token: string, uid: string) =>
      line
        .replace(`'"$token"'`, token)
        .replace('"uid":"try-1"', `"uid":"${uid}"`)
        .replace("daniel.okafor@example.com", person.email)
        .replace(/2026-01-08/g, inHours(48).toISOString().slice(0, 10));
    const counted = await send(example(bookingToken(person.id), `readme-${person.id}`));
    expect(counted.body).toMatchObject({ summary: "counted" });
    const waits = await send(example("paste the metadata[portal] value here", `readme2-${person.id}`));
    expect(waits.body).toMatchObject({ summary: "to confirm" });
    expect(await used(person.id)).toBe(1);
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
    const missing = JSON.parse(calDelivery("BOOKING_CREATED", { ...from(person), start: inHours(5) }).body);
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
      ...from(person),
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
    return sessionsView(own, await ownBookings(db(), own), quotas, now, NO_GATES);
  }

  test("upcoming and past are the client's own; book buttons only while the plan has credit", async () => {
    const person = await client("pro", "Ada Lovelace"); // 4 sessions, 3 mock interviews
    const other = await client("pro");
    const first = await deliver("BOOKING_CREATED", { ...from(person), start: inHours(24) });
    await deliver("BOOKING_CREATED", { ...from(other), start: inHours(24) });
    const past = await deliver("BOOKING_CREATED", { ...from(person), start: inHours(-48) });
    let sessions = await view(person);
    expect(sessions.upcoming.map((s) => s.id)).toEqual([(await bookingByUid(first.uid))?.id]);
    expect(sessions.past.map((s) => s.id)).toEqual([(await bookingByUid(past.uid))?.id]);
    expect(sessions.upcoming[0]?.joinUrl).toBe(`https://app.cal.com/video/${first.uid}`);
    const link = new URL(sessions.book.session ?? "");
    expect(link.origin + link.pathname).toBe("https://cal.com/next-offer-coaching/coaching-session");
    expect(link.searchParams.get("name")).toBe("Ada Lovelace");
    expect(link.searchParams.get("email")).toBe(person.email);
    expect(bookingTokenOwner(link.searchParams.get("metadata[portal]"))).toBe(person.id);
    expect(sessions.book.mockInterview).toContain("mock-interview");
    await deliver("BOOKING_CREATED", { ...from(person), start: inHours(30) });
    await deliver("BOOKING_CREATED", { ...from(person), start: inHours(40) });
    sessions = await view(person);
    expect(sessions.upcoming).toHaveLength(3);
    expect(sessions.book.session).toBeNull();
    expect(sessions.book.mockInterview).not.toBeNull();
    expect(await bookingsOf(db(), authorize(coach, "bookings.read"), person.id)).toHaveLength(4);
    expect(grant(coach, "portal.read-own")).toBeNull();
  });
});
