import type { Db } from "~/server/db.server";
import { orders, payments } from "~/server/schema";
import { insertPerson } from "./people";

// A year of a practice's ledger written straight to the tables, as the webhook's handlers leave them
// (app/server/payments/events/*): charges (some with Stripe Tax's figure), refunds in parts (each row the
// part returned), lost disputes; failed charges too, which count nowhere. Deterministic: no random.

/** Pro in 12 monthly instalments of $80 CAD through Stripe: an order's columns as a checkout stores them. */
export const PRO_INSTALMENTS = {
  offer: "pro",
  currency: "CAD",
  option: "financing",
  mode: "subscription",
  unitAmount: 8000,
  instalments: 12,
  plan: "pro",
  provider: "stripe",
} as const satisfies Partial<typeof orders.$inferInsert>;

export type LedgerFixture = { year: number; rows: (typeof payments.$inferInsert)[] };

export async function buildLedgerYear(db: Db, year: number, perMonth = 6): Promise<LedgerFixture> {
  const buyer = await insertPerson(db, "client", "pro", "Ledger Buyer");
  const rows: (typeof payments.$inferInsert)[] = [];
  let n = 0;
  for (let month = 0; month < 12; month++) {
    for (let i = 0; i < perMonth; i++) {
      n += 1;
      const currency = n % 3 === 0 ? "USD" : "CAD";
      const unitAmount = 1999 + ((n * 7919) % 90_000);
      const [order] = await db
        .insert(orders)
        .values({
          personId: buyer.id,
          offer: "pro",
          currency,
          option: "upfront",
          mode: "payment",
          unitAmount,
          plan: "pro",
          status: "paid",
          provider: "stripe",
          checkoutSessionId: `cs_ledger_${year}_${n}`,
          ...(n % 4 === 0
            ? { discountCode: "SPRING25", discountPercent: 25, listUnitAmount: unitAmount + 500 }
            : {}),
        })
        .returning({ id: orders.id });
      if (!order) throw new Error("order not inserted");
      const day = 1 + ((n * 5) % 27);
      // Last second of the month's last day, first second of the first: the month's edges.
      const at = (d: number, h = 12) => new Date(Date.UTC(year, month, d, h, n % 60, n % 60, n % 1000));
      const tax = n % 2 === 0 ? Math.round(unitAmount * 0.13) : null;
      const amount = unitAmount + (tax ?? 0);
      const intent = `pi_ledger_${year}_${n}`;
      const base = { orderId: order.id, currency, paymentIntent: intent };
      rows.push({
        ...base,
        kind: "charge",
        amount,
        taxAmount: tax,
        reference: `ch_${year}_${n}`,
        occurredAt: at(day),
      });
      if (i === 0)
        rows.push({
          ...base,
          kind: "charge",
          amount: 1000,
          reference: `ch_${year}_${n}_edge`,
          occurredAt: new Date(Date.UTC(year, month, 1, 0, 0, 0)),
        });
      if (n % 5 === 0) {
        // A partial refund, then the rest, in two rows (cumulative references as Stripe's charge has them).
        const part = Math.floor(amount / 3);
        rows.push({
          ...base,
          kind: "refund",
          amount: part,
          reference: `ch_${year}_${n}:${part}`,
          occurredAt: at(Math.min(28, day + 1)),
        });
        if (n % 10 === 0)
          rows.push({
            ...base,
            kind: "refund",
            amount: amount - part,
            reference: `ch_${year}_${n}:${amount}`,
            occurredAt: at(Math.min(28, day + 1), 18),
          });
      }
      if (n % 7 === 0)
        rows.push({
          ...base,
          kind: "chargeback",
          amount,
          reference: `dp_${year}_${n}`,
          occurredAt: at(Math.min(28, day + 2)),
        });
      if (n % 6 === 0)
        rows.push({ ...base, kind: "failed", amount, reference: `in_${year}_${n}#1`, occurredAt: at(day) });
    }
  }
  // The year's edges: the first instant of the next year belongs to it, not to this one.
  const [edge] = await db
    .insert(orders)
    .values({
      personId: buyer.id,
      offer: "single",
      currency: "USD",
      option: "upfront",
      mode: "payment",
      unitAmount: 14900,
      status: "paid",
      provider: "stripe",
    })
    .returning({ id: orders.id });
  if (edge) {
    rows.push({
      orderId: edge.id,
      currency: "USD",
      kind: "charge",
      amount: 14900,
      reference: `ch_${year}_next`,
      occurredAt: new Date(Date.UTC(year + 1, 0, 1)),
    });
    rows.push({
      orderId: edge.id,
      currency: "USD",
      kind: "charge",
      amount: 14900,
      reference: `ch_${year}_prev`,
      occurredAt: new Date(Date.UTC(year, 0, 1) - 1),
    });
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(payments).values(rows.slice(i, i + 500));
  return { year, rows };
}
