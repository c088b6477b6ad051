import { and, asc, eq, gte, lt, sql } from "drizzle-orm";
import {
  dayText,
  LEDGER_KIND_LABELS,
  type LedgerKind,
  type Period,
  periodName,
  signedAmount,
} from "~/domain/business";
import { offerTitle } from "~/domain/orders";
import { type CsvRow, csvResponse } from "../csv.server";
import type { Db } from "../db.server";
import { audit } from "../models/audit.server";
import type { Permit } from "../policy.server";
import { bookings, profiles } from "../schema";
import { ledgerPages } from "./money.server";

// The accountant's files (docs/decisions/0054-business-at-a-glance.md): one row per ledger row or booking,
// read in keyset pages of 1,000 and streamed (app/server/csv.server.ts), so a file of 100,000 rows never
// sits in memory. Amounts are in the currency's units, money returned negative: a column's sum per
// currency is the page's net. Stripe's fees are not stored, so no fee rows (the decision says so).

export const PAYMENT_HEADER = [
  "Date",
  "Type",
  "Client",
  "Email",
  "Plan",
  "Currency",
  "Amount",
  "Tax",
  "Discount code",
  "Stripe reference",
  "Stripe payment intent",
  "Stripe subscription",
  "Stripe checkout session",
  "Stripe customer",
  "Order",
] as const;

const units = (cents: number) => Math.round(cents) / 100;

async function* paymentRows(db: Db, permit: Permit<"business.read">, period: Period) {
  for await (const page of ledgerPages(db, permit, { period })) {
    yield page.map(
      (r): CsvRow => [
        r.occurredAt,
        LEDGER_KIND_LABELS[r.kind as LedgerKind] ?? r.kind,
        r.fullName ?? (r.personId ? "" : "Deleted account"),
        r.email,
        offerTitle(r.offer),
        r.currency,
        units(signedAmount(r.kind, r.amount)),
        r.tax === null ? null : units(r.tax),
        r.discountCode,
        r.reference,
        r.paymentIntent,
        r.subscriptionId,
        r.checkoutSessionId,
        r.customerId,
        r.orderId,
      ],
    );
  }
}

export const BOOKING_HEADER = [
  "Starts",
  "Ends",
  "Kind",
  "Title",
  "Status",
  "Client",
  "Email",
  "Attendee email",
  "Counted",
  "Over plan",
  "Late cancel",
  // docs/decisions/0055-no-shows-and-expiry.md: who recorded it (empty: none), and whether it gave the session back.
  "No-show",
  "No-show given back",
  "Cal.com uid",
] as const;

const BOOKINGS_PAGE = 1000;

const NO_SHOW_BY = { cal: "Cal.com", coach: "coach" } as const;

async function* bookingRows(db: Db, period: Period) {
  let cursor: { at: string; id: string } | null = null;
  for (;;) {
    const page = await db
      .select({
        id: bookings.id,
        at: sql<string>`${bookings.startsAt}::text`,
        startsAt: bookings.startsAt,
        endsAt: bookings.endsAt,
        kind: bookings.kind,
        title: bookings.title,
        status: bookings.status,
        fullName: profiles.fullName,
        email: profiles.email,
        attendeeEmail: bookings.attendeeEmail,
        counted: bookings.counted,
        overPlan: bookings.overPlan,
        lateCancel: bookings.lateCancel,
        noShowSource: bookings.noShowSource,
        noShowReturned: bookings.noShowReturned,
        uid: bookings.uid,
      })
      .from(bookings)
      .leftJoin(profiles, eq(profiles.id, bookings.clientId))
      .where(
        and(
          gte(bookings.startsAt, period.from),
          lt(bookings.startsAt, period.to),
          cursor
            ? sql`(${bookings.startsAt}, ${bookings.id}) > (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(bookings.startsAt), asc(bookings.id))
      .limit(BOOKINGS_PAGE);
    if (page.length > 0)
      yield page.map(
        (b): CsvRow => [
          b.startsAt,
          b.endsAt,
          b.kind,
          b.title,
          b.status,
          b.fullName,
          b.email,
          b.attendeeEmail,
          b.counted,
          b.overPlan,
          b.lateCancel,
          b.noShowSource ? NO_SHOW_BY[b.noShowSource] : null,
          b.noShowReturned,
          b.uid,
        ],
      );
    const last = page.at(-1);
    if (!last || page.length < BOOKINGS_PAGE) return;
    cursor = { at: last.at, id: last.id };
  }
}

export type ExportKind = "payments" | "bookings";

/** Audited first (the file is asked for even if the download breaks off), then streamed. */
export async function businessExport(
  db: Db,
  permits: { read: Permit<"business.read">; export: Permit<"business.export"> },
  what: ExportKind,
  period: Period,
): Promise<Response> {
  await audit(db, permits.export, {
    action: "business.export",
    targetId: null,
    entity: "business",
    after: { what, from: dayText(period.from), to: dayText(new Date(period.to.getTime() - 1)) },
  });
  const name = `${what}-${periodName(period).replaceAll(" ", "-")}.csv`;
  return what === "payments"
    ? csvResponse(name, PAYMENT_HEADER, paymentRows(db, permits.read, period))
    : csvResponse(name, BOOKING_HEADER, bookingRows(db, period));
}
