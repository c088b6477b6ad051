import { describe, expect, test } from "vitest";
import { planFigures } from "~/server/business/plans.server";
import { authorize } from "~/server/policy.server";
import { emailOutbox, orders, payments } from "~/server/schema";
import { PRO_INSTALMENTS } from "../support/business-ledger";
import { databaseLabel } from "../support/database";
import { insertPerson } from "../support/people";
import { databaseForFile } from "../support/test-database";

// Money still to come (docs/decisions/0054-business-at-a-glance.md): plans paid n of m, those behind with
// what was emailed, and a 90-day forecast of only the active plans Stripe will charge.

const db = databaseForFile();
const NOW = new Date("2026-03-10T12:00:00Z");
const DAY = 24 * 60 * 60 * 1000;

type OrderInput = typeof orders.$inferInsert;

async function plan(name: string, order: Partial<OrderInput>, charges: Date[]) {
  const buyer = await insertPerson(db(), "client", "pro", name);
  const [row] = await db()
    .insert(orders)
    .values({
      ...PRO_INSTALMENTS,
      personId: buyer.id,
      paidInstalments: charges.length,
      status: "active",
      subscriptionId: `sub_${name.replace(/\W/g, "")}`,
      createdAt: charges[0] ?? NOW,
      ...order,
    })
    .returning();
  if (!row) throw new Error("no order");
  for (const [n, at] of charges.entries())
    await db()
      .insert(payments)
      .values({
        orderId: row.id,
        kind: "charge",
        amount: row.unitAmount,
        currency: row.currency,
        reference: `in_${row.id}_${n}`,
        occurredAt: at,
      });
  return { order: row, buyer };
}

describe(`money still to come, on ${databaseLabel}`, () => {
  test("the forecast counts active Stripe plans' charges within 90 days, never an unpaid checkout or a plan behind", async () => {
    // Paid 10 of 12, last on Feb 20: Mar 20 and Apr 20, then done.
    const ending = await plan(
      "Ending Plan",
      {},
      Array.from({ length: 10 }, (_, i) => new Date(Date.UTC(2025, 4 + i, 20))),
    );
    // Monthly sessions in USD, no end: Mar 15, Apr 15, May 15 (Jun 15 is past 90 days).
    await plan(
      "Monthly Client",
      {
        offer: "monthly",
        option: "upfront",
        instalments: null,
        currency: "USD",
        unitAmount: 19900,
        plan: null,
      },
      [new Date("2026-02-15T09:00:00Z")],
    );
    // A checkout opened and never paid: pending, no charge, no subscription.
    await plan("Opened Checkout", { status: "pending", subscriptionId: null }, []);
    // A local test order is never charged by Stripe.
    await plan("Local Order", { provider: "local", subscriptionId: null }, [
      new Date("2026-03-01T09:00:00Z"),
    ]);
    // Behind: last paid Jan 5, due Feb 5, failed and emailed twice.
    const late = await plan("Late Payer", { status: "past_due" }, [
      new Date("2025-12-05T09:00:00Z"),
      new Date("2026-01-05T09:00:00Z"),
    ]);
    for (const [n, at] of ["2026-02-05T10:00:00Z", "2026-02-12T10:00:00Z"].entries())
      await db()
        .insert(emailOutbox)
        .values({
          messageId: `<failed-${n}@test>`,
          recipientId: late.buyer.id,
          toAddress: late.buyer.email,
          kind: "payment-failed",
          subject: "Payment failed",
          html: "<p>failed</p>",
          text: "failed",
          summary: "failed",
          createdAt: new Date(at),
        });

    const figures = await planFigures(
      db(),
      authorize(await insertPerson(db(), "admin", null, "Admin"), "business.read"),
      NOW,
    );

    expect(figures.forecast).toEqual([
      { currency: "CAD", month: "2026-03", charges: 1, amount: 8000 },
      { currency: "CAD", month: "2026-04", charges: 1, amount: 8000 },
      { currency: "USD", month: "2026-03", charges: 1, amount: 19900 },
      { currency: "USD", month: "2026-04", charges: 1, amount: 19900 },
      { currency: "USD", month: "2026-05", charges: 1, amount: 19900 },
    ]);
    const paying = figures.plans.find((p) => p.orderId === ending.order.id);
    expect(paying).toMatchObject({ paid: 10, of: 12, nextAt: "2026-03-20T00:00:00.000Z", amount: 8000 });
    expect(figures.plans.map((p) => p.client)).not.toContain("Opened Checkout");
    expect(figures.behind).toEqual([
      expect.objectContaining({
        client: "Late Payer",
        paid: 2,
        of: 12,
        nextAt: "2026-02-05T09:00:00.000Z",
        daysOverdue: Math.floor((NOW.getTime() - Date.parse("2026-02-05T09:00:00Z")) / DAY),
        emailed: 2,
        lastEmailedAt: "2026-02-12T10:00:00.000Z",
      }),
    ]);
  });
});
