import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { sponsorCodeForm } from "~/lib/schemas/codes";
import {
  CODE_MESSAGES,
  checkCode,
  chooseReward,
  linkCheck,
  listSponsorCodes,
  referralCodeOf,
  type SponsorCodeInput,
  voidCode,
} from "~/server/models/codes.server";
import { deletePerson, exportPersonData } from "~/server/models/data-rights.server";
import { markRewardPaid, OWED_CHANGED, ownReferrals, rewardsOwed } from "~/server/models/referrals.server";
import { payLocally } from "~/server/payments/local-checkout.server";
import { authorize } from "~/server/policy.server";
import { CODE_GUESSES_PER_MINUTE, TOO_MANY_CODES } from "~/server/rate-limit.server";
import {
  auditEvents,
  codeRedemptions,
  discountCodes,
  orders,
  referralCredits,
  referralPayouts,
} from "~/server/schema";
import { databaseLabel } from "../support/database";
import { chargeEvent, stripeEvent } from "../support/fake-stripe";
import { fileStoreForFile } from "../support/file-store";
import { paymentsForFile } from "../support/payments";
import { insertPerson } from "../support/people";
import { sponsorCode } from "../support/sponsor-code";

// Referral, sponsor and reward codes from checkout to the referrer's credit and its reversal
// (docs/decisions/0044-discount-codes.md). A real database and the official Stripe client against the
// in-process fake (tests/support/fake-stripe.ts); events typed as the SDK's at the pinned version.
// Longer than ~300 lines on purpose: one code's path from checkout to credit, refund and export reads in one file.

const { db, fake, person, deliver, orderOf, buy, checkout, invoice, localCheckout } = paymentsForFile();
const files = fileStoreForFile();

const client = (name: string) => insertPerson(db(), "client", "basic", name);
const referralOf = async (referrer: Viewer) => referralCodeOf(db(), authorize(referrer, "referral.own"));
const admin = async () => authorize(await person("admin"), "codes.manage");
const creditsOf = (referrerId: string) =>
  db().select().from(referralCredits).where(eq(referralCredits.referrerId, referrerId));
const sum = (rows: { amount: number }[]) => rows.reduce((total, row) => total + row.amount, 0);

/** Stripe.Dispute closed as lost, for the session's payment (only the fields fulfilment reads). */
const lostDispute = (session: { id: string; payment_intent?: unknown }, amount: number) =>
  stripeEvent("charge.dispute.closed", {
    id: `du_${session.id}`,
    object: "dispute",
    amount,
    currency: "usd",
    payment_intent: session.payment_intent as string,
    reason: "fraudulent",
    status: "lost",
    metadata: {},
  });

async function refusalOf(promise: Promise<unknown>) {
  const refusal = await promise.then(
    () => null,
    (error) => error,
  );
  return { status: refusal?.init?.status, error: refusal?.data?.error };
}

const sponsor = async (input: Partial<SponsorCodeInput> = {}) => sponsorCode(db(), await admin(), input);

describe(`a client's referral code, on ${databaseLabel}`, () => {
  test("is made once, readable, and found however it is typed", async () => {
    const maya = await client("Maya Lin");
    const code = await referralOf(maya);
    expect(code.code).toMatch(/^MAYA-[2-9A-HJKMNP-Z]{3}$/);
    expect((await referralOf(maya)).id).toBe(code.id);
    const [left, right] = await Promise.all([referralOf(maya), referralOf(maya)]);
    expect(left.id).toBe(code.id);
    expect(right.id).toBe(code.id);

    const friend = await person("lead");
    const typed = ` ${code.code.toLowerCase().replace("-", " ")} `;
    const { order, session } = await checkout(friend, "pro", "CAD", "financing", { code: typed });
    expect(order).toMatchObject({
      unitAmount: 7200,
      listUnitAmount: 8000,
      discountPercent: 10,
      discountCode: code.code,
      discountCodeId: code.id,
    });
    expect(session.amount_total).toBe(7200);
  });
});

describe(`checkout with a code on Stripe, on ${databaseLabel}`, () => {
  test("instalments: a coupon for the amount off every invoice, the exact amount fulfilled, the referrer credited per charge, once", async () => {
    const maya = await client("Maya Referrer");
    const code = await referralOf(maya);
    const friend = await person("lead");
    const before = fake().requests.length;
    const { order, session, completed } = await checkout(friend, "premium", "CAD", "financing", {
      ref: code.code,
    });
    const calls = fake().requests.slice(before);
    const couponCall = calls.find((r) => r.path === "/v1/coupons");
    expect(Object.fromEntries(couponCall?.form ?? [])).toMatchObject({
      amount_off: "1750",
      currency: "cad",
      duration: "forever",
      name: `${code.code}: 10% off`,
    });
    // The session carries a promotion code made for this checkout on that coupon: once, until the hold ends.
    const promoCall = calls.find((r) => r.path === "/v1/promotion_codes");
    expect(promoCall?.idempotencyKey).toBe(`promotion-code-${order.id}`);
    const promoForm = Object.fromEntries(promoCall?.form ?? []);
    expect(promoForm).toMatchObject({
      "promotion[type]": "coupon",
      "promotion[coupon]": couponCall?.form.get("id"),
      max_redemptions: "1",
      expires_at: String(Math.floor(order.createdAt.getTime() / 1000) + 60 * 60),
      "metadata[order_id]": order.id,
    });
    expect(promoForm.code).toBe(`${code.code}-${order.id.replace(/-/g, "").slice(0, 8).toUpperCase()}`);
    const [promo] = [...fake().promotionCodes.values()].filter((p) => p.code === promoForm.code);
    const sessionCall = calls.find((r) => r.path === "/v1/checkout/sessions");
    expect(sessionCall?.form.get("discounts[0][promotion_code]")).toBe(promo?.id);
    expect(sessionCall?.form.has("discounts[0][coupon]")).toBe(false);
    expect(sessionCall?.form.get("line_items[0][price_data][unit_amount]")).toBe("17500");
    expect(session.discounts).toEqual([{ coupon: couponCall?.form.get("id"), promotion_code: promo?.id }]);
    expect(session.total_details).toEqual({ amount_discount: 1750, amount_shipping: 0, amount_tax: 0 });
    expect(promo?.times_redeemed).toBe(1);

    const subscription = session.subscription as string;
    await deliver(completed);
    expect(await orderOf(order.id)).toMatchObject({ status: "active", unitAmount: 15750 });
    expect(await creditsOf(maya.id)).toEqual([]);
    const first = stripeEvent("invoice.paid", invoice(order, subscription, 1));
    await deliver(first);
    await deliver(first);
    await deliver(stripeEvent("invoice.paid", invoice(order, subscription, 1)));
    expect((await creditsOf(maya.id)).map((c) => [c.amount, c.currency, c.reward])).toEqual([
      [1575, "CAD", "cash"],
    ]);
    await deliver(stripeEvent("invoice.paid", invoice(order, subscription, 2)));
    expect(sum(await creditsOf(maya.id))).toBe(3150);
    const redemptions = await db().select().from(codeRedemptions).where(eq(codeRedemptions.codeId, code.id));
    expect(redemptions.map((r) => r.orderId)).toEqual([order.id]);

    // A second checkout reuses the coupon (Stripe answers "already exists") under a promotion code of its own.
    const couponsBefore = fake().coupons.size;
    const other = await person("lead");
    const second = await checkout(other, "premium", "CAD", "financing", { ref: code.code });
    expect(fake().coupons.size).toBe(couponsBefore);
    expect(second.session.discounts?.[0]?.coupon).toBe(couponCall?.form.get("id"));
    expect(second.session.discounts?.[0]?.promotion_code).not.toBe(promo?.id);
    expect(second.session.amount_total).toBe(15750);
  });

  test("the fulfilment takes exactly the discounted amount and Stripe's reported discount, nothing else", async () => {
    const maya = await client("Maya Exact");
    const code = await referralOf(maya);
    const friend = await person("lead");
    const { order, session } = await checkout(friend, "basic", "USD", "upfront", { code: code.code });
    expect(order.unitAmount).toBe(22410);
    const listPrice = stripeEvent("checkout.session.completed", { ...session, amount_total: 24900 });
    await deliver(listPrice);
    expect((await orderOf(order.id)).fulfilledAt).toBeNull();
    const wrongDiscount = stripeEvent("checkout.session.completed", {
      ...session,
      total_details: { amount_discount: 2000, amount_shipping: 0, amount_tax: 0 },
    });
    await deliver(wrongDiscount);
    expect((await orderOf(order.id)).fulfilledAt).toBeNull();
    await deliver(stripeEvent("checkout.session.completed", { ...session }));
    expect(await orderOf(order.id)).toMatchObject({ status: "paid" });
    expect((await creditsOf(maya.id)).map((c) => c.amount)).toEqual([2241]);
  });

  test("a refund takes back its share, a full one all of it, and a lost dispute too; never below zero", async () => {
    const maya = await client("Maya Refund");
    const code = await referralOf(maya);
    const friend = await person("lead");
    const { order, session, completed } = await checkout(friend, "pro", "USD", "upfront", {
      code: code.code,
    });
    await deliver(completed);
    expect(sum(await creditsOf(maya.id))).toBe(5841); // 10 % of 584.10
    const refund = (refunded: number) =>
      chargeEvent("charge.refunded", `ch_${order.id.slice(0, 8)}`, session.payment_intent, {
        amount: 58410,
        amount_refunded: refunded,
      });
    await deliver(refund(10000));
    expect(sum(await creditsOf(maya.id))).toBe(4841);
    await deliver(refund(58410));
    await deliver(refund(58410));
    expect(sum(await creditsOf(maya.id))).toBe(0);
    await deliver(lostDispute(session, 58410));
    expect(sum(await creditsOf(maya.id))).toBe(0);
    expect((await creditsOf(maya.id)).every((c) => c.amount !== 0)).toBe(true);
  });

  test("a lost dispute alone takes the credit back", async () => {
    const maya = await client("Maya Dispute");
    const code = await referralOf(maya);
    const friend = await person("lead");
    const { session, completed } = await checkout(friend, "single", "USD", "upfront", { code: code.code });
    await deliver(completed);
    expect(sum(await creditsOf(maya.id))).toBe(1341);
    await deliver(lostDispute(session, 13410));
    expect(sum(await creditsOf(maya.id))).toBe(0);
  });
});

describe(`codes that can't be used, on ${databaseLabel}`, () => {
  test("each gets its message, and neither an order nor a Stripe call", async () => {
    const maya = await client("Maya Own");
    const code = await referralOf(maya);
    const expired = await sponsor({ expiresAt: new Date(Date.now() - 1000) });
    const usedUp = await sponsor({ maxUses: 1 });
    const proOnly = await sponsor({ offers: ["pro"] });
    const first = await person("lead");
    const { completed } = await checkout(first, "basic", "USD", "upfront", { code: usedUp.code });
    await deliver(completed);
    const again = await person("lead");
    const reused = await checkout(again, "basic", "USD", "upfront", { code: code.code });
    await deliver(reused.completed);

    const cases: [Viewer, string, string][] = [
      [await person("lead"), "NOPE-123", CODE_MESSAGES.unknown("NOPE-123")],
      [await person("lead"), expired.code, CODE_MESSAGES.expired(expired.code, expired.expiresAt as Date)],
      [await person("lead"), usedUp.code, CODE_MESSAGES.usedUp(usedUp.code)],
      [maya, code.code, CODE_MESSAGES.own],
      [again, code.code, CODE_MESSAGES.usedAlready(code.code)],
      [await person("lead"), proOnly.code, CODE_MESSAGES.notForOffer(proOnly.code, "Basic")],
      // A referral is for a first purchase: not a lead who has paid before, nor a client.
      [first, code.code, CODE_MESSAGES.firstPurchase],
      [await client("Old Client"), code.code, CODE_MESSAGES.firstPurchase],
    ];
    for (const [buyer, typed, message] of cases) {
      const requests = fake().requests.length;
      const orderCount = (await db().select().from(orders).where(eq(orders.personId, buyer.id))).length;
      expect(
        await refusalOf(checkout(buyer, "basic", "USD", "upfront", { code: typed }).then(() => "started")),
      ).toEqual({ status: 400, error: message });
      expect(fake().requests.length).toBe(requests);
      expect((await db().select().from(orders).where(eq(orders.personId, buyer.id))).length).toBe(orderCount);
    }
  });

  test("a referral code is refused to staff; a sponsor code still serves a client who has bought", async () => {
    const code = await referralOf(await client("Maya Staff"));
    for (const role of ["coach", "admin"] as const) {
      expect(await checkCode(db(), await person(role), code.code, "basic")).toEqual({
        ok: false,
        error: CODE_MESSAGES.firstPurchase,
      });
    }
    const club = await sponsor();
    expect(await checkCode(db(), await client("Returning Client"), club.code, "basic")).toMatchObject({
      ok: true,
      percent: club.percent,
    });
  });

  test("the pricing page's link check gives a signed-in visitor the checkout's own message", async () => {
    const maya = await client("Maya Link");
    const code = await referralOf(maya);
    const shown = { code: code.code, percent: 10, offers: null };
    const works = { code: shown, refusal: null, unknown: false };
    expect(await linkCheck(db(), null, code.code)).toEqual(works);
    expect(await linkCheck(db(), await person("lead"), code.code)).toEqual(works);
    expect(await linkCheck(db(), maya, code.code)).toEqual({
      code: null,
      refusal: CODE_MESSAGES.own,
      unknown: false,
    });
    expect(await linkCheck(db(), await client("Bought Before"), code.code)).toEqual({
      code: null,
      refusal: CODE_MESSAGES.firstPurchase,
      unknown: false,
    });
  });

  test("a dead code in a link says why, to anyone: expired on its day, used up, withdrawn, or none such", async () => {
    await sponsor({ code: "GONE-CLUB", expiresAt: new Date("2026-11-21T04:59:59.999Z") });
    const usedUp = await sponsor({ code: "FULL-CLUB", maxUses: 1 });
    await checkout(await person("lead"), "basic", "USD", "upfront", { code: usedUp.code });
    const withdrawn = await sponsor({ code: "DONE-CLUB" });
    await voidCode(db(), await admin(), withdrawn.id);
    const dead = (refusal: string) => ({ code: null, refusal, unknown: false });
    for (const viewer of [null, await person("lead")]) {
      expect(await linkCheck(db(), viewer, "gone club")).toEqual(
        dead("The code GONE-CLUB can no longer be used: it expired on Nov 20, 2026."),
      );
      expect(await linkCheck(db(), viewer, "FULL-CLUB")).toEqual(
        dead("The code FULL-CLUB can no longer be used: all its uses are taken."),
      );
      expect(await linkCheck(db(), viewer, "DONE-CLUB")).toEqual(
        dead("The code DONE-CLUB can no longer be used: it has been withdrawn."),
      );
      expect(await linkCheck(db(), viewer, "NONE-CLUB")).toEqual({
        code: null,
        refusal: CODE_MESSAGES.unknown("NONE-CLUB"),
        unknown: true,
      });
    }
    // The checkout says the same.
    expect(await checkCode(db(), await person("lead"), "DONE-CLUB", "basic")).toEqual({
      ok: false,
      error: "The code DONE-CLUB can no longer be used: it has been withdrawn.",
    });
  });

  test("an expiry day chosen by the admin lasts to midnight on the coach's clock", async () => {
    const chosen = new FormData();
    for (const [key, value] of Object.entries({
      code: "TORONTO-DAY",
      percent: "25",
      expires: "2026-12-31",
    })) {
      chosen.set(key, value);
    }
    const parsed = sponsorCodeForm.parse(chosen);
    if (!parsed.ok) throw new Error("the form should parse");
    const club = await sponsor({ code: parsed.data.code, expiresAt: parsed.data.expires });
    const buyer = await person("lead");
    // 23:30 in Toronto on the 31st is 04:30 UTC on the 1st: still good; Toronto's midnight ends it.
    const at = (iso: string) => checkCode(db(), buyer, club.code, "basic", new Date(iso));
    expect(await at("2027-01-01T04:30:00Z")).toMatchObject({ ok: true });
    expect(await at("2027-01-01T05:00:00Z")).toEqual({
      ok: false,
      error: `The code ${club.code} can no longer be used: it expired on Dec 31, 2026.`,
    });
  });

  test("guessing is limited per person: past the limit even a good code waits", async () => {
    const guesser = await person("lead");
    const good = await sponsor();
    for (let i = 0; i < CODE_GUESSES_PER_MINUTE; i += 1) {
      const { status } = await refusalOf(
        checkout(guesser, "basic", "USD", "upfront", { code: `GUESS-${i}X` }),
      );
      expect(status).toBe(400);
    }
    const requests = fake().requests.length;
    expect(await refusalOf(checkout(guesser, "basic", "USD", "upfront", { code: good.code }))).toEqual({
      status: 429,
      error: TOO_MANY_CODES,
    });
    expect(fake().requests.length).toBe(requests);
    // Someone else is not held back by it.
    await checkout(await person("lead"), "basic", "USD", "upfront", { code: good.code });
  });
});

describe(`one code per checkout, on ${databaseLabel}`, () => {
  test("a referral link and a sponsor code: the larger applies", async () => {
    const maya = await client("Maya Both");
    const referral = await referralOf(maya);
    const club = await sponsor({ percent: 25 });
    const friend = await person("lead");
    const { order, completed } = await checkout(friend, "pro", "CAD", "upfront", {
      ref: referral.code,
      code: club.code,
    });
    expect(order).toMatchObject({ discountCodeId: club.id, discountPercent: 25, unitAmount: 67500 });
    await deliver(completed);
    // The referral did not apply, so its owner earns nothing.
    expect(await creditsOf(maya.id)).toEqual([]);
    const listed = (await listSponsorCodes(db(), authorize(await person("coach"), "payments.read"))).find(
      (c) => c.id === club.id,
    );
    expect(listed).toMatchObject({ uses: 1, revenue: { CAD: 67500 } });
  });
});

describe(`rewards, on ${databaseLabel}`, () => {
  test("a discount reward is a single-use code for the referrer only, voided if the referred order is refunded before use", async () => {
    const maya = await client("Maya Discount");
    await chooseReward(db(), authorize(maya, "referral.own"), "discount");
    const code = await referralOf(maya);
    const friend = await person("lead");
    const bought = await checkout(friend, "basic", "USD", "upfront", { code: code.code });
    await deliver(bought.completed);
    const mine = await ownReferrals(db(), authorize(maya, "referral.own"));
    expect(mine.owed).toEqual({});
    expect(mine.rewardCodes).toHaveLength(1);
    const reward = mine.rewardCodes[0];
    expect(reward).toMatchObject({ percent: 10, uses: 0, voidedAt: null });
    const stranger = await person("lead");
    expect(
      await refusalOf(checkout(stranger, "basic", "USD", "upfront", { code: reward?.code ?? "" })),
    ).toEqual({ status: 400, error: CODE_MESSAGES.notYours(reward?.code ?? "") });

    // A second friend's purchase earns a second code; the first is spent by Maya herself.
    const spend = await checkout(maya, "pro", "USD", "upfront", { code: reward?.code ?? "" });
    expect(spend.order).toMatchObject({ discountPercent: 10, unitAmount: 58410 });
    await deliver(spend.completed);
    expect(
      await refusalOf(checkout(maya, "pro", "USD", "upfront", { code: reward?.code ?? "" })),
    ).toMatchObject({ status: 400 });

    const second = await person("lead");
    const other = await checkout(second, "basic", "USD", "upfront", { code: code.code });
    await deliver(other.completed);
    await deliver(
      chargeEvent("charge.refunded", "ch_reward_refund", other.session.payment_intent, {
        amount: 22410,
        amount_refunded: 22410,
      }),
    );
    const after = await ownReferrals(db(), authorize(maya, "referral.own"));
    const [voided, spent] = after.rewardCodes;
    expect(voided?.voidedAt).not.toBeNull();
    expect(spent).toMatchObject({ uses: 1, voidedAt: null });
    expect(after.referrals.map((r) => r.amount).sort()).toEqual([0, 2241]);
  });

  test("cash owed per currency, marked paid with a note, once; a stale amount is refused", async () => {
    const maya = await client("Maya Cash");
    const code = await referralOf(maya);
    const usd = await checkout(await person("lead"), "basic", "USD", "upfront", { code: code.code });
    await deliver(usd.completed);
    const cad = await checkout(await person("lead"), "basic", "CAD", "upfront", { code: code.code });
    await deliver(cad.completed);
    const manage = await admin();
    const owed = (await rewardsOwed(db(), manage)).filter((row) => row.referrerId === maya.id);
    expect(owed.map((o) => [o.currency, o.amount]).sort()).toEqual([
      ["CAD", 3150],
      ["USD", 2241],
    ]);
    expect(owed[0]?.person?.email).toBe(maya.email);
    expect(
      await refusalOf(
        markRewardPaid(db(), manage, { referrerId: maya.id, currency: "USD", amount: 2000, note: null }),
      ),
    ).toEqual({ status: 409, error: OWED_CHANGED });
    await markRewardPaid(db(), manage, {
      referrerId: maya.id,
      currency: "USD",
      amount: 2241,
      note: "e-Transfer 2026-11-26",
    });
    expect(
      await refusalOf(
        markRewardPaid(db(), manage, { referrerId: maya.id, currency: "USD", amount: 2241, note: null }),
      ),
    ).toEqual({ status: 409, error: OWED_CHANGED });
    const mine = await ownReferrals(db(), authorize(maya, "referral.own"));
    expect(mine.owed).toEqual({ USD: 0, CAD: 3150 });
    expect(mine.payouts).toMatchObject([{ amount: 2241, currency: "USD", note: "e-Transfer 2026-11-26" }]);
  });
});

describe(`the local test checkout with a code, on ${databaseLabel}`, () => {
  test("pays the discounted instalment through the same amount check and credits the referrer", async () => {
    const maya = await client("Maya Local");
    const code = await referralOf(maya);
    const friend = await person("lead");
    const { orderId } = await localCheckout(friend, "pro", { ref: code.code });
    await payLocally(db(), buy(friend), orderId);
    expect(await orderOf(orderId)).toMatchObject({ status: "active", paidInstalments: 1, unitAmount: 7200 });
    expect((await creditsOf(maya.id)).map((c) => c.amount)).toEqual([720]);
    const [redeemed] = await db()
      .select()
      .from(codeRedemptions)
      .where(and(eq(codeRedemptions.codeId, code.id), eq(codeRedemptions.buyerId, friend.id)));
    expect(redeemed?.orderId).toBe(orderId);
  });
});

describe(`sponsor codes, on ${databaseLabel}`, () => {
  test("typed any way, unique, whole percents only; staff without the permit can't make one", async () => {
    const made = await sponsor({ code: "acme eng 2026", percent: 30 });
    expect(made).toMatchObject({
      code: "ACME-ENG-2026",
      lookup: "ACMEENG2026",
      kind: "sponsor",
      percent: 30,
    });
    expect(await refusalOf(sponsor({ code: "ACME-ENG-2026" }))).toMatchObject({ status: 409 });
    expect(await refusalOf(sponsor({ code: "acmeeng2026" }))).toMatchObject({ status: 409 });
    expect(await refusalOf(sponsor({ percent: 100 }))).toMatchObject({ status: 400 });
    expect(await refusalOf(sponsor({ code: "!!" }))).toMatchObject({ status: 400 });
    const coach = await person("coach");
    expect(() => authorize(coach, "codes.manage")).toThrow();
    const [row] = await db().select().from(discountCodes).where(eq(discountCodes.id, made.id));
    expect(row?.createdBy).not.toBeNull();
  });
});

describe(`data rights, on ${databaseLabel}`, () => {
  test("the export holds a referrer's codes, credits and payouts; deleting them removes what was theirs, not the money's trail", async () => {
    const maya = await client("Maya Leaving");
    const code = await referralOf(maya);
    const friend = await person("lead");
    const bought = await checkout(friend, "basic", "USD", "upfront", { code: code.code });
    await deliver(bought.completed);
    const manage = await admin();
    await markRewardPaid(db(), manage, { referrerId: maya.id, currency: "USD", amount: 2241, note: "paid" });
    const audits = await db().select().from(auditEvents).where(eq(auditEvents.targetId, maya.id));
    expect(audits.map((a) => a.action)).toContain("referral.paid");

    const exported = await exportPersonData(db(), authorize(maya, "self.export"));
    expect(exported.codes).toMatchObject([{ code: code.code, kind: "referral", reward: "cash" }]);
    expect(exported.referralCredits).toMatchObject([{ amount: 2241, currency: "USD", reward: "cash" }]);
    expect(exported.referralPayouts).toMatchObject([{ amount: 2241, currency: "USD", note: "paid" }]);
    const friendExport = await exportPersonData(db(), authorize(friend, "self.export"));
    expect(friendExport.codes).toEqual([]);
    expect(friendExport.orders[0]).toMatchObject({ discountCode: code.code, discountPercent: 10 });

    await deletePerson(db(), authorize(manage.actor, "profile.delete"), maya.id, files.store());
    expect(await db().select().from(discountCodes).where(eq(discountCodes.id, code.id))).toEqual([]);
    expect(await creditsOf(maya.id)).toEqual([]);
    const payouts = await db().select().from(referralPayouts).where(eq(referralPayouts.note, "paid"));
    expect(payouts.map((p) => p.referrerId)).toContain(null);
    // The friend's order keeps what they paid and the code as typed.
    expect(await orderOf(bought.order.id)).toMatchObject({
      discountCodeId: null,
      discountCode: code.code,
      unitAmount: 22410,
      listUnitAmount: 24900,
    });
  });
});
