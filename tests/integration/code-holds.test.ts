import { and, eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { CODE_HOLD_MINUTES, CODE_MESSAGES, type SponsorCodeInput } from "~/server/models/codes.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { LOCAL_CHECKOUT_EXPIRED, payLocally } from "~/server/payments/local-checkout.server";
import { authorize } from "~/server/policy.server";
import { orders } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { ORIGIN, paymentsForFile } from "../support/payments";
import { sponsorCode } from "../support/sponsor-code";

// A code's use is held by the pending order that carries it, counted under a lock on the code's row
// (docs/decisions/0044-discount-codes.md): checkouts started at once can't go past its number of uses.

const { db, fake, person, buy, checkout, localCheckout } = paymentsForFile();

const sponsor = async (input: Partial<SponsorCodeInput> = {}) =>
  sponsorCode(db(), authorize(await person("admin"), "codes.manage"), input);

async function refusalOf(promise: Promise<unknown>) {
  const refusal = await promise.then(
    () => null,
    (error) => error,
  );
  return { status: refusal?.init?.status, error: refusal?.data?.error };
}

const ordersWith = (codeId: string) =>
  db().select().from(orders).where(eq(orders.discountCodeId, codeId)).orderBy(orders.createdAt);

describe(`a code with one use, on ${databaseLabel}`, () => {
  test("checkouts started at once by different buyers: exactly one holds it, the others are told it's used up", async () => {
    const code = await sponsor({ maxUses: 1 });
    const buyers = await Promise.all(Array.from({ length: 6 }, () => person("lead")));
    const results = await Promise.allSettled(
      buyers.map((buyer) =>
        startCheckout(
          db(),
          buy(buyer),
          { mode: "local" },
          { offer: "basic", currency: "CAD", option: "upfront", code: code.code },
          ORIGIN,
        ),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = await Promise.all(
      results.flatMap((r) => (r.status === "rejected" ? [refusalOf(Promise.reject(r.reason))] : [])),
    );
    expect(refused).toEqual(
      Array.from({ length: 5 }, () => ({ status: 400, error: CODE_MESSAGES.usedUp(code.code) })),
    );
    const held = await ordersWith(code.id);
    expect(held.map((o) => o.status)).toEqual(["pending"]);

    // Paid, it stays taken; nobody else gets it.
    const winner = buyers.find((b) => b.id === held[0]?.personId);
    if (!winner || !held[0]) throw new Error("no winner");
    await payLocally(db(), buy(winner), held[0].id);
    const late = await person("lead");
    expect(await refusalOf(localCheckout(late, "basic", { code: code.code }))).toEqual({
      status: 400,
      error: CODE_MESSAGES.usedUp(code.code),
    });
  });

  test("on Stripe too: no second Checkout Session is made, and the one made expires when the hold ends", async () => {
    const code = await sponsor({ maxUses: 1 });
    const buyers = await Promise.all(Array.from({ length: 4 }, () => person("lead")));
    const before = fake().requests.length;
    const results = await Promise.allSettled(
      buyers.map((buyer) => checkout(buyer, "basic", "USD", "upfront", { code: code.code })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const made = fake()
      .requests.slice(before)
      .filter((r) => r.path === "/v1/checkout/sessions");
    expect(made).toHaveLength(1);
    const [order] = await ordersWith(code.id);
    if (!order) throw new Error("no order");
    expect(Number(made[0]?.form.get("expires_at"))).toBe(
      Math.floor(order.createdAt.getTime() / 1000) + CODE_HOLD_MINUTES * 60,
    );
  });

  test("a hold ends: after it, the code is free again and the old checkout can't be paid", async () => {
    const code = await sponsor({ maxUses: 1 });
    const first = await person("lead");
    const { orderId } = await localCheckout(first, "basic", { code: code.code });
    const second = await person("lead");
    expect((await refusalOf(localCheckout(second, "basic", { code: code.code }))).status).toBe(400);
    await db()
      .update(orders)
      .set({ createdAt: sql`now() - make_interval(mins => ${CODE_HOLD_MINUTES + 1})` })
      .where(eq(orders.id, orderId));
    expect(await refusalOf(payLocally(db(), buy(first), orderId))).toEqual({
      status: 409,
      error: LOCAL_CHECKOUT_EXPIRED,
    });
    const { orderId: secondOrder } = await localCheckout(second, "basic", { code: code.code });
    await payLocally(db(), buy(second), secondOrder);
    expect((await ordersWith(code.id)).map((o) => [o.personId, o.status])).toEqual([
      [first.id, "pending"],
      [second.id, "active"],
    ]);
  });

  test("the buyer's own new checkout replaces their open one: the old one is released and its Stripe session expired", async () => {
    const code = await sponsor({ maxUses: 1 });
    const buyer = await person("lead");
    const url = await startCheckout(
      db(),
      buy(buyer),
      { mode: "stripe", secretKey: "sk_test_fakefakefake", webhookSecret: "whsec_testtesttesttest" },
      { offer: "basic", currency: "USD", option: "upfront", code: code.code },
      ORIGIN,
    );
    const firstSession = url.split("/").pop() as string;
    const { order } = await checkout(buyer, "single", "USD", "upfront", { code: code.code });
    expect(fake().sessions.get(firstSession)?.status).toBe("expired");
    const mine = await db()
      .select({ status: orders.status, session: orders.checkoutSessionId })
      .from(orders)
      .where(and(eq(orders.discountCodeId, code.id), eq(orders.personId, buyer.id)))
      .orderBy(orders.createdAt);
    expect(mine).toEqual([
      { status: "expired", session: firstSession },
      { status: "pending", session: order.checkoutSessionId },
    ]);
  });
});
