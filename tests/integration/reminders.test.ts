import { and, eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { SETTINGS } from "~/content/settings";
import type { Viewer } from "~/domain/viewer";
import { bookingToken } from "~/server/bookings/booking-token.server";
import type { CalTrigger } from "~/server/bookings/cal-payload.server";
import { calWebhook } from "~/server/entries/cal-webhook.server";
import { planReminders, queueDayAgendas } from "~/server/mail/reminders.server";
import { smtpTransport } from "~/server/mail/transport.server";
import { type MailWorker, startMailWorker } from "~/server/mail/worker.server";
import { saveEmailPreferences, TIMELY_NOT_DIGESTED } from "~/server/models/emails.server";
import { authorize } from "~/server/policy.server";
import { bookings, emailOutbox } from "~/server/schema";
import { calDelivery, calSignature, TEST_CAL_SECRET } from "../support/cal";
import { databaseLabel } from "../support/database";
import { insertPerson } from "../support/people";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { openDatabaseForFile } from "../support/test-database";

// Session reminders and the coach's day (docs/decisions/0045-session-reminders.md), from Cal.com
// deliveries built by tests/support/cal.ts, on a real database and a real SMTP server.

const database = openDatabaseForFile();
const db = () => database().db;

const HOUR = 3_600_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR);

const workers: MailWorker[] = [];
const servers: TestSmtp[] = [];
afterAll(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function deliver(
  trigger: CalTrigger,
  fields: Parameters<typeof calDelivery>[1],
  settings = SETTINGS.bookings,
) {
  const delivery = calDelivery(trigger, fields);
  const answer = await calWebhook.handle(Buffer.from(delivery.body), calSignature(delivery.body), {
    secret: TEST_CAL_SECRET,
    db: async () => db(),
    settings,
  });
  expect(answer.status).toBe(200);
  const { bookingId } = answer.body as { bookingId: string };
  const [row] = await db().select().from(bookings).where(eq(bookings.id, bookingId));
  if (!row) throw new Error("booking not stored");
  return row;
}

const from = (person: Viewer) => ({ email: person.email, token: bookingToken(person.id) });

const remindersOf = (bookingId: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, "session-reminder")));

const client = (name: string) => insertPerson(db(), "client", "pro", name);

function choose(person: Viewer, deliveries: Record<string, string>, timeZone = "UTC") {
  return saveEmailPreferences(db(), authorize(person, "self.email-preferences"), {
    deliveries: deliveries as never,
    digestHour: 8,
    timeZone,
  });
}

describe(`session reminders on ${databaseLabel}`, () => {
  test("a booked session gets one reminder a day before, in the client's time zone, with its calendar file", async () => {
    const ana = await client("Ana Reminded");
    await choose(ana, {}, "America/Toronto");
    // 18:00 UTC on 15 March 2030 is 2:00 PM in Toronto (EDT, UTC−4, since the second Sunday of March).
    const start = new Date("2030-03-15T18:00:00Z");
    const booking = await deliver("BOOKING_CREATED", { ...from(ana), start });
    const [reminder, ...more] = await remindersOf(booking.id);
    expect(more).toEqual([]);
    expect(reminder).toMatchObject({
      recipientId: ana.id,
      status: "pending",
      subject: "Reminder: your 30-minute coaching session tomorrow",
    });
    expect(reminder?.sendAfter.toISOString()).toBe("2030-03-14T18:00:00.000Z");
    expect(reminder?.text).toContain("Friday, March 15 at 2:00 PM EDT");
    expect(reminder?.text).toContain(`https://app.cal.com/video/${booking.uid}`);
    expect(reminder?.calendar).toContain("BEGIN:VEVENT");
    expect(reminder?.calendar).toContain("DTSTART:20300315T180000Z");
  });

  test("without a zone chosen on /account, the reminder reads in the zone the booking page ran in", async () => {
    const ida = await client("Ida Berlin");
    // The fixture's attendee books from Europe/Berlin: 18:00 UTC on 15 March 2030 is 19:00 CET there.
    const booking = await deliver("BOOKING_CREATED", {
      ...from(ida),
      start: new Date("2030-03-15T18:00:00Z"),
    });
    expect(booking.attendeeTimeZone).toBe("Europe/Berlin");
    const [reminder] = await remindersOf(booking.id);
    expect(reminder?.text).toContain("Friday, March 15 at 7:00 PM GMT+1");
  });

  test("a reschedule moves the reminder, a cancellation removes it", async () => {
    const ben = await client("Ben Moved");
    const first = new Date("2030-04-10T15:00:00Z");
    const booking = await deliver("BOOKING_CREATED", { ...from(ben), start: first });
    const moved = new Date("2030-04-12T16:30:00Z");
    await deliver("BOOKING_RESCHEDULED", {
      ...from(ben),
      start: moved,
      originalStart: first,
      rescheduleUid: booking.uid,
    });
    const after = await remindersOf(booking.id);
    expect(after.map((r) => r.sendAfter.toISOString())).toEqual(["2030-04-11T16:30:00.000Z"]);

    const [rescheduled] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    await deliver("BOOKING_CANCELLED", { ...from(ben), uid: rescheduled?.currentUid, start: moved });
    const [current] = await db().select().from(bookings).where(eq(bookings.id, booking.id));
    expect(current?.status).toBe("cancelled");
    expect(await remindersOf(booking.id)).toEqual([]);
  });

  test("a session booked inside the window gets none for the time already passed", async () => {
    const cy = await client("Cy Late");
    const settings = { ...SETTINGS.bookings, reminderHoursBefore: [24, 1] };
    const booking = await deliver("BOOKING_CREATED", { ...from(cy), start: inHours(3) }, settings);
    // The webhook planned with the default [24]: already passed, so none.
    expect(await remindersOf(booking.id)).toEqual([]);
    await db().transaction((tx) =>
      planReminders(tx, booking.id, { hoursBefore: settings.reminderHoursBefore }),
    );
    const planned = await remindersOf(booking.id);
    expect(planned).toHaveLength(1);
    expect(planned[0]?.subject).toBe("Reminder: your 30-minute coaching session in an hour");
    expect(planned[0]?.sendAfter.getTime()).toBe(booking.startsAt.getTime() - HOUR);
    // Planning again replaces, never adds.
    await db().transaction((tx) =>
      planReminders(tx, booking.id, { hoursBefore: settings.reminderHoursBefore }),
    );
    expect(await remindersOf(booking.id)).toHaveLength(1);
  });

  test("reminders turned off on /account go, turned on come back; a digest is refused for them", async () => {
    const dee = await client("Dee Choosing");
    const booking = await deliver("BOOKING_CREATED", { ...from(dee), start: inHours(72) });
    expect(await remindersOf(booking.id)).toHaveLength(1);

    await choose(dee, { "session-reminder": "off" });
    expect(await remindersOf(booking.id)).toEqual([]);
    const another = await deliver("BOOKING_CREATED", { ...from(dee), start: inHours(96) });
    expect(await remindersOf(another.id)).toEqual([]);

    await choose(dee, { "session-reminder": "now" });
    expect(await remindersOf(booking.id)).toHaveLength(1);
    expect(await remindersOf(another.id)).toHaveLength(1);

    await expect(choose(dee, { "session-reminder": "digest" })).rejects.toMatchObject({
      data: { error: TIMELY_NOT_DIGESTED },
      init: { status: 400 },
    });
    expect(await remindersOf(booking.id)).toHaveLength(1);
  });

  test("a digest preference for everything else does not delay a reminder", async () => {
    const eve = await client("Eve Digest");
    await choose(eve, { "homework-assigned": "digest", "lesson-posted": "digest" });
    const booking = await deliver("BOOKING_CREATED", { ...from(eve), start: inHours(50) });
    const [reminder] = await remindersOf(booking.id);
    expect(reminder?.status).toBe("pending");
    expect(reminder?.sendAfter.getTime()).toBe(booking.startsAt.getTime() - 24 * HOUR);
  });

  test("a due reminder is delivered once through a real SMTP server, with the calendar file attached", async () => {
    const fay = await client("Fay Delivered");
    const booking = await deliver("BOOKING_CREATED", { ...from(fay), start: inHours(30) });
    // Its time has come: what six hours of waiting would do.
    await db()
      .update(emailOutbox)
      .set({ sendAfter: sql`now()` })
      .where(eq(emailOutbox.bookingId, booking.id));
    const server = await startSmtp();
    servers.push(server);
    const started = startMailWorker({
      db: db(),
      transport: smtpTransport(server.url, 5_000),
      from: '"Coaching" <no-reply@localhost>',
      leaseMs: 30_000,
      pollMs: 20,
    });
    workers.push(started);
    const [mail] = await server.waitFor(1);
    expect(mail?.envelopeTo).toEqual([fay.email]);
    expect(mail?.parsed.subject).toBe("Reminder: your 30-minute coaching session tomorrow");
    const attachment = mail?.parsed.attachments[0];
    expect(attachment?.filename).toBe("session.ics");
    expect(attachment?.contentType).toBe("text/calendar");
    expect(attachment?.content.toString("utf8")).toContain(`${booking.id}@`);
    await started.stop();
    const [row] = await remindersOf(booking.id);
    expect(row?.status).toBe("sent");
    // Six hours on, the booking changes in a way that keeps its time: nothing is planned again.
    const sixHoursOn = new Date(booking.startsAt.getTime() - 24 * HOUR + 60_000);
    await db().transaction((tx) => planReminders(tx, booking.id, { now: sixHoursOn }));
    expect(await remindersOf(booking.id)).toHaveLength(1);
    expect(server.received.filter((m) => m.envelopeTo.includes(fay.email))).toHaveLength(1);
  });
});

describe(`the coach's day on ${databaseLabel}`, () => {
  const agendasOf = (personId: string) =>
    db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipientId, personId), eq(emailOutbox.kind, "staff-daily-agenda")));

  /** A coach who gets the day's email at `agendaHour` in `timeZone`. */
  async function agendaCoach(name: string, agendaHour: number, timeZone: string) {
    const coach = await insertPerson(db(), "coach", null, name);
    await saveEmailPreferences(db(), authorize(coach, "self.email-preferences"), {
      deliveries: {},
      digestHour: 8,
      agendaHour,
      timeZone,
    });
    return coach;
  }

  test("one email at the chosen hour in the coach's zone listing that day's sessions, once", async () => {
    const coach = await agendaCoach("Coach Agenda", 6, "America/Vancouver");
    const gil = await client("Gil Today");
    // 16 May 2031 in Vancouver (PDT, UTC−7): sessions at 9:00 and 15:30 local; one the next day.
    await deliver("BOOKING_CREATED", { ...from(gil), start: new Date("2031-05-16T16:00:00Z") });
    await deliver("BOOKING_CREATED", { ...from(gil), start: new Date("2031-05-16T22:30:00Z") });
    await deliver("BOOKING_CREATED", { ...from(gil), start: new Date("2031-05-17T16:00:00Z") });

    await queueDayAgendas(db(), new Date("2031-05-16T12:59:00Z")); // 5:59 in Vancouver
    expect(await agendasOf(coach.id)).toEqual([]);

    await queueDayAgendas(db(), new Date("2031-05-16T13:05:00Z")); // 6:05
    await queueDayAgendas(db(), new Date("2031-05-16T18:00:00Z")); // later the same day
    const [agenda, ...more] = await agendasOf(coach.id);
    expect(more).toEqual([]);
    expect(agenda?.subject).toBe("Today: 2 sessions");
    expect(agenda?.text).toContain("9:00 AM");
    expect(agenda?.text).toContain("3:30 PM");
    expect(agenda?.text).toContain("Gil Today");
    expect(agenda?.status).toBe("pending");
  });

  test("on a day the clocks change, the day starts at local midnight (America/Toronto)", async () => {
    const coach = await agendaCoach("Coach Toronto", 7, "America/Toronto");
    const ivy = await client("Ivy Evening");
    // 9 March 2031, clocks forward at 2:00: 11:30 PM EST the evening before is not that day's.
    await deliver("BOOKING_CREATED", { ...from(ivy), start: new Date("2031-03-09T04:30:00Z") });
    await deliver("BOOKING_CREATED", { ...from(ivy), start: new Date("2031-03-09T13:00:00Z") }); // 9:00 EDT
    await queueDayAgendas(db(), new Date("2031-03-09T11:05:00Z")); // 7:05 EDT
    const [spring] = await agendasOf(coach.id);
    // 2 November 2031, clocks back at 2:00: 12:30 AM EDT is that day's.
    await deliver("BOOKING_CREATED", { ...from(ivy), start: new Date("2031-11-02T04:30:00Z") });
    await deliver("BOOKING_CREATED", { ...from(ivy), start: new Date("2031-11-02T14:00:00Z") }); // 9:00 EST
    await queueDayAgendas(db(), new Date("2031-11-02T12:05:00Z")); // 7:05 EST
    const autumn = (await agendasOf(coach.id)).find((agenda) => agenda.id !== spring?.id);
    expect(spring?.subject).toBe("Today: 1 session");
    expect(spring?.text).toContain("9:00 AM");
    expect(spring?.text).not.toContain("11:30 PM");
    expect(autumn?.subject).toBe("Today: 2 sessions");
    expect(autumn?.text).toContain("12:30 AM");
    expect(autumn?.text).toContain("9:00 AM");
  });

  test("none on a day without sessions, none when turned off", async () => {
    const coach = await insertPerson(db(), "coach", null, "Coach Quiet");
    await queueDayAgendas(db(), new Date("2032-01-05T12:00:00Z"));
    expect(await agendasOf(coach.id)).toEqual([]);

    const hal = await client("Hal Booked");
    await deliver("BOOKING_CREATED", { ...from(hal), start: new Date("2032-01-06T15:00:00Z") });
    await saveEmailPreferences(db(), authorize(coach, "self.email-preferences"), {
      deliveries: { "staff-daily-agenda": "off" },
      digestHour: 8,
      timeZone: "UTC",
    });
    await queueDayAgendas(db(), new Date("2032-01-06T12:00:00Z"));
    expect(await agendasOf(coach.id)).toEqual([]);
  });
});
