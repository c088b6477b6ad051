import { createHash } from "node:crypto";
import { and, asc, eq, gte, isNull, lt, or } from "drizzle-orm";
import { SETTINGS } from "~/content/settings";
import { deliveryFor, isEmailAddress } from "~/domain/email";
import { startOfDayIn, wallClockIn } from "~/lib/local-time";
import { sessionsCalendar } from "../bookings/ics.server";
import type { DbOrTx } from "../db.server";
import { bookings, emailOutbox, profiles } from "../schema";
import {
  enqueueEmail,
  type MailContext,
  mailContext,
  messageIdFor,
  outboxRow,
  preferencesOf,
  recipientById,
  staffRecipients,
} from "./outbox.server";
import { organizer, sessionReminder } from "./templates/session-reminder.server";
import { staffDailyAgenda } from "./templates/staff-daily-agenda.server";

// Reminders before each booked session, and the coach's day of sessions
// (docs/decisions/0045-session-reminders.md). Both are outbox rows, so each goes exactly once and a
// restart loses none; a reminder waits in the outbox with `send_after` at its time.

const HOUR_MS = 3_600_000;

/**
 * Makes a booking's waiting reminders match it now: those not yet sent (and not being sent) go, and one
 * is queued for each time in `hoursBefore` still ahead, while the session is booked for a known client.
 * Called in the transaction of every change to a booking; a reschedule moves its reminders, a
 * cancellation removes them, and a booking made inside the window gets none for the time already passed.
 */
export async function planReminders(
  tx: DbOrTx,
  bookingId: string,
  {
    now = new Date(),
    hoursBefore = SETTINGS.bookings.reminderHoursBefore,
    context = mailContext(),
  }: { now?: Date; hoursBefore?: readonly number[]; context?: MailContext } = {},
): Promise<number> {
  await tx
    .delete(emailOutbox)
    .where(
      and(
        eq(emailOutbox.bookingId, bookingId),
        eq(emailOutbox.status, "pending"),
        or(isNull(emailOutbox.claimedUntil), lt(emailOutbox.claimedUntil, now)),
      ),
    );
  const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking?.clientId || booking.status !== "booked") return 0;
  const dues = hoursBefore
    .map((hours) => ({ hours, due: new Date(booking.startsAt.getTime() - hours * HOUR_MS) }))
    .filter(({ due }) => due > now);
  if (dues.length === 0) return 0;
  const client = await recipientById(tx, booking.clientId);
  if (!client) return 0;
  const calendar = await sessionsCalendar([booking], organizer());
  const [chosen] = await preferencesOf(tx, [client]);
  // The zone the client chose on /account, else the one their booking page ran in.
  const timeZone = chosen?.timeZone ?? booking.attendeeTimeZone ?? "UTC";
  let planned = 0;
  for (const { hours, due } of dues) {
    const [result] = await enqueueEmail(
      tx,
      [client],
      sessionReminder.kind,
      (to) => sessionReminder.content({ booking, hoursBefore: hours }, { ...to, timeZone }, context),
      context,
      { sendAfter: due, bookingId, calendar },
    );
    if (result === "queued") planned++;
  }
  return planned;
}

/** After a person turns reminders on or off: their upcoming sessions' reminders, planned again. */
export async function planRemindersOf(tx: DbOrTx, clientId: string, now = new Date()): Promise<void> {
  const upcoming = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.clientId, clientId), eq(bookings.status, "booked"), gte(bookings.startsAt, now)));
  for (const { id } of upcoming) await planReminders(tx, id, { now });
}

// ── The coach's day ─────────────────────────────────────────────────────────────────────────────────

/** A fixed id per person and day: two workers, or two rounds, make one email. */
function agendaId(profileId: string, day: string): string {
  const hex = createHash("sha256").update(`agenda:${profileId}:${day}`).digest("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The calendar day and hour at `now` in `timeZone`, and that day's first instant (app/lib/local-time.ts). */
function dayAt(now: Date, timeZone: string): { day: string; hour: number; start: Date } {
  const { day, hour } = wallClockIn(now, timeZone);
  return { day, hour, start: startOfDayIn(day, timeZone) };
}

/** A day is 23 or 25 hours when the clocks change: it ends at the next local midnight. */
function localDay(now: Date, timeZone: string) {
  const today = dayAt(now, timeZone);
  return { ...today, end: dayAt(new Date(today.start.getTime() + 26 * HOUR_MS), timeZone).start };
}

/**
 * For each staff member who has not turned it off, once their chosen hour has come in their time zone:
 * one email listing the day's booked sessions. None on a day without sessions.
 */
export async function queueDayAgendas(
  tx: DbOrTx,
  now = new Date(),
  context = mailContext(),
): Promise<number> {
  const staff = await staffRecipients(tx);
  if (staff.length === 0) return 0;
  const preferences = await preferencesOf(tx, staff);
  let queued = 0;
  for (const person of staff) {
    const chosen = preferences.find((p) => p.profileId === person.id);
    if (deliveryFor("staff-daily-agenda", chosen?.deliveries) === "off") continue;
    if (!isEmailAddress(person.email.trim())) continue;
    const timeZone = chosen?.timeZone ?? "UTC";
    const { day, hour, start, end } = localDay(now, timeZone);
    if (hour < (chosen?.agendaHour ?? 7)) continue;
    const id = agendaId(person.id, day);
    const [made] = await tx.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, id));
    if (made) continue;
    const sessions = await tx
      .select({
        kind: bookings.kind,
        title: bookings.title,
        startsAt: bookings.startsAt,
        joinUrl: bookings.joinUrl,
        attendeeName: bookings.attendeeName,
        attendeeEmail: bookings.attendeeEmail,
        clientName: profiles.fullName,
      })
      .from(bookings)
      .leftJoin(profiles, eq(profiles.id, bookings.clientId))
      .where(and(eq(bookings.status, "booked"), gte(bookings.startsAt, start), lt(bookings.startsAt, end)))
      .orderBy(asc(bookings.startsAt));
    if (sessions.length === 0) continue;
    const row = await outboxRow(
      context,
      person,
      staffDailyAgenda.kind,
      staffDailyAgenda.content({ day, timeZone, start, sessions }, { ...person, timeZone }, context),
    );
    const inserted = await tx
      .insert(emailOutbox)
      .values({ ...row, id, messageId: messageIdFor(id, context.origin) })
      .onConflictDoNothing({ target: emailOutbox.id })
      .returning({ id: emailOutbox.id });
    queued += inserted.length;
  }
  return queued;
}
