import { and, eq, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { SETTINGS } from "~/content/settings";
import { dayIn, givesCreditBack, schedulerLink } from "~/domain/bookings";
import { safeHref } from "~/domain/links";
import type { QuotaKind } from "~/domain/plans";
import { hasCredit } from "~/domain/usage";
import { bookingToken } from "../bookings/booking-token.server";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { bookings, profiles } from "../schema";

// Bookings as pages read them (docs/decisions/0028-bookings.md); deliveries and resolving are in bookings.server.ts.

// ── Reading ─────────────────────────────────────────────────────────────────────────────────────

const LISTED = {
  id: bookings.id,
  kind: bookings.kind,
  title: bookings.title,
  startsAt: bookings.startsAt,
  endsAt: bookings.endsAt,
  joinUrl: bookings.joinUrl,
  status: bookings.status,
  clientId: bookings.clientId,
  attendeeEmail: bookings.attendeeEmail,
  attendeeName: bookings.attendeeName,
  counted: bookings.counted,
  overPlan: bookings.overPlan,
  lateCancel: bookings.lateCancel,
  lateChange: bookings.lateChange,
  currentUid: bookings.currentUid,
  claimedBy: bookings.claimedBy,
  confirmReason: bookings.confirmReason,
  resolvedAt: bookings.resolvedAt,
} as const;

export async function ownBookings(db: Db, permit: Permit<"portal.read-own">) {
  return db
    .select(LISTED)
    .from(bookings)
    .where(eq(bookings.clientId, permit.actor.id))
    .orderBy(bookings.startsAt);
}

/** Staff also read whether the client came (docs/decisions/0055-no-shows-and-expiry.md). */
const STAFF_LISTED = {
  ...LISTED,
  noShowAt: bookings.noShowAt,
  noShowSource: bookings.noShowSource,
  noShowReturned: bookings.noShowReturned,
} as const;

const bookingsStatement = preparedPer((db) =>
  db
    .select(STAFF_LISTED)
    .from(bookings)
    .where(eq(bookings.clientId, sql.placeholder("clientId")))
    .orderBy(bookings.startsAt)
    .prepare("bookings_of_client"),
);

export async function bookingsOf(db: Db, _permit: Permit<"bookings.read">, clientId: string) {
  return bookingsStatement(db).execute({ clientId });
}

const claimant = alias(profiles, "claimant");

const withClient = (db: Db) =>
  db
    .select({
      ...LISTED,
      clientName: profiles.fullName,
      clientEmail: profiles.email,
      claimantName: claimant.fullName,
      claimantEmail: claimant.email,
    })
    .from(bookings)
    .leftJoin(profiles, eq(profiles.id, bookings.clientId))
    .leftJoin(claimant, eq(claimant.id, bookings.claimedBy));

export async function sessionsBetween(db: Db, _permit: Permit<"bookings.read">, from: Date, to: Date) {
  return withClient(db)
    .where(
      and(
        eq(bookings.status, "booked"),
        sql`${bookings.startsAt} >= ${from}`,
        sql`${bookings.startsAt} < ${to}`,
      ),
    )
    .orderBy(bookings.startsAt);
}

/** Still booked and no one's yet, or over plan; not yet resolved or dismissed. */
export async function bookingsToResolve(db: Db, _permit: Permit<"bookings.read">) {
  return withClient(db)
    .where(
      and(
        sql`${bookings.resolvedAt} IS NULL`,
        eq(bookings.status, "booked"),
        or(sql`${bookings.clientId} IS NULL`, eq(bookings.overPlan, true)),
      ),
    )
    .orderBy(bookings.startsAt)
    .limit(100);
}

// ── The client's sessions (portal) ──────────────────────────────────────────────────────────────

const PAST_SHOWN = 10;

/** onboardingSteps' answer, as far as booking needs it: what holds booking back, and the agreement due. */
export type BookingGates = {
  agreement: number | null;
  blocksBooking: { intake: boolean; agreement: boolean };
};

/**
 * Upcoming and recent sessions, and booking links (carrying the signed token:
 * docs/decisions/0036-booking-ownership.md) for each kind the plan still has credit for — none at all
 * while a step the coach requires before booking is missing (`missing` says which:
 * docs/decisions/0047-coaching-agreement.md).
 */
export function sessionsView(
  permit: Permit<"portal.read-own">,
  own: Awaited<ReturnType<typeof ownBookings>>,
  quotas: readonly ({ kind: string } & Parameters<typeof hasCredit>[0])[],
  now: Date,
  gates: BookingGates,
  settings = SETTINGS.bookings,
) {
  const noticeHours = settings.cancelNoticeHours;
  const shown = own.map((b) => ({
    id: b.id,
    kind: b.kind,
    title: b.title,
    startsAt: b.startsAt,
    endsAt: b.endsAt,
    joinUrl: b.joinUrl ? safeHref(b.joinUrl) : null,
    status: b.status,
    lateCancel: b.lateCancel,
    lateChange: b.lateChange,
    changeUrl: `${new URL(settings.schedulerLinks[b.kind === "mock_interview" ? "mock_interview" : "session_30m"]).origin}/booking/${encodeURIComponent(b.currentUid)}`,
    // A change from now on keeps the session used: said before the link is followed.
    changeIsLate: b.lateChange || !givesCreditBack(b.startsAt, now, noticeHours),
  }));
  const upcoming = shown.filter((b) => b.status === "booked" && b.endsAt.getTime() >= now.getTime());
  const past = shown
    .filter((b) => !upcoming.includes(b))
    .reverse()
    .slice(0, PAST_SHOWN);
  // An expired plan's sessions give no link: a booking now would be over plan (recordUsage).
  const credit = (kind: QuotaKind) => quotas.some((q) => q.kind === kind && hasCredit(q));
  const missing = { intake: gates.blocksBooking.intake, agreement: gates.blocksBooking.agreement };
  // A gated client gets no token at all, so no link can be pieced together in the browser.
  const token = missing.intake || missing.agreement ? null : bookingToken(permit.actor.id);
  const link = (kind: QuotaKind) =>
    token && credit(kind) ? schedulerLink(settings.schedulerLinks[kind], permit.actor, token) : null;
  return {
    upcoming,
    past,
    noticeHours,
    book: { session: link("session_30m"), mockInterview: link("mock_interview") },
    missing,
    // Due but not holding booking back (the coach turned that off): still asked for, not required.
    agreementDue: gates.agreement !== null && !missing.agreement,
  };
}

// ── The coach's week (admin home) ───────────────────────────────────────────────────────────────

const DAY_MS = 86_400_000;

export async function sessionsThisWeek(
  db: Db,
  permit: Permit<"bookings.read">,
  timeZone: string,
  now = new Date(),
) {
  const near = await sessionsBetween(
    db,
    permit,
    new Date(now.getTime() - DAY_MS),
    new Date(now.getTime() + 8 * DAY_MS),
  );
  const days = Array.from({ length: 7 }, (_, i) => dayIn(timeZone, new Date(now.getTime() + i * DAY_MS)));
  const today = near.filter((b) => dayIn(timeZone, b.startsAt) === days[0]);
  const week = near.filter((b) => days.slice(1).includes(dayIn(timeZone, b.startsAt)));
  return { today, week };
}
