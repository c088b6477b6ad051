import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { funnelFrom } from "~/domain/funnel";
import type { Viewer } from "~/domain/viewer";
import { bookingToken } from "~/server/bookings/booking-token.server";
import { noShowsByKind } from "~/server/business/no-shows.server";
import { calWebhook } from "~/server/entries/cal-webhook.server";
import { markNoShow } from "~/server/models/bookings-no-show.server";
import { authorize } from "~/server/policy.server";
import { auditEvents, bookings, calDeliveries } from "~/server/schema";
import { practiceSettings } from "~/server/schema-practice";
import { calDelivery, calSignature, noShowUpdated, TEST_CAL_SECRET } from "../support/cal";
import { clientRecords } from "../support/client-records";
import { databaseLabel } from "../support/database";
import { recordEvents } from "../support/live-events";
import { insertPerson } from "../support/people";
import { modelRefusal } from "../support/refusal";
import { openDatabaseForFile } from "../support/test-database";

// No-shows (docs/decisions/0055-no-shows-and-expiry.md, "No-shows"): Cal.com's signed BOOKING_NO_SHOW_UPDATED
// (tests/support/cal.ts's fixture, from Cal.com's source) and the coach's mark, on a real database; and
// their count on the capacity page.

const database = openDatabaseForFile();
const db = () => database().db;
let coach: Viewer;

beforeAll(async () => {
  coach = await insertPerson(db(), "coach", null, "Coach");
});

// The setting's row exists only in the tests that turn it off.
afterEach(async () => {
  await db().delete(practiceSettings);
});

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

const send = (body: string, signature = calSignature(body)) =>
  calWebhook.handle(Buffer.from(body), signature, { secret: TEST_CAL_SECRET, db: async () => db() });

const { usedOf } = clientRecords(db);
const used = (clientId: string) => usedOf(clientId, "session_30m");

/** A client's session booked through their portal link, `hours` from now (negative: past). */
async function session(hours: number, plan: "pro" | "basic" = "pro") {
  const person = await insertPerson(db(), "client", plan, "Client");
  const delivery = calDelivery("BOOKING_CREATED", {
    email: person.email,
    token: bookingToken(person.id),
    start: inHours(hours),
  });
  const answer = await send(delivery.body);
  expect(answer.body).toMatchObject({ status: "applied", summary: "counted" });
  return { person, uid: delivery.uid, id: String(answer.body.bookingId) };
}

async function row(id: string) {
  const [found] = await db().select().from(bookings).where(eq(bookings.id, id));
  return found;
}

const givesBack = () =>
  db().insert(practiceSettings).values({ id: 1, noShowCountsAsUsed: false, expiryMonths: null });

const permit = () => authorize(coach, "bookings.no-show");

describe(`Cal.com's BOOKING_NO_SHOW_UPDATED (${databaseLabel})`, () => {
  test("signed: marks the past session a no-show as Cal.com, audited and published; kept used by default", async () => {
    const { person, uid, id } = await session(-2);
    const events = await recordEvents(database().bus);
    const body = noShowUpdated(uid, [{ email: person.email.toUpperCase(), noShow: true }]);
    expect((await send(body, calSignature(body, "another-secret-0123456789"))).status).toBe(401);
    expect((await row(id))?.noShowAt).toBeNull();
    const answer = await send(body);
    expect(answer).toMatchObject({ status: 200, body: { status: "applied", summary: "no-show" } });
    expect(await row(id)).toMatchObject({
      noShowSource: "cal",
      noShowBy: null,
      noShowReturned: false,
      counted: true,
    });
    expect((await row(id))?.noShowAt?.toISOString()).toBe(JSON.parse(body).createdAt);
    expect(await used(person.id)).toBe(1);
    await events.waitFor((e) => e.kind === "booking" && "clientId" in e && e.clientId === person.id);
    events.stop();
    const [audited] = await db()
      .select({ actorId: auditEvents.actorId, after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "booking.no-show")));
    expect(audited).toMatchObject({ actorId: null, after: { via: "cal.com", noShowSource: "cal" } });
  });

  test("a redelivery is a duplicate, a second mark changes nothing, and Cal.com's unmark clears its own", async () => {
    const { person, uid, id } = await session(-3);
    const mark = noShowUpdated(uid, [{ email: person.email, noShow: true }], inHours(-1));
    const answers = await Promise.all(Array.from({ length: 5 }, () => send(mark)));
    expect(answers.filter((a) => a.body.status === "applied")).toHaveLength(1);
    expect(answers.filter((a) => a.body.status === "duplicate")).toHaveLength(4);
    const again = await send(noShowUpdated(uid, [{ email: person.email, noShow: true }], inHours(-0.5)));
    expect(again.body).toMatchObject({ status: "ignored" });
    expect(String(again.body.reason)).toContain("already marked as a no-show");
    const marks = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), eq(auditEvents.action, "booking.no-show")));
    expect(marks[0]?.n).toBe(1);
    const unmark = await send(noShowUpdated(uid, [{ email: person.email, noShow: false }]));
    expect(unmark.body).toMatchObject({ status: "applied", summary: "no-show undone" });
    expect(await row(id)).toMatchObject({ noShowAt: null, noShowSource: null, noShowReturned: false });
  });

  test("an unknown booking, another attendee, a future or a cancelled session: ignored, nothing changed", async () => {
    const unknown = await send(noShowUpdated("no-such-booking", [{ email: "a@example.com", noShow: true }]));
    expect(unknown).toMatchObject({ status: 200, body: { status: "ignored" } });
    expect(String(unknown.body.reason)).toContain("is not known here");
    const stored = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(calDeliveries)
      .where(sql`${calDeliveries.uid} like 'no-such-booking@%'`);
    expect(stored[0]?.n).toBe(0);

    const past = await session(-2);
    const stranger = await send(noShowUpdated(past.uid, [{ email: "guest@example.com", noShow: true }]));
    expect(String(stranger.body.reason)).toContain("attendee is not in the delivery");

    const future = await session(48);
    const ahead = await send(noShowUpdated(future.uid, [{ email: future.person.email, noShow: true }]));
    expect(ahead.body).toMatchObject({ status: "ignored" });
    expect(String(ahead.body.reason)).toContain("hasn't started yet");

    const gone = await session(-4);
    await send(
      calDelivery("BOOKING_CANCELLED", { uid: gone.uid, email: gone.person.email, start: inHours(-4) }).body,
    );
    const cancelled = await send(noShowUpdated(gone.uid, [{ email: gone.person.email, noShow: true }]));
    expect(String(cancelled.body.reason)).toContain("cancelled session can't be a no-show");
    for (const id of [past.id, future.id, gone.id]) expect((await row(id))?.noShowAt).toBeNull();
  });

  test("a malformed no-show delivery is refused with 400", async () => {
    const body = JSON.stringify({
      triggerEvent: "BOOKING_NO_SHOW_UPDATED",
      createdAt: new Date().toISOString(),
      payload: { bookingUid: "x", attendees: [{ email: "a@example.com", noShow: "yes" }] },
    });
    expect((await send(body)).status).toBe(400);
  });

  test("Cal.com's unmark leaves the coach's own mark standing", async () => {
    const { person, uid, id } = await session(-2);
    await markNoShow(db(), permit(), id, person.id, true);
    const unmark = await send(noShowUpdated(uid, [{ email: person.email, noShow: false }]));
    expect(String(unmark.body.reason)).toContain("the coach's own no-show mark stands");
    expect(await row(id)).toMatchObject({ noShowSource: "coach", noShowBy: coach.id });
  });

  test("with the setting off, Cal.com's no-show gives the session back; its unmark takes it again", async () => {
    await givesBack();
    const { person, uid, id } = await session(-2);
    expect(await used(person.id)).toBe(1);
    const mark = await send(noShowUpdated(uid, [{ email: person.email, noShow: true }]));
    expect(mark.body).toMatchObject({ summary: "no-show, session given back" });
    expect(await used(person.id)).toBe(0);
    expect(await row(id)).toMatchObject({ noShowReturned: true, counted: true });
    await send(noShowUpdated(uid, [{ email: person.email, noShow: false }]));
    expect(await used(person.id)).toBe(1);
    expect(await row(id)).toMatchObject({ noShowReturned: false, counted: true, noShowAt: null });
  });
});

describe(`The coach's no-show mark (${databaseLabel})`, () => {
  test("marks a past session as the coach and undoes it, audited and published; used by default", async () => {
    const { person, id } = await session(-1);
    const events = await recordEvents(database().bus);
    const marked = await markNoShow(db(), permit(), id, person.id, true);
    expect(marked).toMatchObject({ id, summary: "no-show" });
    expect(await row(id)).toMatchObject({ noShowSource: "coach", noShowBy: coach.id, noShowReturned: false });
    expect(await used(person.id)).toBe(1);
    await events.waitFor((e) => e.kind === "booking" && "clientId" in e && e.clientId === person.id);
    events.stop();
    await markNoShow(db(), permit(), id, person.id, false);
    expect(await row(id)).toMatchObject({ noShowAt: null, noShowSource: null, noShowBy: null });
    const trail = await db()
      .select({ action: auditEvents.action, actorId: auditEvents.actorId })
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, id), sql`${auditEvents.action} like 'booking.no-show%'`))
      .orderBy(auditEvents.createdAt);
    expect(trail).toEqual([
      { action: "booking.no-show", actorId: coach.id },
      { action: "booking.no-show-undo", actorId: coach.id },
    ]);
  });

  test("refuses a future or cancelled session, a repeat, an undo of nothing and another client's booking", async () => {
    const future = await session(24);
    expect(
      await modelRefusal(() => markNoShow(db(), permit(), future.id, future.person.id, true)),
    ).toMatchObject({
      init: { status: 409 },
      data: { error: "That session hasn't started yet: only a past session can be a no-show." },
    });
    const gone = await session(-5);
    await send(
      calDelivery("BOOKING_CANCELLED", { uid: gone.uid, email: gone.person.email, start: inHours(-5) }).body,
    );
    expect(await modelRefusal(() => markNoShow(db(), permit(), gone.id, gone.person.id, true))).toMatchObject(
      {
        init: { status: 409 },
        data: { error: "A cancelled session can't be a no-show." },
      },
    );
    const past = await session(-2);
    expect(
      await modelRefusal(() => markNoShow(db(), permit(), past.id, past.person.id, false)),
    ).toMatchObject({
      data: { error: "That session isn't marked as a no-show." },
    });
    await markNoShow(db(), permit(), past.id, past.person.id, true);
    expect(await modelRefusal(() => markNoShow(db(), permit(), past.id, past.person.id, true))).toMatchObject(
      {
        data: { error: "That session is already marked as a no-show." },
      },
    );
    expect(
      await modelRefusal(() => markNoShow(db(), permit(), past.id, future.person.id, false)),
    ).toMatchObject({
      init: { status: 404 },
    });
  });

  test("with the setting off: gives the counted session back in the same change; undo takes it again", async () => {
    await givesBack();
    const { person, id } = await session(-2);
    await markNoShow(db(), permit(), id, person.id, true);
    expect(await used(person.id)).toBe(0);
    expect(await row(id)).toMatchObject({ noShowReturned: true, counted: true });
    const usage = await db()
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, person.id), eq(auditEvents.action, "usage.adjust")))
      .orderBy(auditEvents.createdAt);
    expect(usage.at(-1)?.after).toMatchObject({ used: 0, reason: "no-show given back" });
    await markNoShow(db(), permit(), id, person.id, false);
    expect(await used(person.id)).toBe(1);
    expect(await row(id)).toMatchObject({ noShowReturned: false, counted: true });
  });

  test("the setting applies when the no-show is recorded: turning it off later gives nothing back", async () => {
    const { person, id } = await session(-2);
    await markNoShow(db(), permit(), id, person.id, true);
    await givesBack();
    expect(await used(person.id)).toBe(1);
    expect(await row(id)).toMatchObject({ noShowReturned: false });
    // Undone with the setting off: nothing was given, so nothing is taken.
    await markNoShow(db(), permit(), id, person.id, false);
    expect(await used(person.id)).toBe(1);
  });

  test("a no-show that gave its session back is not given back twice when the coach then cancels it", async () => {
    await givesBack();
    const { person, uid, id } = await session(-2);
    // A second session of the same client, so a second −1 would show.
    await send(
      calDelivery("BOOKING_CREATED", {
        email: person.email,
        token: bookingToken(person.id),
        start: inHours(30),
      }).body,
    );
    expect(await used(person.id)).toBe(2);
    await markNoShow(db(), permit(), id, person.id, true);
    expect(await used(person.id)).toBe(1);
    const cancel = calDelivery("BOOKING_CANCELLED", {
      uid,
      email: person.email,
      start: inHours(-2),
      by: "alex@example.com",
    });
    expect((await send(cancel.body)).body).toMatchObject({ status: "applied" });
    expect(await used(person.id)).toBe(1);
    expect(await row(id)).toMatchObject({ status: "cancelled", lateCancel: false });
  });
});

describe(`No-shows on the capacity page (${databaseLabel})`, () => {
  test("per booked kind: in the funnel's window, all time, given back; a cancelled session is none", async () => {
    const read = authorize(coach, "capacity.read");
    const from = funnelFrom(new Date());
    const count = async () => new Map((await noShowsByKind(db(), read, from)).map((r) => [r.kind, r]));
    const before = await count();
    const recent = await session(-2);
    await markNoShow(db(), permit(), recent.id, recent.person.id, true);
    await givesBack();
    const returned = await session(-3);
    await markNoShow(db(), permit(), returned.id, returned.person.id, true);
    // Two years ago, before the window; an interview; a cancelled one that had been marked.
    const old = new Date(Date.now() - 2 * 365 * 24 * HOUR);
    const base = {
      eventType: "x",
      title: "Session",
      attendeeEmail: "old@example.com",
      noShowSource: "coach" as const,
    };
    await db()
      .insert(bookings)
      .values([
        {
          ...base,
          uid: `old-${recent.id}`,
          currentUid: `old-${recent.id}`,
          kind: "session_30m",
          startsAt: old,
          endsAt: old,
          noShowAt: old,
        },
        {
          ...base,
          uid: `mi-${recent.id}`,
          currentUid: `mi-${recent.id}`,
          kind: "mock_interview",
          startsAt: inHours(-5),
          endsAt: inHours(-4),
          noShowAt: inHours(-3),
        },
        {
          ...base,
          uid: `cx-${recent.id}`,
          currentUid: `cx-${recent.id}`,
          kind: "mock_interview",
          startsAt: inHours(-5),
          endsAt: inHours(-4),
          noShowAt: inHours(-3),
          status: "cancelled",
        },
      ]);
    const after = await count();
    const delta = (kind: "session_30m" | "mock_interview", key: "inWindow" | "allTime" | "givenBack") =>
      (after.get(kind)?.[key] ?? 0) - (before.get(kind)?.[key] ?? 0);
    expect([
      delta("session_30m", "inWindow"),
      delta("session_30m", "allTime"),
      delta("session_30m", "givenBack"),
    ]).toEqual([2, 3, 1]);
    expect([
      delta("mock_interview", "inWindow"),
      delta("mock_interview", "allTime"),
      delta("mock_interview", "givenBack"),
    ]).toEqual([1, 1, 0]);
  });
});
