import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { PricingCard } from "~/components/pricing/pricing-card";
import { PRICING_PLANS } from "~/content/pricing";
import {
  allCheckoutLines,
  type CheckoutLine,
  checkoutHref,
  checkoutLine,
  discountedLine,
} from "~/domain/checkout";
import type { LinkCode } from "~/domain/codes";
import { formatMoney } from "~/domain/financing";
import { stripeCoupon, stripeLineItem } from "~/server/payments/line-items.server";
import { renderedText as plain } from "../../../tests/support/text";

// Checkout charges exactly what each pricing card variant shows (docs/product/constants.md).

function cardFor(line: CheckoutLine, code: LinkCode | null = null): string {
  const plan = PRICING_PLANS.find((p) => p.planKey === line.offer);
  if (!plan) throw new Error(line.offer);
  return renderToString(
    <PricingCard
      plan={plan}
      checkout
      variants={[{ currency: line.currency, view: line.option === "financing" ? "financed" : "upfront" }]}
      code={code}
    />,
  );
}

describe("every line a buyer can check out", () => {
  const lines = allCheckoutLines();

  test("covers each offer in the currencies its card shows, upfront and in CAD instalments", () => {
    expect(lines.map((l) => `${l.offer} ${l.currency} ${l.option}`).sort()).toEqual(
      [
        "basic CAD financing",
        "basic CAD upfront",
        "basic USD upfront",
        "monthly CAD upfront",
        "monthly USD upfront",
        "premium CAD financing",
        "premium CAD upfront",
        "premium USD upfront",
        "pro CAD financing",
        "pro CAD upfront",
        "pro USD upfront",
        "single USD upfront",
      ].sort(),
    );
  });

  test.each(lines)("$offer $currency $option: the Stripe line item is the price on the card", (line) => {
    const html = cardFor(line);
    const text = plain(html);
    const item = stripeLineItem(line);
    const amount = formatMoney(item.price_data.unit_amount / 100, line.currency);
    expect(item.quantity).toBe(1);
    expect(item.price_data.currency).toBe(line.currency.toLowerCase());
    const schedule = item.price_data.recurring
      ? line.instalments
        ? item.price_data.recurring.interval === "month"
          ? `/month × ${line.instalments}`
          : `every 2 weeks × ${line.instalments}`
        : "/month"
      : "";
    expect(text).toContain(`${amount} ${schedule ? `${schedule} ` : ""}${line.currency}`);
    if (!item.price_data.recurring) expect(text).not.toMatch(/\/month|every 2 weeks/);
    expect(html).toContain(
      `href="${checkoutHref(line.offer, line.currency, line.option).replace(/&/g, "&amp;")}"`,
    );
  });

  test.each(lines.flatMap((line) => [10, 25, 7].map((percent) => ({ ...line, percent }))))(
    "$offer $currency $option with a $percent % code: the card prints what Stripe will charge, and links it",
    ({ percent, ...line }) => {
      const code: LinkCode = { code: "MAYA-7K2", percent, offers: null };
      const text = plain(cardFor(line, code));
      const discounted = discountedLine(line, percent);
      const item = stripeLineItem(discounted);
      const coupon = stripeCoupon(discounted, { lookup: "MAYA7K2", code: code.code });
      // Stripe takes the coupon's amount off the list price (node_modules/stripe/esm/resources/Coupons.d.ts).
      const charged = item.price_data.unit_amount - (coupon?.amount_off ?? 0);
      expect(charged).toBe(discounted.unitAmount);
      expect(coupon?.duration).toBe(line.recurring ? "forever" : "once");
      expect(text).toContain(
        `${formatMoney(charged / 100, line.currency)} ${discounted.suffix ? `${discounted.suffix.trim()} ` : ""}${line.currency}`,
      );
      expect(text).toContain(`${line.listLabel} · MAYA-7K2: ${percent}% off`);
      expect(cardFor(line, code)).toContain(
        `href="${checkoutHref(line.offer, line.currency, line.option, "MAYA-7K2").replace(/&/g, "&amp;")}"`,
      );
    },
  );

  test("a code for other offers leaves a card at its list price", () => {
    const line = lineOf("pro", "CAD", "financing");
    const text = plain(cardFor(line, { code: "CLUB-2026", percent: 25, offers: ["basic"] }));
    expect(text).toContain("$80 /month × 12 CAD");
    expect(text).not.toContain("CLUB-2026");
  });

  test("the price table's figures, spelled out for Pro in CAD", () => {
    const upfront = stripeLineItem(lineOf("pro", "CAD", "upfront"));
    const financed = stripeLineItem(lineOf("pro", "CAD", "financing"));
    expect(upfront.price_data).toMatchObject({ currency: "cad", unit_amount: 90000 });
    expect(upfront.price_data.recurring).toBeUndefined();
    expect(financed.price_data).toMatchObject({
      currency: "cad",
      unit_amount: 8000,
      recurring: { interval: "month", interval_count: 1 },
    });
    expect(lineOf("pro", "CAD", "financing").instalments).toBe(12);
    expect(stripeLineItem(lineOf("monthly", "USD", "upfront")).price_data).toMatchObject({
      unit_amount: 19900,
      recurring: { interval: "month", interval_count: 1 },
    });
  });
});

function lineOf(offer: string, currency: string, option: string): CheckoutLine {
  const result = checkoutLine({ offer, currency, option });
  if (!("line" in result)) throw new Error(result.error);
  return result.line;
}

describe("anything else is refused with a reason", () => {
  test.each([
    [{ offer: "gold", currency: "CAD", option: "upfront" }, "That offer doesn't exist"],
    [{ offer: "pro", currency: "EUR", option: "upfront" }, "Choose CAD or USD."],
    [{ offer: "pro", currency: "cad", option: "upfront" }, "Choose CAD or USD."],
    [{ offer: "pro", currency: "CAD", option: "later" }, "Choose to pay upfront or in instalments."],
    [{ offer: "pro", currency: "USD", option: "financing" }, "can't be paid in instalments in USD"],
    [{ offer: "monthly", currency: "CAD", option: "financing" }, "can't be paid in instalments"],
    [{ offer: "single", currency: "CAD", option: "upfront" }, "billed in USD only"],
    [{ offer: "toString", currency: "USD", option: "upfront" }, "That offer doesn't exist"],
    [{ offer: undefined, currency: undefined, option: undefined }, "That offer doesn't exist"],
  ])("%j", (input, reason) => {
    const result = checkoutLine(input);
    expect("error" in result && result.error).toContain(reason);
  });
});
