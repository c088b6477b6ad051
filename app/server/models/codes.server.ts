import { randomInt } from "node:crypto";
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { CODE_SETTINGS, PRICING_PLANS, type PricingPlanKey } from "~/content/pricing";
import { discountCents, validDiscountPercent } from "~/domain/checkout";
import { codeDisplay, codeLookup, type LinkCode, referralCodeFor, rewardCode } from "~/domain/codes";
import type { Viewer } from "~/domain/viewer";
import type { Db, DbOrTx } from "../db.server";
import { publishChange } from "../live/bus.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import {
  codeRedemptions,
  type DiscountCode,
  discountCodes,
  type Order,
  orders,
  payments,
  profiles,
  referralCredits,
  referralPayouts,
} from "../schema";
import { audit } from "./audit.server";

// Referral, sponsor and reward codes, who used them, and what referrers earned
// (docs/decisions/0044-discount-codes.md). Credits change only inside fulfilment's transactions
// (app/server/payments/fulfil.server.ts), beside the payment row they follow.

const random = () => randomInt(0, 2 ** 32) / 2 ** 32;

export type RewardChoice = "cash" | "discount";

/** Made the first time it is asked for; a clash of random tails is tried again. */
export async function referralCodeOf(db: Db, permit: Permit<"referral.own">): Promise<DiscountCode> {
  const owner = permit.actor;
  for (let attempt = 0; attempt < 8; attempt += 1) {
    const [existing] = await db
      .select()
      .from(discountCodes)
      .where(and(eq(discountCodes.ownerId, owner.id), eq(discountCodes.kind, "referral")));
    if (existing) return existing;
    const code = referralCodeFor(owner.fullName, random, attempt < 4 ? 3 : 4);
    await db
      .insert(discountCodes)
      .values({ code, lookup: codeLookup(code) ?? code, kind: "referral", ownerId: owner.id, reward: "cash" })
      .onConflictDoNothing();
  }
  throw new Error("no free referral code after 8 tries");
}

export async function chooseReward(
  db: Db,
  permit: Permit<"referral.own">,
  reward: RewardChoice,
): Promise<void> {
  const code = await referralCodeOf(db, permit);
  if (code.reward === reward) return;
  await db.transaction(async (tx) => {
    await tx.update(discountCodes).set({ reward }).where(eq(discountCodes.id, code.id));
    await audit(tx, permit, {
      action: "referral.reward-choice",
      targetId: permit.actor.id,
      entity: "discount_code",
      entityId: code.id,
      before: { reward: code.reward },
      after: { reward },
    });
    await publishChange(tx, { kind: "payment", clientId: permit.actor.id });
  });
}

// ── Checking a code at checkout ─────────────────────────────────────────────────────────────────

export type CodeCheck = { ok: true; code: DiscountCode; percent: number } | { ok: false; error: string };

export const CODE_MESSAGES = {
  unknown: (typed: string) => `There's no code "${typed}". Check the spelling, or buy without one.`,
  expired: (code: string) => `The code ${code} has expired.`,
  usedUp: (code: string) => `The code ${code} has been used as many times as it can be.`,
  own: "That's your own referral code: share it with a friend, and you're rewarded when they buy.",
  notYours: (code: string) => `The code ${code} was made for someone else's next purchase.`,
  usedAlready: (code: string) => `You've already used the code ${code}.`,
  notForOffer: (code: string, offer: string) => `The code ${code} doesn't apply to ${offer}.`,
};

const offerTitle = (offer: string) => PRICING_PLANS.find((p) => p.planKey === offer)?.title ?? offer;

const usesOf = async (db: DbOrTx, codeId: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(codeRedemptions)
    .where(eq(codeRedemptions.codeId, codeId));
  return row?.n ?? 0;
};

/** Every reason a code can't be used, each with its message; no Stripe call is made for any of them. */
export async function checkCode(
  db: DbOrTx,
  buyer: Viewer,
  typed: string,
  offer: PricingPlanKey,
  now = new Date(),
): Promise<CodeCheck> {
  const shown = typed.trim().slice(0, 40);
  const lookup = codeLookup(typed);
  const [code] = lookup ? await db.select().from(discountCodes).where(eq(discountCodes.lookup, lookup)) : [];
  if (!code || code.voidedAt) return { ok: false, error: CODE_MESSAGES.unknown(shown) };
  if (code.expiresAt && code.expiresAt <= now) return { ok: false, error: CODE_MESSAGES.expired(code.code) };
  if (code.kind === "referral" && code.ownerId === buyer.id) return { ok: false, error: CODE_MESSAGES.own };
  if (code.kind === "reward" && code.ownerId !== buyer.id) {
    return { ok: false, error: CODE_MESSAGES.notYours(code.code) };
  }
  if (code.offers && !code.offers.includes(offer)) {
    return { ok: false, error: CODE_MESSAGES.notForOffer(code.code, offerTitle(offer)) };
  }
  const [mine] = await db
    .select({ id: codeRedemptions.id })
    .from(codeRedemptions)
    .where(and(eq(codeRedemptions.codeId, code.id), eq(codeRedemptions.buyerId, buyer.id)));
  if (mine) return { ok: false, error: CODE_MESSAGES.usedAlready(code.code) };
  if (code.maxUses !== null && (await usesOf(db, code.id)) >= code.maxUses) {
    return { ok: false, error: CODE_MESSAGES.usedUp(code.code) };
  }
  const percent = code.kind === "referral" ? CODE_SETTINGS.referralPercent : (code.percent ?? 0);
  return { ok: true, code, percent };
}

/**
 * What a referral or sponsor code in a link shows on the pricing page before anyone signs in: null for a
 * personal reward code or one that can't be used by anybody now. Who may use it is checked at checkout.
 */
export async function sharedCode(db: Db, typed: string, now = new Date()): Promise<LinkCode | null> {
  const lookup = codeLookup(typed);
  if (!lookup) return null;
  const [code] = await db.select().from(discountCodes).where(eq(discountCodes.lookup, lookup));
  if (!code || code.voidedAt || code.kind === "reward") return null;
  if (code.expiresAt && code.expiresAt <= now) return null;
  if (code.maxUses !== null && (await usesOf(db, code.id)) >= code.maxUses) return null;
  const percent = code.kind === "referral" ? CODE_SETTINGS.referralPercent : (code.percent ?? 0);
  return { code: code.code, percent, offers: code.offers };
}

/** One code per checkout (Stripe takes one): the larger discount, and a line saying which was set aside. */
export function largerCode(
  checks: readonly (CodeCheck & { ok: true })[],
): { chosen: CodeCheck & { ok: true }; note: string | null } | null {
  const [chosen, ...others] = [...checks].sort((a, b) => b.percent - a.percent);
  if (!chosen) return null;
  const other = others.find((o) => o.code.id !== chosen.code.id);
  return {
    chosen,
    note: other
      ? `One code per purchase: ${chosen.code.code} (${chosen.percent} % off) applies instead of ${other.code.code} (${other.percent} % off).`
      : null,
  };
}

// ── After payment ───────────────────────────────────────────────────────────────────────────────

/** At fulfilment: a use of the order's code. A second paid order by the same buyer records none. */
export async function recordRedemptionIn(tx: DbOrTx, order: Order): Promise<void> {
  if (!order.discountCodeId) return;
  await tx
    .insert(codeRedemptions)
    .values({ codeId: order.discountCodeId, orderId: order.id, buyerId: order.personId })
    .onConflictDoNothing();
}

export type MoneyRow = { id: string; kind: "charge" | "refund" | "chargeback"; amount: number };

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
  const share = discountCents(money.amount, CODE_SETTINGS.referralRewardPercent);
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
  if (reward === "discount" && net + amount <= 0 && rewardCodeId) {
    // Taken back in full: an unused reward code goes too; a used one was already spent.
    const used = await usesOf(tx, rewardCodeId);
    if (used === 0) {
      await tx
        .update(discountCodes)
        .set({ voidedAt: new Date() })
        .where(and(eq(discountCodes.id, rewardCodeId), isNull(discountCodes.voidedAt)));
    }
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

// ── The coach's side ────────────────────────────────────────────────────────────────────────────

export type SponsorCodeInput = {
  code: string;
  percent: number;
  offers: PricingPlanKey[] | null;
  maxUses: number | null;
  expiresAt: Date | null;
  note: string | null;
};

export const CODE_TAKEN = "That code is already taken: choose another.";

export async function createSponsorCode(
  db: Db,
  permit: Permit<"codes.manage">,
  input: SponsorCodeInput,
): Promise<DiscountCode> {
  const code = codeDisplay(input.code);
  const lookup = code ? codeLookup(code) : null;
  if (!code || !lookup) refuse("A code has 4 to 32 letters or digits.", 400);
  if (!validDiscountPercent(input.percent)) refuse("The discount is a whole percent from 1 to 99.", 400);
  return db.transaction(async (tx) => {
    const [made] = await tx
      .insert(discountCodes)
      .values({
        code,
        lookup,
        kind: "sponsor",
        percent: input.percent,
        offers: input.offers && input.offers.length > 0 ? input.offers : null,
        maxUses: input.maxUses,
        expiresAt: input.expiresAt,
        note: input.note?.trim() || null,
        createdBy: permit.actor.id,
      })
      .onConflictDoNothing()
      .returning();
    if (!made) refuse(CODE_TAKEN, 409);
    await audit(tx, permit, {
      action: "code.create",
      targetId: null,
      entity: "discount_code",
      entityId: made.id,
      after: { code, percent: input.percent, offers: made.offers, maxUses: input.maxUses, note: made.note },
    });
    return made;
  });
}

export async function voidCode(db: Db, permit: Permit<"codes.manage">, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [voided] = await tx
      .update(discountCodes)
      .set({ voidedAt: new Date() })
      .where(and(eq(discountCodes.id, id), eq(discountCodes.kind, "sponsor"), isNull(discountCodes.voidedAt)))
      .returning({ code: discountCodes.code });
    if (!voided) refuse("No such code, or it was already ended.", 404);
    await audit(tx, permit, {
      action: "code.void",
      targetId: null,
      entity: "discount_code",
      entityId: id,
      after: { code: voided.code },
    });
  });
}

/** Each sponsor code with its uses and what its orders took, net of refunds, per currency. */
export async function listSponsorCodes(db: Db, _permit: Permit<"payments.read">) {
  const codes = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.kind, "sponsor"))
    .orderBy(desc(discountCodes.createdAt))
    .limit(500);
  if (codes.length === 0) return [];
  const ids = codes.map((c) => c.id);
  const [uses, revenue] = await Promise.all([
    db
      .select({ codeId: codeRedemptions.codeId, n: count() })
      .from(codeRedemptions)
      .where(inArray(codeRedemptions.codeId, ids))
      .groupBy(codeRedemptions.codeId),
    db
      .select({
        codeId: orders.discountCodeId,
        currency: payments.currency,
        net: sql<number>`coalesce(sum(case when ${payments.kind} = 'charge' then ${payments.amount} when ${payments.kind} in ('refund', 'chargeback') then -${payments.amount} else 0 end), 0)::int`,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .where(inArray(orders.discountCodeId, ids))
      .groupBy(orders.discountCodeId, payments.currency),
  ]);
  return codes.map((code) => ({
    ...code,
    uses: uses.find((u) => u.codeId === code.id)?.n ?? 0,
    revenue: Object.fromEntries(revenue.filter((r) => r.codeId === code.id).map((r) => [r.currency, r.net])),
  }));
}

/** Cash rewards credited and not yet paid, per referrer and currency. */
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
    await audit(tx, permit, {
      action: "referral.paid",
      targetId: input.referrerId,
      entity: "referral_payout",
      after: { amount: input.amount, currency: input.currency, note },
    });
    await publishChange(tx, { kind: "payment", clientId: input.referrerId });
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
