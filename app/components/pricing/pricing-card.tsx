import { useId } from "react";
import { ButtonAnchor } from "~/components/ui/button";
import { PRICING_INTRO, type PricingPlan } from "~/content/pricing";
import {
  type CheckoutLine,
  checkoutHref,
  checkoutLine,
  discountedLine,
  instalmentSuffix as instalmentText,
  lineTotal,
} from "~/domain/checkout";
import { codeAppliesTo, type LinkCode } from "~/domain/codes";
import {
  CURRENCIES,
  type Currency,
  type FinancingTerms,
  financedTotal,
  financingSavings,
  formatMoney,
} from "~/domain/financing";
import { financingFor, inDollars, intervalSuffix, offeredCurrencies, shownCurrency } from "~/domain/prices";
import { WhyVideoDialog } from "./why-video-dialog";

export type PriceView = "financed" | "upfront";

export type PriceVariant = { currency: Currency; view: PriceView };

/** The months are the payment plan's, not the program's (a 12-week program paid over 12 months). */
function paymentPlanText(terms: FinancingTerms, total: string): string {
  const payments =
    terms.interval === "month" ? `${terms.count} monthly payments` : `${terms.count} payments, every 2 weeks`;
  return `Payment plan: ${payments}, ${total} in all`;
}

function Price({ amount, suffix, currency }: { amount: string; suffix?: string; currency: Currency }) {
  return (
    <p className="flex flex-wrap items-baseline gap-x-1">
      <span className="text-4xl font-bold tracking-tight">{amount}</span>
      {suffix ? <span className="text-base text-muted-foreground">{suffix}</span> : null}{" "}
      <span className="text-xs font-semibold text-muted-foreground">{currency}</span>
    </p>
  );
}

export function priceVariants(plan: PricingPlan): PriceVariant[] {
  return offeredCurrencies(plan.price).flatMap((currency): PriceVariant[] =>
    financingFor(plan.price, currency)
      ? [
          { currency, view: "financed" },
          { currency, view: "upfront" },
        ]
      : [{ currency, view: "upfront" }],
  );
}

/** For the CSS that shows one variant (app.css, "Pricing"). */
function variantAttributes(plan: PricingPlan, { currency, view }: PriceVariant) {
  return {
    "data-show-currency": plan.price.lockCurrency ? undefined : currency,
    "data-view": financingFor(plan.price, currency) ? view : undefined,
  };
}

/** The card's figures with a link's code taken off, by the checkout's own arithmetic. */
function codeLine(plan: PricingPlan, { currency, view }: PriceVariant, code: LinkCode): CheckoutLine | null {
  const option = financingFor(plan.price, currency) && view === "financed" ? "financing" : "upfront";
  const result = checkoutLine({ offer: plan.planKey, currency, option });
  return "line" in result ? discountedLine(result.line, code.percent) : null;
}

function DiscountedPrice({
  line,
  code,
  terms,
}: {
  line: CheckoutLine;
  code: LinkCode;
  terms: FinancingTerms | null;
}) {
  const total = lineTotal(line);
  return (
    <>
      <Price
        amount={formatMoney(line.unitAmount / 100, line.currency)}
        suffix={line.suffix}
        currency={line.currency}
      />
      <p className="mt-1 text-sm text-muted-foreground">
        <s>{line.listLabel}</s> · {code.code}: {code.percent}% off
      </p>
      {terms && total !== null ? (
        <p className="mt-1 text-sm text-muted-foreground">
          {paymentPlanText(terms, formatMoney(total / 100, line.currency))}
        </p>
      ) : null}
    </>
  );
}

function PriceText({
  plan,
  variant,
  code,
}: {
  plan: PricingPlan;
  variant: PriceVariant;
  code: LinkCode | null;
}) {
  const { currency } = variant;
  const instalments = financingFor(plan.price, currency);
  const financing = instalments ? inDollars(instalments) : null;
  const discounted = code ? codeLine(plan, variant, code) : null;
  if (code && discounted) {
    return (
      <DiscountedPrice line={discounted} code={code} terms={discounted.instalments ? financing : null} />
    );
  }
  const price = plan.price.amounts[currency] / 100;
  if (financing && variant.view === "financed") {
    return (
      <>
        <Price
          amount={formatMoney(financing.amount, currency)}
          suffix={instalmentText(financing)}
          currency={currency}
        />
        <p className="mt-1 text-sm text-muted-foreground">
          {paymentPlanText(financing, formatMoney(financedTotal(financing), currency))}
        </p>
        {financingSavings(financing, price) > 0 ? (
          <p className="mt-1 text-sm font-medium text-success">
            Save {formatMoney(financingSavings(financing, price), currency)} by paying upfront
          </p>
        ) : null}
      </>
    );
  }
  return (
    <>
      <Price amount={formatMoney(price, currency)} suffix={intervalSuffix(plan.price)} currency={currency} />
      {financing ? <p className="mt-1 text-sm text-muted-foreground">One payment</p> : null}
      {/* Said where another currency is chosen: there "$149 USD" needs its reason. */}
      {CURRENCIES.filter((other) => shownCurrency(plan.price, other) !== other).map((other) => (
        <p key={other} data-show-currency={other} className="mt-1 text-sm text-muted-foreground">
          {PRICING_INTRO.lockedNote}
        </p>
      ))}
    </>
  );
}

/** Every variant is in the HTML and CSS shows the chosen one; app/enhancers/pricing.ts switches the view. */
export function PricingCard({
  plan,
  checkout = false,
  initialView = "financed",
  variants = priceVariants(plan),
  code = null,
}: {
  plan: PricingPlan;
  checkout?: boolean;
  initialView?: PriceView;
  variants?: readonly PriceVariant[];
  /** From a referral or sponsor link; shown only where it applies. */
  code?: LinkCode | null;
}) {
  const applied = checkout && codeAppliesTo(code, plan.planKey) ? code : null;
  const titleId = useId();
  const toggleCurrencies = [...new Set(variants.map((v) => v.currency))].filter((c) =>
    financingFor(plan.price, c),
  );
  const featured = plan.planKey === "premium";

  // Five children, one a row of the list's grid (routes/marketing/pricing.tsx): the prices of a row line up.
  return (
    <article
      aria-labelledby={titleId}
      data-price-card=""
      data-price-view={initialView}
      className={`row-span-5 grid grid-rows-subgrid gap-y-0 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm ${
        featured ? "border-primary ring-1 ring-primary" : "border-border"
      }`}
    >
      <h3 id={titleId} className="text-xl font-semibold">
        {plan.title}
      </h3>
      <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>

      {/* Room for the taller of the two financed views, so switching moves nothing; only in a currency with
          financing (app.css, "Pricing"), so elsewhere no blank band sits under the price. */}
      <div className="mt-6" data-price-area="" data-financed-in={toggleCurrencies.join(" ") || undefined}>
        {variants.map((variant) => (
          <div
            key={`${variant.currency}-${variant.view}`}
            data-price=""
            {...variantAttributes(plan, variant)}
          >
            <PriceText plan={plan} variant={variant} code={applied} />
          </div>
        ))}
        {toggleCurrencies.map((currency) => (
          <div key={currency} data-show-currency={currency}>
            <button
              type="button"
              data-price-view-toggle=""
              className="mt-2 text-sm font-medium text-primary underline underline-offset-4 hover:no-underline no-script:hidden"
            >
              <span data-view="financed">See upfront price</span>
              <span data-view="upfront">See monthly price</span>
            </button>
          </div>
        ))}
      </div>

      <ul className="mt-6 space-y-2 text-sm">
        {plan.benefits.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <span aria-hidden="true" className="text-success">
              ✓
            </span>
            <span>{benefit}</span>
          </li>
        ))}
      </ul>

      <div className="mt-auto flex flex-col gap-2 pt-6">
        {variants.map((variant) => (
          <div
            key={`${variant.currency}-${variant.view}`}
            className="flex flex-col gap-2"
            {...variantAttributes(plan, variant)}
          >
            {plan.buttons.map((button) => (
              <ButtonAnchor
                key={button.text}
                href={
                  checkout && button.primary
                    ? checkoutHref(
                        plan.planKey,
                        variant.currency,
                        financingFor(plan.price, variant.currency) && variant.view === "financed"
                          ? "financing"
                          : "upfront",
                        applied?.code ?? null,
                      )
                    : button.links[variant.currency]
                }
                variant={button.primary ? "primary" : "outline"}
                weight="medium"
              >
                {button.text}
              </ButtonAnchor>
            ))}
          </div>
        ))}
        {plan.showWhyVideo ? <WhyVideoDialog /> : null}
      </div>
    </article>
  );
}
