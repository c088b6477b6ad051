import { parse } from "csv-parse/sync";
import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { yearPeriod } from "~/domain/business";
import { BOOKING_HEADER, businessExport, PAYMENT_HEADER } from "~/server/business/export.server";
import { moneyByMonth, totalsByCurrency } from "~/server/business/money.server";
import { authorize } from "~/server/policy.server";
import { auditEvents, bookings } from "~/server/schema";
import { buildLedgerYear } from "../support/business-ledger";
import { databaseLabel } from "../support/database";
import { insertPerson } from "../support/people";
import { databaseForFile } from "../support/test-database";

// The accountant's files (docs/decisions/0054-business-at-a-glance.md): parsed back with csv-parse, their
// totals equal the page's, to the cent; each download leaves an audit row.

const db = databaseForFile();
const YEAR = 2024;

async function permits() {
  const admin = await insertPerson(db(), "admin", null, "Export Admin");
  return { admin, read: authorize(admin, "business.read"), export: authorize(admin, "business.export") };
}

const parsed = async (response: Response) =>
  parse(await response.text(), { bom: true, columns: true, cast: false }) as Record<string, string>[];

describe(`the business files, on ${databaseLabel}`, () => {
  test("the year's payments file has one row per charge, refund and lost dispute, summing to the page's net per currency", async () => {
    const fixture = await buildLedgerYear(db(), YEAR, 200);
    const p = await permits();
    const response = await businessExport(db(), p, "payments", yearPeriod(YEAR));
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe(`attachment; filename="payments-${YEAR}.csv"`);
    const rows = await parsed(response);
    expect(Object.keys(rows[0] ?? {})).toEqual([...PAYMENT_HEADER]);
    const inYear = fixture.rows.filter(
      (r) => r.kind !== "failed" && (r.occurredAt as Date).getUTCFullYear() === YEAR,
    );
    // More than one keyset page of 1,000.
    expect(rows.length).toBe(inYear.length);
    expect(rows.length).toBeGreaterThan(1000);
    const totals = totalsByCurrency(await moneyByMonth(db(), p.read, yearPeriod(YEAR)));
    for (const total of totals) {
      const mine = rows.filter((r) => r.Currency === total.currency);
      const cents = (column: string) =>
        mine.reduce((sum, r) => sum + Math.round(Number(r[column] || 0) * 100), 0);
      expect(cents("Amount"), total.currency).toBe(total.net);
      expect(cents("Tax"), total.currency).toBe(total.tax ?? 0);
      const kind = (type: string) =>
        mine.filter((r) => r.Type === type).reduce((s, r) => s + Math.round(Number(r.Amount) * 100), 0);
      expect(kind("Charge")).toBe(total.gross);
      expect(-kind("Refund")).toBe(total.refunds);
      expect(-kind("Lost dispute")).toBe(total.disputes);
    }
    expect(rows.some((r) => r["Discount code"] === "SPRING25")).toBe(true);
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, p.admin.id), eq(auditEvents.action, "business.export")));
    expect(audits.map((a) => a.after)).toEqual([
      { what: "payments", from: `${YEAR}-01-01`, to: `${YEAR}-12-31` },
    ]);
  });

  test("the bookings file lists the period's bookings, a formula-like title guarded", async () => {
    const client = await insertPerson(db(), "client", "pro", "Booked Client");
    const at = (day: number) => new Date(Date.UTC(YEAR, 5, day, 15));
    await db()
      .insert(bookings)
      .values(
        [1, 2, 3].map((day) => ({
          uid: `uid-${day}`,
          currentUid: `uid-${day}`,
          clientId: client.id,
          kind: "session_30m" as const,
          eventType: "30min",
          title: day === 2 ? "=HYPERLINK(1)" : "Session",
          startsAt: at(day),
          endsAt: at(day),
          attendeeEmail: client.email,
          // docs/decisions/0055-no-shows-and-expiry.md: the third a no-show that gave its session back.
          ...(day === 3
            ? { noShowAt: at(day), noShowSource: "cal" as const, counted: true, noShowReturned: true }
            : {}),
        })),
      );
    const rows = await parsed(await businessExport(db(), await permits(), "bookings", yearPeriod(YEAR)));
    expect(Object.keys(rows[0] ?? {})).toEqual([...BOOKING_HEADER]);
    expect(rows.map((r) => r["Cal.com uid"])).toEqual(["uid-1", "uid-2", "uid-3"]);
    expect(rows[1]?.Title).toBe("'=HYPERLINK(1)");
    expect(rows.map((r) => [r["No-show"], r["No-show given back"]])).toEqual([
      ["", "no"],
      ["", "no"],
      ["Cal.com", "yes"],
    ]);
  });
});
