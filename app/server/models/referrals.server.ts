import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { CODE_SETTINGS } from "~/content/pricing";
import { discountCents } from "~/domain/checkout";
import { codeLookup, rewardCode } from "~/domain/codes";
import type { Db, DbOrTx } from "../db.server";
import { publishChange } from "../live/bus.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import {
  codeRedemptions,
  discountCodes,
  type Order,
  orders,
  profiles,
  referralCredits,
  referralPayouts,
} from "../schema";
import { recordChange } from "./audit.server";
import { type RewardChoice, random, referralCodeOf, usesOf } from "./codes.server";

// What referrers earn (docs/decisions/0044-discount-codes.md): credits change only inside fulfilment's
// transactions (app/server/payments/fulfil.server.ts), beside the payment row they follow; cash rewards are
// marked paid by the admin.
// Longer than ~300 lines on purpose: a credit, its taking back and the payout that settles it are read together.

// ── After payment ───────────────────────────────────────────────────────────────────────────────

/** At fulfilment: a use of the order's code. A second paid order by the same buyer records none. */
export async function recordRedemptionIn(tx: DbOrTx, order: Order): Promise<void> {
  if (!order.discountCodeId) return;
  await tx
    .insert(codeRedemptions)
    .values({ codeId: order.discountCodeId, orderId: order.id, buyerId: order.personId })
    .onConflictDoNothing();
}

/**
 * A payment row's price before tax; for money returned, `before` is the price already returned on the same
 * charge, so the share taken back is rounded once over the charge, not once per refund.
 */
export type MoneyRow = {
  id: string;
  kind: "charge" | "refund" | "chargeback";
  amount: number;
  before?: number;
};

/**
 * The referrer's share of a referred order's payment row: a charge adds it, a refund or lost dispute
 * takes back its share (never more than was credited). A discount reward is one single-use code per
 * order, made with the first charge and voided, if unused, when everything is taken back.
 */
export async function creditReferralIn(tx: DbOrTx, order: Order, money: MoneyRow): Promise<void> {
  if (!order.discountCodeId) return;
  const [code] = await tx.select().from(discountCodes).where(eq(discountCodes.id, order.discountCodeId));
  if (code?.kind !== "referral" || !code.ownerId || code.ownerId === order.personId) return;
  const referrerId = code.ownerId;
  const earlier = await tx
    .select()
    .from(referralCredits)
    .where(eq(referralCredits.orderId, order.id))
    .orderBy(asc(referralCredits.createdAt));
  const net = earlier.reduce((total, row) => total + row.amount, 0);
  const shareOf = (cents: number) => discountCents(cents, CODE_SETTINGS.referralRewardPercent);
  const before = money.kind === "charge" ? 0 : (money.before ?? 0);
  const share = shareOf(before + money.amount) - shareOf(before);
  const amount = money.kind === "charge" ? share : -Math.min(net, share);
  if (amount === 0) return;
  const reward = (earlier[0]?.reward ?? code.reward ?? "cash") as RewardChoice;
  let rewardCodeId = earlier.find((row) => row.rewardCodeId)?.rewardCodeId ?? null;
  if (reward === "discount" && money.kind === "charge" && !rewardCodeId) {
    rewardCodeId = await issueRewardCode(tx, referrerId);
  }
  const [credited] = await tx
    .insert(referralCredits)
    .values({
      referrerId,
      orderId: order.id,
      paymentId: money.id,
      reward,
      amount,
      currency: order.currency,
      rewardCodeId: money.kind === "charge" ? rewardCodeId : null,
    })
    .onConflictDoNothing()
    .returning({ id: referralCredits.id });
  if (!credited) return;
  if (reward === "discount" && rewardCodeId && (await usesOf(tx, rewardCodeId)) === 0) {
    // Taken back in full, an unused reward code goes (a used one was already spent); paid again (a later
    // instalment of the same order), it comes back.
    const withdrawn = net + amount <= 0;
    await tx
      .update(discountCodes)
      .set({ voidedAt: withdrawn ? new Date() : null })
      .where(
        and(
          eq(discountCodes.id, rewardCodeId),
          withdrawn ? isNull(discountCodes.voidedAt) : isNotNull(discountCodes.voidedAt),
        ),
      );
  }
  await publishChange(tx, { kind: "payment", clientId: referrerId });
}

async function issueRewardCode(tx: DbOrTx, ownerId: string): Promise<string> {
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const code = rewardCode(random);
    const [made] = await tx
      .insert(discountCodes)
      .values({
        code,
        lookup: codeLookup(code) ?? code,
        kind: "reward",
        ownerId,
        percent: CODE_SETTINGS.referralRewardPercent,
        maxUses: 1,
        note: "Referral reward",
      })
      .onConflictDoNothing()
      .returning({ id: discountCodes.id });
    if (made) return made.id;
  }
  throw new Error("no free reward code after 8 tries");
}

// ── What a referrer sees ────────────────────────────────────────────────────────────────────────

const creditsTo = (db: Db, referrerId: string) =>
  db
    .select({
      orderId: referralCredits.orderId,
      offer: orders.offer,
      reward: referralCredits.reward,
      amount: referralCredits.amount,
      currency: referralCredits.currency,
      createdAt: referralCredits.createdAt,
    })
    .from(referralCredits)
    .innerJoin(orders, eq(orders.id, referralCredits.orderId))
    .where(eq(referralCredits.referrerId, referrerId))
    .orderBy(asc(referralCredits.createdAt));

const payoutsTo = (db: Db, referrerId: string) =>
  db
    .select({
      amount: referralPayouts.amount,
      currency: referralPayouts.currency,
      note: referralPayouts.note,
      createdAt: referralPayouts.createdAt,
    })
    .from(referralPayouts)
    .where(eq(referralPayouts.referrerId, referrerId))
    .orderBy(desc(referralPayouts.createdAt));

export async function ownReferrals(db: Db, permit: Permit<"referral.own">) {
  const referrerId = permit.actor.id;
  const code = await referralCodeOf(db, permit);
  const [credits, payouts, rewardCodes] = await Promise.all([
    creditsTo(db, referrerId),
    payoutsTo(db, referrerId),
    db
      .select({
        id: discountCodes.id,
        code: discountCodes.code,
        percent: discountCodes.percent,
        voidedAt: discountCodes.voidedAt,
        // Qualified by hand: inside a subquery drizzle leaves column names bare.
        uses: sql<number>`(select count(*)::int from "code_redemptions" where "code_redemptions"."code_id" = "discount_codes"."id")`,
      })
      .from(discountCodes)
      .where(and(eq(discountCodes.ownerId, referrerId), eq(discountCodes.kind, "reward")))
      .orderBy(desc(discountCodes.createdAt)),
  ]);
  // One line per referred order, its rows summed.
  const referrals = new Map<
    string,
    { orderId: string; offer: string; reward: string; amount: number; currency: string; since: Date }
  >();
  for (const row of credits) {
    const seen = referrals.get(row.orderId);
    if (seen) seen.amount += row.amount;
    else referrals.set(row.orderId, { ...row, since: row.createdAt });
  }
  return {
    code,
    referrals: [...referrals.values()].reverse(),
    owed: owedPerCurrency(
      credits.filter((c) => c.reward === "cash"),
      payouts,
    ),
    payouts,
    rewardCodes,
  };
}

function owedPerCurrency(
  credits: readonly { amount: number; currency: string }[],
  payouts: readonly { amount: number; currency: string }[],
): Record<string, number> {
  const owed: Record<string, number> = {};
  for (const c of credits) owed[c.currency] = (owed[c.currency] ?? 0) + c.amount;
  for (const p of payouts) owed[p.currency] = (owed[p.currency] ?? 0) - p.amount;
  return owed;
}

export async function rewardsOwed(db: DbOrTx, _permit: Permit<"payments.read" | "codes.manage">) {
  const [credited, paid] = await Promise.all([
    db
      .select({
        referrerId: referralCredits.referrerId,
        currency: referralCredits.currency,
        amount: sql<number>`sum(${referralCredits.amount})::int`,
      })
      .from(referralCredits)
      .where(eq(referralCredits.reward, "cash"))
      .groupBy(referralCredits.referrerId, referralCredits.currency),
    db
      .select({
        referrerId: referralPayouts.referrerId,
        currency: referralPayouts.currency,
        amount: sql<number>`sum(${referralPayouts.amount})::int`,
      })
      .from(referralPayouts)
      .where(isNotNull(referralPayouts.referrerId))
      .groupBy(referralPayouts.referrerId, referralPayouts.currency),
  ]);
  const owed = credited
    .map((c) => ({
      ...c,
      amount:
        c.amount -
        (paid.find((p) => p.referrerId === c.referrerId && p.currency === c.currency)?.amount ?? 0),
    }))
    .filter((row) => row.amount > 0);
  if (owed.length === 0) return [];
  const people = await db
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(
      inArray(
        profiles.id,
        owed.map((o) => o.referrerId),
      ),
    );
  return owed.map((row) => ({ ...row, person: people.find((p) => p.id === row.referrerId) ?? null }));
}

export const OWED_CHANGED =
  "The amount owed has changed since this page was loaded: check it and mark it again.";

/** The whole amount owed in one currency; refused if it moved since the coach read it. */
export async function markRewardPaid(
  db: Db,
  permit: Permit<"codes.manage">,
  input: { referrerId: string; currency: string; amount: number; note: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    // Serialises payouts to one referrer.
    const [person] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.id, input.referrerId))
      .for("update");
    if (!person) refuse("No one with that id.", 404);
    const owed = (await rewardsOwed(tx, permit)).find(
      (row) => row.referrerId === input.referrerId && row.currency === input.currency,
    );
    if (!owed || owed.amount !== input.amount) refuse(OWED_CHANGED, 409);
    const note = input.note?.trim().slice(0, 500) || null;
    await tx.insert(referralPayouts).values({
      referrerId: input.referrerId,
      currency: input.currency,
      amount: input.amount,
      note,
      paidBy: permit.actor.id,
    });
    await recordChange(
      tx,
      permit,
      {
        action: "referral.paid",
        targetId: input.referrerId,
        entity: "referral_payout",
        after: { amount: input.amount, currency: input.currency, note },
      },
      { kind: "payment", clientId: input.referrerId },
    );
  });
}

/** For the data export: the person's own codes, what they earned and what was paid to them; none is made. */
export async function codesForExport(db: Db, permit: Permit<"self.export">) {
  const id = permit.actor.id;
  const [codes, credits, payouts] = await Promise.all([
    db
      .select({
        code: discountCodes.code,
        kind: discountCodes.kind,
        percent: discountCodes.percent,
        reward: discountCodes.reward,
        voidedAt: discountCodes.voidedAt,
        createdAt: discountCodes.createdAt,
      })
      .from(discountCodes)
      .where(eq(discountCodes.ownerId, id))
      .orderBy(asc(discountCodes.createdAt)),
    creditsTo(db, id),
    payoutsTo(db, id),
  ]);
  return { codes, referralCredits: credits, referralPayouts: payouts };
}
