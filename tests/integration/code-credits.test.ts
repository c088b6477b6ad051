import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { chooseReward, referralCodeOf } from "~/server/models/codes.server";
import { ownReferrals } from "~/server/models/referrals.server";
import { authorize } from "~/server/policy.server";
import { referralCredits } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { chargeEvent, stripeEvent } from "../support/fake-stripe";
import { paymentsForFile } from "../support/payments";
import { insertPerson } from "../support/people";

// What a referrer keeps when money goes back in parts (docs/decisions/0044-discount-codes.md): the share
// taken back over a charge is the share of all that was returned on it, rounded once, and a discount
// reward withdrawn by a refund comes back when the referred plan is paid again. Events typed as the SDK's.

const { db, person, deliver, checkout, invoice, instalmentIntent } = paymentsForFile();

const client = (name: string) => insertPerson(db(), "client", "basic", name);
const referralOf = (referrer: Viewer) => referralCodeOf(db(), authorize(referrer, "referral.own"));
const creditedTo = async (referrerId: string) =>
  (await db().select().from(referralCredits).where(eq(referralCredits.referrerId, referrerId))).reduce(
    (total, row) => total + row.amount,
    0,
  );

/** Stripe.Charge as charge.refunded reports it: `amount_refunded` is the running total on the charge. */
const refunded = (id: string, paymentIntent: string, amount: number, soFar: number) =>
  chargeEvent("charge.refunded", id, paymentIntent, { amount, amount_refunded: soFar });

describe(`partial refunds, on ${databaseLabel}`, () => {
  test("take back the share of the running total, so cents don't go twice", async () => {
    const maya = await client("Maya Parts");
    const code = await referralOf(maya);
    const { order, session, completed } = await checkout(await person("lead"), "basic", "USD", "upfront", {
      code: code.code,
    });
    await deliver(completed);
    expect(order.unitAmount).toBe(22410);
    expect(await creditedTo(maya.id)).toBe(2241);
    const charge = `ch_${order.id.slice(0, 8)}`;
    const pi = session.payment_intent as string;
    // 15 cents back: 1.5 cents of share, half a cent up.
    await deliver(refunded(charge, pi, 22410, 15));
    expect(await creditedTo(maya.id)).toBe(2239);
    // 30 cents back in all: 3 cents of share in all, not 2 + 2.
    await deliver(refunded(charge, pi, 22410, 30));
    expect(await creditedTo(maya.id)).toBe(2238);
    await deliver(refunded(charge, pi, 22410, 22410));
    expect(await creditedTo(maya.id)).toBe(0);
  });
});

describe(`a discount reward, on ${databaseLabel}`, () => {
  test("withdrawn when the only paid instalment is refunded, usable again when the next is paid", async () => {
    const maya = await client("Maya Again");
    await chooseReward(db(), authorize(maya, "referral.own"), "discount");
    const code = await referralOf(maya);
    const { order, session, completed } = await checkout(await person("lead"), "pro", "CAD", "financing", {
      ref: code.code,
    });
    await deliver(completed);
    const subscription = session.subscription as string;
    await deliver(stripeEvent("invoice.paid", invoice(order, subscription, 1)));
    const rewardOf = async () => (await ownReferrals(db(), authorize(maya, "referral.own"))).rewardCodes;
    expect(await rewardOf()).toMatchObject([{ uses: 0, voidedAt: null }]);

    await deliver(refunded("ch_first_instalment", instalmentIntent(order, 1), 7200, 7200));
    expect((await rewardOf())[0]?.voidedAt).not.toBeNull();

    await deliver(stripeEvent("invoice.paid", invoice(order, subscription, 2)));
    expect(await creditedTo(maya.id)).toBe(720);
    expect(await rewardOf()).toMatchObject([{ uses: 0, voidedAt: null }]);
  });
});
