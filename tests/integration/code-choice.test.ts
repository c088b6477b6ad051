import { describe, expect, test } from "vitest";
import { checkoutLine } from "~/domain/checkout";
import { referralCodeOf } from "~/server/models/codes.server";
import { checkoutCodes } from "~/server/payments/checkout.server";
import { authorize } from "~/server/policy.server";
import { databaseLabel } from "../support/database";
import { paymentsForFile } from "../support/payments";
import { insertPerson } from "../support/people";
import { sponsorCode } from "../support/sponsor-code";

// One code per checkout (docs/decisions/0044-discount-codes.md): with a referral link and a typed code that
// both work, the larger discount applies and the checkout page's line names the one set aside.

const { db, person } = paymentsForFile();

const line = () => {
  const result = checkoutLine({ offer: "pro", currency: "CAD", option: "upfront" });
  if ("error" in result) throw new Error(result.error);
  return result.line;
};

describe(`a referral link and a sponsor code, on ${databaseLabel}`, () => {
  test("the larger applies, whichever came how, and the page says which was set aside", async () => {
    const maya = await insertPerson(db(), "client", "basic", "Maya Choice");
    const referral = await referralCodeOf(db(), authorize(maya, "referral.own"));
    const club = await sponsorCode(db(), authorize(await person("admin"), "codes.manage"), { percent: 25 });
    const buyer = await person("lead");

    const both = await checkoutCodes(db(), buyer, line(), { ref: referral.code, code: club.code });
    expect(both.applied?.code.id).toBe(club.id);
    expect(both.errors).toEqual([]);
    expect(both.note).toBe(
      `One code per purchase: ${club.code} (25% off) applies instead of ${referral.code} (10% off).`,
    );

    const small = await sponsorCode(db(), authorize(await person("admin"), "codes.manage"), { percent: 5 });
    const other = await checkoutCodes(db(), buyer, line(), { ref: referral.code, code: small.code });
    expect(other.applied?.code.id).toBe(referral.id);
    expect(other.note).toBe(
      `One code per purchase: ${referral.code} (10% off) applies instead of ${small.code} (5% off).`,
    );

    const same = await checkoutCodes(db(), buyer, line(), { ref: referral.code, code: referral.code });
    expect(same.applied?.code.id).toBe(referral.id);
    expect(same.note).toBeNull();
  });
});
