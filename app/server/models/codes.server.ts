import { randomInt } from "node:crypto";
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { CODE_SETTINGS, type PricingPlanKey } from "~/content/pricing";
import { validDiscountPercent } from "~/domain/checkout";
import { codeDisplay, codeLookup, type LinkCode, referralCodeFor } from "~/domain/codes";
import { offerTitle } from "~/domain/orders";
import type { Viewer } from "~/domain/viewer";
import { formatted, SERVER_TIME_ZONE } from "~/lib/local-time";
import type { Db, DbOrTx } from "../db.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { codeRedemptions, type DiscountCode, discountCodes, orders, payments } from "../schema";
import { audit, recordChange } from "./audit.server";

// Referral, sponsor and reward codes and who may use them (docs/decisions/0044-discount-codes.md); what
// referrers earn is app/server/models/referrals.server.ts.
// Longer than ~300 lines on purpose: a code's rules, its hold and the coach's view of its uses are read together.

export const random = () => randomInt(0, 2 ** 32) / 2 ** 32;

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
    await recordChange(
      tx,
      permit,
      {
        action: "referral.reward-choice",
        targetId: permit.actor.id,
        entity: "discount_code",
        entityId: code.id,
        before: { reward: code.reward },
        after: { reward },
      },
      { kind: "payment", clientId: permit.actor.id },
    );
  });
}

// ── Checking a code at checkout ─────────────────────────────────────────────────────────────────

export type CodeCheck = { ok: true; code: DiscountCode; percent: number } | { ok: false; error: string };

export const CODE_MESSAGES = {
  unknown: (typed: string) => `There's no code "${typed}". Check the spelling, or buy without one.`,
  // The day the admin chose, on the coach's clock (its last millisecond: endOfDayIn).
  expired: (code: string, at: Date) =>
    `The code ${code} can no longer be used: it expired on ${formatted(at, SERVER_TIME_ZONE, "date")}.`,
  usedUp: (code: string) => `The code ${code} can no longer be used: all its uses are taken.`,
  withdrawn: (code: string) => `The code ${code} can no longer be used: it has been withdrawn.`,
  own: "That's your own referral code: share it with a friend, and you're rewarded when they buy.",
  notYours: (code: string) => `The code ${code} was made for someone else's next purchase.`,
  usedAlready: (code: string) => `You've already used the code ${code}.`,
  firstPurchase: "Referral codes are for a first purchase.",
  notForOffer: (code: string, offer: string) => `The code ${code} doesn't apply to ${offer}.`,
};

export const usesOf = async (db: DbOrTx, codeId: string) => {
  const [row] = await db
    .select({ n: count() })
    .from(codeRedemptions)
    .where(eq(codeRedemptions.codeId, codeId));
  return row?.n ?? 0;
};

/**
 * How long a pending order holds a use of its code: its Checkout Session is made to expire then, so it can't
 * be paid after (Stripe's shortest is 30 minutes). docs/decisions/0044-discount-codes.md.
 */
export const CODE_HOLD_MINUTES = 60;
export const holdEndsAt = (createdAt: Date) => new Date(createdAt.getTime() + CODE_HOLD_MINUTES * 60_000);

/** A pending order, not yet paid, made within the hold. */
const holding = (codeId: string, now: Date) =>
  and(
    eq(orders.discountCodeId, codeId),
    eq(orders.status, "pending"),
    isNull(orders.fulfilledAt),
    gt(orders.createdAt, new Date(now.getTime() - CODE_HOLD_MINUTES * 60_000)),
  );

/** What counts against a code's uses: paid uses and the checkouts still holding one. */
export const usesTaken = async (db: DbOrTx, codeId: string, now = new Date()) => {
  const [held] = await db.select({ n: count() }).from(orders).where(holding(codeId, now));
  return (await usesOf(db, codeId)) + (held?.n ?? 0);
};

/**
 * Under a lock on the code's row, so checkouts started at once count each other: the buyer's own
 * checkouts still holding this code are released (a new one replaces them), then the uses are counted
 * again. Runs in the transaction that makes the order; a refusal rolls the release back. Returns the
 * released orders' Stripe sessions, to be expired once committed.
 */
export async function holdCodeIn(
  tx: DbOrTx,
  buyer: Viewer,
  codeId: string,
  now = new Date(),
): Promise<string[]> {
  const [code] = await tx.select().from(discountCodes).where(eq(discountCodes.id, codeId)).for("update");
  if (!code) refuse(CODE_MESSAGES.unknown(""), 400);
  if (code.voidedAt) refuse(CODE_MESSAGES.withdrawn(code.code), 400);
  const released = await tx
    .update(orders)
    .set({ status: "expired" })
    .where(and(holding(codeId, now), eq(orders.personId, buyer.id)))
    .returning({ sessionId: orders.checkoutSessionId, provider: orders.provider });
  if (code.maxUses !== null && (await usesTaken(tx, code.id, now)) >= code.maxUses) {
    refuse(CODE_MESSAGES.usedUp(code.code), 400);
  }
  return released.flatMap((r) => (r.provider === "stripe" && r.sessionId ? [r.sessionId] : []));
}

/** Any order of theirs fulfilled, refunded since or not. */
async function hasBought(db: DbOrTx, personId: string): Promise<boolean> {
  const [paid] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.personId, personId), isNotNull(orders.fulfilledAt)))
    .limit(1);
  return Boolean(paid);
}

const shownAs = (typed: string) => typed.trim().slice(0, 40);

async function codeByText(db: DbOrTx, typed: string): Promise<DiscountCode | undefined> {
  const lookup = codeLookup(typed);
  if (!lookup) return undefined;
  const [code] = await db.select().from(discountCodes).where(eq(discountCodes.lookup, lookup));
  return code;
}

/** Why nobody can use a code any more, whoever asks: withdrawn, or past its expiry. */
function endedFor(code: DiscountCode, now: Date): string | null {
  if (code.voidedAt) return CODE_MESSAGES.withdrawn(code.code);
  if (code.expiresAt && code.expiresAt <= now) return CODE_MESSAGES.expired(code.code, code.expiresAt);
  return null;
}

/** Every reason a code can't be used, each with its message; no Stripe call is made for any of them. */
export async function checkCode(
  db: DbOrTx,
  buyer: Viewer,
  typed: string,
  offer: PricingPlanKey,
  now = new Date(),
): Promise<CodeCheck> {
  const code = await codeByText(db, typed);
  if (!code) return { ok: false, error: CODE_MESSAGES.unknown(shownAs(typed)) };
  const ended = endedFor(code, now);
  if (ended) return { ok: false, error: ended };
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
  // A referral is a new buyer's (the FAQ's "someone you refer"): not a client, staff, or anyone who has paid.
  if (code.kind === "referral" && (buyer.role !== "lead" || (await hasBought(db, buyer.id)))) {
    return { ok: false, error: CODE_MESSAGES.firstPurchase };
  }
  // The buyer's own open checkouts with it are released when they start another (holdCodeIn).
  const own = await db
    .select({ n: count() })
    .from(orders)
    .where(and(holding(code.id, now), eq(orders.personId, buyer.id)));
  if (code.maxUses !== null && (await usesTaken(db, code.id, now)) - (own[0]?.n ?? 0) >= code.maxUses) {
    return { ok: false, error: CODE_MESSAGES.usedUp(code.code) };
  }
  const percent = code.kind === "referral" ? CODE_SETTINGS.referralPercent : (code.percent ?? 0);
  return { ok: true, code, percent };
}

/**
 * What a referral or sponsor code in a link shows on the pricing page before anyone signs in: its discount,
 * or why no one can use it (none such, withdrawn, expired, used up). A personal reward code shows neither;
 * who may use a code is checked at checkout.
 */
export async function sharedCode(
  db: Db,
  typed: string,
  now = new Date(),
): Promise<{ code: LinkCode | null; refusal: string | null; unknown: boolean }> {
  const code = await codeByText(db, typed);
  if (!code) return { code: null, refusal: CODE_MESSAGES.unknown(shownAs(typed)), unknown: true };
  if (code.kind === "reward") return { code: null, refusal: null, unknown: false };
  const ended = endedFor(code, now);
  if (ended) return { code: null, refusal: ended, unknown: false };
  if (code.maxUses !== null && (await usesTaken(db, code.id, now)) >= code.maxUses) {
    return { code: null, refusal: CODE_MESSAGES.usedUp(code.code), unknown: false };
  }
  const percent = code.kind === "referral" ? CODE_SETTINGS.referralPercent : (code.percent ?? 0);
  return { code: { code: code.code, percent, offers: code.offers }, refusal: null, unknown: false };
}

/**
 * The pricing page's link check. For a signed-in visitor it is also the checkout's own (checkCode), so a
 * code they can't use (their own, a referral after a first purchase) shows its message there, not a price.
 * `unknown`: no such code, which counts as a guess (app/server/rate-limit.server.ts, linkGuesses).
 */
export async function linkCheck(
  db: Db,
  viewer: Viewer | null,
  typed: string,
  now = new Date(),
): Promise<{ code: LinkCode | null; refusal: string | null; unknown: boolean }> {
  const shared = await sharedCode(db, typed, now);
  const code = shared.code;
  if (!code || !viewer) return shared;
  // An offer the code is for, so only who may use it is asked.
  const offer = (code.offers?.[0] as PricingPlanKey | undefined) ?? "single";
  const check = await checkCode(db, viewer, typed, offer, now);
  return check.ok ? shared : { code: null, refusal: check.error, unknown: false };
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
      ? `One code per purchase: ${chosen.code.code} (${chosen.percent}% off) applies instead of ${other.code.code} (${other.percent}% off).`
      : null,
  };
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

/** A refund's or lost dispute's own charge, for its share of tax. */
const returnedCharge = alias(payments, "returned_charge");

/**
 * Each sponsor code with its uses and what its orders took, net of refunds, per currency, before tax: tax
 * is not the coach's revenue. A refund's tax is in its charge's proportion, as for a referrer's share
 * (priceReturned in app/server/payments/fulfil.server.ts).
 */
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
        net: sql<number>`coalesce(sum(case
          when ${payments.kind} = 'charge' then ${payments.amount} - coalesce(${payments.taxAmount}, 0)
          when ${payments.kind} in ('refund', 'chargeback') then -round(${payments.amount}::numeric
            * coalesce((${returnedCharge.amount} - coalesce(${returnedCharge.taxAmount}, 0))::numeric / nullif(${returnedCharge.amount}, 0), 1))
          else 0 end), 0)::int`,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.id, payments.orderId))
      .leftJoin(
        returnedCharge,
        and(
          eq(returnedCharge.kind, "charge"),
          eq(returnedCharge.paymentIntent, payments.paymentIntent),
          inArray(payments.kind, ["refund", "chargeback"]),
        ),
      )
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
