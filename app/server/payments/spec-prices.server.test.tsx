import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { PricingCard } from "~/components/pricing/pricing-card";
import { PRICING_PLANS } from "~/content/pricing";
import { CHECKOUT_OPTIONS, checkoutLine } from "~/domain/checkout";
import { CURRENCIES } from "~/domain/financing";
import { stripeLineItem } from "~/server/payments/line-items.server";
import { renderedText as plain } from "../../../tests/support/text";

// Every plan × currency × option against SPEC.md §9 ("Prices", "CAD financing"), transcribed by hand: what
// Stripe is sent and what the card shows, so moving the price list changes neither (issue 43).

type Spec = {
  USD: number;
  CAD: number;
  monthly?: true;
  lockedTo?: "USD";
  /** Offered in CAD only; null where the spec says the plan has no financing. */
  financing: { amount: number; count: number; every: "month" | "2 weeks" } | null;
};

const SPEC: Record<string, Spec> = {
  single: { USD: 149, CAD: 200, lockedTo: "USD", financing: null },
  monthly: { USD: 199, CAD: 249, monthly: true, financing: null },
  basic: { USD: 249, CAD: 350, financing: { amount: 60, count: 6, every: "month" } },
  pro: { USD: 649, CAD: 900, financing: { amount: 80, count: 12, every: "month" } },
  premium: { USD: 1499, CAD: 2000, financing: { amount: 175, count: 12, every: "month" } },
};

const dollars = (n: number) => `$${n.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;

const cases = Object.entries(SPEC).flatMap(([offer, spec]) =>
  CURRENCIES.flatMap((currency) => CHECKOUT_OPTIONS.map((option) => ({ offer, spec, currency, option }))),
);

test("the page sells exactly the spec's plans, in its order", () => {
  expect(PRICING_PLANS.map((plan) => plan.planKey)).toEqual(Object.keys(SPEC));
});

describe.each(cases)("$offer $currency $option", ({ offer, spec, currency, option }) => {
  const refused =
    (spec.lockedTo && currency !== spec.lockedTo) ||
    (option === "financing" && (currency !== "CAD" || !spec.financing));
  const plan = PRICING_PLANS.find((p) => p.planKey === offer);
  if (!plan) throw new Error(offer);
  const card = (view: "upfront" | "financed") =>
    plain(renderToString(<PricingCard plan={plan} checkout variants={[{ currency, view }]} />));

  if (refused) {
    test("is refused at checkout", () => {
      expect(checkoutLine({ offer, currency, option })).toHaveProperty("error");
    });
    return;
  }

  const result = checkoutLine({ offer, currency, option });
  if (!("line" in result)) throw new Error(result.error);
  const item = stripeLineItem(result.line);

  if (option === "upfront") {
    test("Stripe is sent the spec's price, once or each month, and the card shows it", () => {
      expect(item.price_data.currency).toBe(currency.toLowerCase());
      expect(item.price_data.unit_amount).toBe(spec[currency] * 100);
      expect(item.price_data.recurring).toEqual(
        spec.monthly ? { interval: "month", interval_count: 1 } : undefined,
      );
      expect(result.line.mode).toBe(spec.monthly ? "subscription" : "payment");
      expect(result.line.instalments).toBeNull();
      expect(card("upfront")).toContain(
        `${dollars(spec[currency])} ${spec.monthly ? "/month " : ""}${currency}`,
      );
    });
    return;
  }

  const terms = spec.financing;
  if (!terms) throw new Error(`${offer} has no financing`);
  test("Stripe is sent the spec's instalment, its interval and count, and the card shows them", () => {
    expect(item.price_data.currency).toBe("cad");
    expect(item.price_data.unit_amount).toBe(terms.amount * 100);
    expect(item.price_data.recurring).toEqual(
      terms.every === "month"
        ? { interval: "month", interval_count: 1 }
        : { interval: "week", interval_count: 2 },
    );
    expect(result.line.mode).toBe("subscription");
    expect(result.line.instalments).toBe(terms.count);
    const total = terms.amount * terms.count;
    const text = card("financed");
    expect(text).toContain(`${dollars(terms.amount)} /month × ${terms.count} CAD`);
    expect(text).toContain(`Payment plan: ${terms.count} monthly payments, ${dollars(total)} in all`);
    expect(text).toContain(`Save ${dollars(total - spec.CAD)} by paying upfront`);
  });
});

test("the page's structured data offers the spec's prices, monthly ones per month", async () => {
  const { meta } = await import("~/routes/marketing/pricing");
  const tags = meta({ matches: [] } as unknown as Parameters<typeof meta>[0]);
  const catalog = tags
    .map((tag) => ("script:ld+json" in tag ? (tag["script:ld+json"] as Record<string, unknown>) : null))
    .find((data) => data?.["@type"] === "OfferCatalog");
  const products = catalog?.itemListElement as { name: string; offers: Record<string, unknown>[] }[];
  expect(products.map((product) => product.name)).toEqual(PRICING_PLANS.map((plan) => plan.title));
  const offers = products.flatMap((product, i) =>
    product.offers.map((offer) => ({ key: PRICING_PLANS[i]?.planKey ?? "", offer })),
  );
  expect(offers.map(({ key, offer }) => `${key} ${offer.priceCurrency}`)).toEqual(
    Object.entries(SPEC).flatMap(([key, spec]) =>
      CURRENCIES.filter((c) => !spec.lockedTo || c === spec.lockedTo).map((c) => `${key} ${c}`),
    ),
  );
  for (const { key, offer } of offers) {
    const spec = SPEC[key];
    const currency = offer.priceCurrency as "CAD" | "USD";
    expect(offer.price).toBe(spec?.[currency]);
    expect(offer.priceSpecification).toEqual(
      spec?.monthly
        ? {
            "@type": "UnitPriceSpecification",
            price: spec[currency],
            priceCurrency: currency,
            unitText: "MONTH",
          }
        : undefined,
    );
  }
});
