import { describe, expect, test } from "vitest";
import { monthPeriod, signedAmount, yearPeriod } from "~/domain/business";
import { ledgerPages, moneyByMonth, totalsByCurrency } from "~/server/business/money.server";
import { authorize } from "~/server/policy.server";
import { buildLedgerYear, type LedgerFixture } from "../support/business-ledger";
import { databaseLabel } from "../support/database";
import { insertPerson } from "../support/people";
import { databaseForFile } from "../support/test-database";

// The business page's money (docs/decisions/0054-business-at-a-glance.md) against the ledger's rows
// added up here, to the cent, per month and currency.

const db = databaseForFile();
const YEAR = 2025;

async function admin() {
  return authorize(await insertPerson(db(), "admin", null, "Books Admin"), "business.read");
}

/** The expected figures: the fixture's rows summed in JavaScript. */
function expected(fixture: LedgerFixture) {
  const sums = new Map<
    string,
    { gross: number; tax: number | null; refunds: number; disputes: number; charges: number }
  >();
  for (const row of fixture.rows) {
    const at = row.occurredAt as Date;
    if (at.getUTCFullYear() !== fixture.year || row.kind === "failed") continue;
    const key = `${at.toISOString().slice(0, 7)} ${row.currency}`;
    const s = sums.get(key) ?? { gross: 0, tax: null, refunds: 0, disputes: 0, charges: 0 };
    if (row.kind === "charge") {
      s.gross += row.amount;
      s.charges += 1;
      if (row.taxAmount != null) s.tax = (s.tax ?? 0) + row.taxAmount;
    }
    if (row.kind === "refund") s.refunds += row.amount;
    if (row.kind === "chargeback") s.disputes += row.amount;
    sums.set(key, s);
  }
  return sums;
}

describe(`the business page's money, on ${databaseLabel}`, () => {
  let fixture: LedgerFixture;

  test("every month's gross, tax, refunds, lost disputes and net equal the ledger's rows, per currency", async () => {
    fixture = await buildLedgerYear(db(), YEAR);
    const months = await moneyByMonth(db(), await admin(), yearPeriod(YEAR));
    const sums = expected(fixture);
    expect(months).toHaveLength(sums.size);
    expect(new Set(months.map((m) => m.currency))).toEqual(new Set(["CAD", "USD"]));
    for (const m of months) {
      const s = sums.get(`${m.month} ${m.currency}`);
      expect(s, `${m.month} ${m.currency}`).toBeDefined();
      if (!s) continue;
      expect(m).toEqual({
        month: m.month,
        currency: m.currency,
        charges: s.charges,
        gross: s.gross,
        tax: s.tax,
        refunds: s.refunds,
        disputes: s.disputes,
        net: s.gross - s.refunds - s.disputes,
      });
    }
  });

  test("the year's totals are its months' sums; the year's edges are not in it", async () => {
    const months = await moneyByMonth(db(), await admin(), yearPeriod(YEAR));
    const totals = totalsByCurrency(months);
    const usd = totals.find((t) => t.currency === "USD");
    const usdRows = fixture.rows.filter(
      (r) => r.currency === "USD" && r.kind !== "failed" && (r.occurredAt as Date).getUTCFullYear() === YEAR,
    );
    expect(usd?.net).toBe(usdRows.reduce((sum, r) => sum + signedAmount(r.kind, r.amount), 0));
    expect(usdRows.some((r) => r.reference === `ch_${YEAR}_next`)).toBe(false);
  });

  test("the rows behind a figure, read in keyset pages, add up to it", async () => {
    const permit = await admin();
    const period = monthPeriod(`${YEAR}-04`);
    if (!period) throw new Error("no period");
    const [april] = (await moneyByMonth(db(), permit, period)).filter((m) => m.currency === "CAD");
    let refunds = 0;
    let seen = 0;
    for await (const page of ledgerPages(db(), permit, { period, currency: "CAD", kind: "refund" }))
      for (const row of page) {
        refunds += row.amount;
        seen += 1;
      }
    expect(seen).toBeGreaterThan(0);
    expect(refunds).toBe(april?.refunds);
    // Pages of 7 read every row once.
    const all: string[] = [];
    const net = new Map<string, number>();
    for await (const page of ledgerPages(db(), permit, { period: yearPeriod(YEAR) }, 7))
      for (const row of page) {
        all.push(row.id);
        net.set(row.currency, (net.get(row.currency) ?? 0) + signedAmount(row.kind, row.amount));
      }
    expect(new Set(all).size).toBe(all.length);
    const totals = totalsByCurrency(await moneyByMonth(db(), permit, yearPeriod(YEAR)));
    expect(all.length).toBe(
      fixture.rows.filter((r) => r.kind !== "failed" && (r.occurredAt as Date).getUTCFullYear() === YEAR)
        .length,
    );
    expect(Object.fromEntries(net)).toEqual(Object.fromEntries(totals.map((t) => [t.currency, t.net])));
  });
});
