import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import type { SponsorCodeInput } from "~/server/models/codes.server";
import { payLocally } from "~/server/payments/local-checkout.server";
import { authorize } from "~/server/policy.server";
import { emailOutbox } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { paymentsForFile } from "../support/payments";
import { sponsorCode } from "../support/sponsor-code";

// What a discounted order's emails say (docs/decisions/0044-discount-codes.md): a real database, the
// local test checkout's signed events through the webhook's fulfilment, and the outbox as written.

const { db, person, buy, localCheckout } = paymentsForFile();

const sponsor = async (input: Partial<SponsorCodeInput> = {}) =>
  sponsorCode(db(), authorize(await person("admin"), "codes.manage"), input);

const emailsTo = (personId: string) =>
  db().select().from(emailOutbox).where(eq(emailOutbox.recipientId, personId));

describe(`a discounted order's payment emails, on ${databaseLabel}`, () => {
  test("the receipt and the staff notice name the list price, the code and its percent, and what was paid", async () => {
    const staff = await person("admin");
    const code = await sponsor();
    const buyer = await person("lead");
    const { orderId } = await localCheckout(buyer, "pro", { code: code.code.toLowerCase() });
    await payLocally(db(), buy(buyer), orderId);

    const receipt = (await emailsTo(buyer.id)).find((row) => row.kind === "payment-receipt");
    expect(receipt?.subject).toBe("Receipt: $60 CAD for Pro");
    expect(receipt?.text).toContain("Amount: $60 CAD");
    expect(receipt?.text).toContain("List price: $80 CAD × 12");
    expect(receipt?.text).toContain(`Discount: code ${code.code}, 25% off (−$20 CAD each)`);
    expect(receipt?.text).toContain("Paid: $60 CAD × 12");
    const notice = (await emailsTo(staff.id)).find(
      (row) => row.kind === "staff-payment-received" && row.text.includes(code.code),
    );
    expect(notice?.text).toContain(
      `List price: $80 CAD × 12; Discount: code ${code.code}, 25% off (−$20 CAD each); Paid: $60 CAD × 12.`,
    );
  });

  test("an order without a code says only its amount", async () => {
    const buyer = await person("lead");
    const { orderId } = await localCheckout(buyer, "pro");
    await payLocally(db(), buy(buyer), orderId);
    const receipt = (await emailsTo(buyer.id)).find((row) => row.kind === "payment-receipt");
    expect(receipt?.text).toContain("Amount: $80 CAD");
    expect(receipt?.text).not.toContain("List price");
    expect(receipt?.text).not.toContain("Discount");
  });
});
