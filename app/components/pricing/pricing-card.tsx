import { useId, useState } from "react";
import { PRICING_INTRO, type PricingPlan } from "~/content/pricing";
import { checkoutHref, financingFor, instalmentSuffix as instalmentText } from "~/domain/checkout";
import {
  type Currency,
  type FinancingTerms,
  financedTotal,
  financingSavings,
  formatMoney,
} from "~/domain/financing";
import { WhyVideoDialog } from "./why-video-dialog";

export type PriceView = "financed" | "upfront";

function termLength(terms: FinancingTerms): string {
  return terms.interval === "month" ? `${terms.count} months` : `${terms.count * 2} weeks`;
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

/**
 * One plan: price in the chosen currency (or its locked one), what it includes and how to buy it.
 * CAD plans with financing open on the instalment price; the visitor can switch to the upfront price,
 * and the card goes back to instalments whenever the currency or the plan changes.
 */
export function PricingCard({
  plan,
  currency,
  checkout = false,
  initialView = "financed",
}: {
  plan: PricingPlan;
  currency: Currency | null;
  /** Payments are taken here (Stripe, or the local test checkout): the main button opens /checkout. */
  checkout?: boolean;
  initialView?: PriceView;
}) {
  const titleId = useId();
  // While the currency is unknown the card keeps its shape and its price waits (no layout shift);
  // its links point at the USD checkout until then.
  const pending = currency === null && !plan.lockCurrency;
  const shown: Currency = plan.lockCurrency ?? currency ?? "USD";
  const financing = financingFor(plan, shown);

  // A change of currency or plan puts the card back on instalments (React's "adjust state when a prop
  // changes" pattern: no effect, so no frame ever shows the stale view).
  const resetKey = `${currency}:${plan.planKey}`;
  const [viewFor, setViewFor] = useState(resetKey);
  const [view, setView] = useState<PriceView>(initialView);
  if (viewFor !== resetKey) {
    setViewFor(resetKey);
    setView(initialView);
  }

  const price = plan.prices[shown];
  const featured = plan.planKey === "premium";

  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col rounded-2xl border bg-card p-6 text-card-foreground shadow-sm ${
        featured ? "border-primary ring-1 ring-primary" : "border-border"
      }`}
    >
      <h3 id={titleId} className="text-xl font-semibold">
        {plan.title}
      </h3>
      <p className="mt-2 text-sm text-muted-foreground">{plan.description}</p>

      {/* A financed price switches between two views of different heights: room for the taller one,
          so the switch moves nothing. A single price needs no such room. */}
      <div className={financing ? "mt-6 min-h-28" : "mt-6"}>
        {pending ? (
          <p aria-hidden="true" className="h-10 w-32 rounded-md bg-muted" />
        ) : financing && view === "financed" ? (
          <>
            <Price
              amount={formatMoney(financing.amount, shown)}
              suffix={instalmentText(financing)}
              currency={shown}
            />
            <p className="mt-1 text-sm text-muted-foreground">
              {formatMoney(financedTotal(financing), shown)} total over {termLength(financing)}
            </p>
            {financingSavings(financing, price) > 0 ? (
              <p className="mt-1 text-sm font-medium text-success">
                Save {formatMoney(financingSavings(financing, price), shown)} by paying upfront
              </p>
            ) : null}
          </>
        ) : (
          <>
            <Price amount={formatMoney(price, shown)} suffix={plan.unit} currency={shown} />
            {financing ? <p className="mt-1 text-sm text-muted-foreground">One payment</p> : null}
            {plan.lockCurrency ? (
              <p className="mt-1 text-sm text-muted-foreground">{PRICING_INTRO.lockedNote}</p>
            ) : null}
          </>
        )}
        {financing ? (
          <button
            type="button"
            onClick={() => setView(view === "financed" ? "upfront" : "financed")}
            className="mt-2 text-sm font-medium text-primary underline underline-offset-4 hover:no-underline"
          >
            {view === "financed" ? "See upfront price" : "See monthly price"}
          </button>
        ) : null}
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
        {plan.buttons.map((button) => (
          <a
            key={button.text}
            href={
              checkout && button.primary && !pending
                ? checkoutHref(
                    plan.planKey,
                    shown,
                    financing && view === "financed" ? "financing" : "upfront",
                  )
                : button.links[shown]
            }
            className={`rounded-md px-4 py-2 text-center text-sm font-medium transition-colors ${
              button.primary
                ? "bg-primary text-primary-foreground hover:bg-primary/90"
                : "border border-border hover:bg-muted"
            }`}
          >
            {button.text}
          </a>
        ))}
        {plan.showWhyVideo ? <WhyVideoDialog /> : null}
      </div>
    </article>
  );
}
