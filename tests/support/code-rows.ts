import type { SQL } from "drizzle-orm";
import type { Db } from "~/server/db.server";
import {
  codeRedemptions,
  discountCodes,
  orders,
  payments,
  referralCredits,
  referralPayouts,
} from "~/server/schema";

/**
 * The backup test's odd rows in the codes tables (tests/integration/backup.test.ts): an array column with
 * quotes and braces, a null owner, a voided code, a discounted order, a credit and a payout of no one.
 */
export async function addOddCodeRows(
  db: Db,
  { odd, ghost, at, text }: { odd: { id: string }; ghost: { id: string }; at: SQL; text: string },
): Promise<void> {
  // Codes (docs/decisions/0044-discount-codes.md): an array column, a null owner, a voided code.
  const [referral, sponsor] = await db
    .insert(discountCodes)
    .values([
      { code: "ODD-7K2", lookup: "ODD7K2", kind: "referral", ownerId: odd.id, reward: "discount" },
      {
        code: "CLUB-2026",
        lookup: "CLUB2026",
        kind: "sponsor",
        percent: 25,
        offers: ["pro", 'with "quote"', "{brace}"],
        maxUses: 3,
        expiresAt: at as unknown as Date,
        note: text,
        voidedAt: new Date("2026-03-01T00:00:00.000Z"),
        createdBy: ghost.id,
      },
    ])
    .returning();
  if (!referral || !sponsor) throw new Error("no codes");
  const [discounted] = await db
    .insert(orders)
    .values({
      personId: ghost.id,
      offer: "basic",
      currency: "USD",
      option: "upfront",
      mode: "payment",
      unitAmount: 22410,
      plan: "basic",
      status: "paid",
      provider: "local",
      discountCodeId: referral.id,
      discountCode: text,
      discountPercent: 10,
      listUnitAmount: 24900,
    })
    .returning();
  if (!discounted) throw new Error("no discounted order");
  await db.insert(codeRedemptions).values({ codeId: referral.id, orderId: discounted.id, buyerId: ghost.id });
  const [charged] = await db
    .insert(payments)
    .values({ orderId: discounted.id, kind: "charge", amount: 22410, currency: "USD", reference: "pi_odd" })
    .returning();
  if (!charged) throw new Error("no charge");
  await db.insert(referralCredits).values({
    referrerId: odd.id,
    orderId: discounted.id,
    paymentId: charged.id,
    reward: "discount",
    amount: 2241,
    currency: "USD",
    rewardCodeId: sponsor.id,
  });
  await db
    .insert(referralPayouts)
    .values({ referrerId: null, currency: "CAD", amount: 1, note: text, paidBy: null });
}
