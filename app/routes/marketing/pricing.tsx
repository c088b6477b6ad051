import { data } from "react-router";
import { htmlFirst, loadAsDocument } from "~/components/html-first";
import { CompareTable } from "~/components/pricing/compare-table";
import { CurrencyToggle } from "~/components/pricing/currency-toggle";
import { PricingCard } from "~/components/pricing/pricing-card";
import { HeadedSection } from "~/components/ui/headed-section";
import { PRICING_GROUPS, PRICING_INTRO, PRICING_PLANS } from "~/content/pricing";
import { SITE } from "~/content/site";
import { CURRENCIES } from "~/domain/financing";
import { offerTitle } from "~/domain/orders";
import { offeredCurrencies } from "~/domain/prices";
import { initialCurrency } from "~/lib/currency";
import { originFrom, seo } from "~/lib/seo";
import { viewerContext } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { paymentsFor } from "~/server/developer.server";
import { linkCheck } from "~/server/models/codes.server";
import { CODE_CHECK_LATER, linkGuesses } from "~/server/rate-limit.server";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/pricing";

export const access = routeAccess({ loader: PUBLIC });

export const handle = htmlFirst("pricing");
export const clientLoader = loadAsDocument;

// The visitor's currency is in the first byte (rendered per request for a signed-in visitor, once per currency
// for the others: app/server/shared-pricing.server.ts), so no shared cache may keep it.
const PER_VISITOR_HEADERS = {
  "Cache-Control": "private, no-cache",
  Vary: "Cookie, CF-IPCountry, X-Vercel-IP-Country, CloudFront-Viewer-Country, X-Country-Code",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const checkout = paymentsFor(context).mode !== "off";
  const ref = new URL(request.url).searchParams.get("ref")?.slice(0, 64) || null;
  let code = null;
  let codeRefusal = null;
  const headers = new Headers(PER_VISITOR_HEADERS);
  // A link's code shows its prices, or why it can't be used; an unknown one counts as a guess, per person or
  // browser and per address (docs/decisions/0049-code-refusals.md). Rendered per request: with a `ref`, the
  // shell keeps no document (express-shell/shared-pricing.ts).
  if (ref && checkout) {
    const guesses = await linkGuesses(context, request);
    if (guesses.setCookie) headers.set("Set-Cookie", guesses.setCookie);
    if (guesses.over) codeRefusal = CODE_CHECK_LATER;
    else {
      const viewer = context.get(viewerContext);
      const check = await linkCheck(await getDb(), viewer && viewer !== "unavailable" ? viewer : null, ref);
      ({ code, refusal: codeRefusal } = check);
      if (check.unknown) await guesses.count();
    }
  }
  return data({ currency: initialCurrency(request), checkout, code, codeRefusal }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders.has("Set-Cookie") ? loaderHeaders : PER_VISITOR_HEADERS;
}

function offerCatalog(origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "OfferCatalog",
    name: PRICING_INTRO.title,
    url: `${origin}/pricing`,
    itemListElement: PRICING_PLANS.map((plan) => ({
      "@type": "Product",
      name: plan.title,
      description: plan.description,
      brand: { "@type": "Brand", name: SITE.brand },
      offers: offeredCurrencies(plan.price).map((currency) => {
        const link = plan.buttons.find((button) => button.primary)?.links[currency];
        const price = plan.price.amounts[currency] / 100;
        return {
          "@type": "Offer",
          price,
          priceCurrency: currency,
          ...(link ? { url: new URL(link, origin).href } : {}),
          ...(plan.price.interval === "month"
            ? {
                priceSpecification: {
                  "@type": "UnitPriceSpecification",
                  price,
                  priceCurrency: currency,
                  unitText: "MONTH",
                },
              }
            : {}),
        };
      }),
    })),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: PRICING_INTRO.title,
    description: PRICING_INTRO.seoDescription,
    path: "/pricing",
    jsonLd: [offerCatalog(originFrom(matches))],
  });
}

export default function PricingPage({ loaderData }: Route.ComponentProps) {
  const { currency, code } = loaderData;
  return (
    // CSS shows the chosen currency's prices (app.css, "Pricing").
    <div className="mx-auto max-w-6xl px-4 py-12 sm:py-16" data-pricing="">
      <header className="max-w-3xl">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{PRICING_INTRO.title}</h1>
        <p className="mt-4 text-lg text-muted-foreground">{PRICING_INTRO.lead}</p>
        <div className="mt-8 flex flex-col gap-2">
          <CurrencyToggle value={currency} />
          {/* Until the currency is known the prices keep their place and this line waits. */}
          <p aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
            {CURRENCIES.map((option) => (
              <span key={option} data-show-currency={option} data-currency-note="">
                {PRICING_INTRO.currencyNotes[option]}
              </span>
            ))}
            {currency === null ? (
              <span role="status" data-pricing-loading="">
                Loading prices…
              </span>
            ) : null}
          </p>
          {loaderData.codeRefusal ? (
            <p role="status" className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
              {loaderData.codeRefusal}
            </p>
          ) : null}
          {code ? (
            <p role="status" className="rounded-md border border-border bg-muted px-3 py-2 text-sm">
              Prices below include the code {code.code}: {code.percent}% off
              {code.offers ? ` ${code.offers.map(offerTitle).join(", ")}` : ""}. It is applied again at
              checkout.
            </p>
          ) : null}
        </div>
      </header>

      {PRICING_GROUPS.map((group) => (
        <section key={group.id} aria-labelledby={`${group.id}-title`} className="mt-12">
          <h2 id={`${group.id}-title`} className="text-2xl font-semibold">
            {group.title}
          </h2>
          <p className="mt-1 text-muted-foreground">{group.intro}</p>
          {/* Each card's five parts (title, description, price, what it includes, buttons) share its row's
              tracks (PricingCard), so the prices of a row line up whatever the descriptions' lengths. */}
          <ul
            className={`mt-6 grid gap-6 ${group.planKeys.length === 3 ? "lg:grid-cols-3" : "md:grid-cols-2"}`}
          >
            {group.planKeys.flatMap((key) => {
              const plan = PRICING_PLANS.find((p) => p.planKey === key);
              return plan ? (
                <li key={key} className="row-span-5 grid grid-rows-subgrid">
                  <PricingCard plan={plan} checkout={loaderData.checkout} code={loaderData.code} />
                </li>
              ) : (
                []
              );
            })}
          </ul>
        </section>
      ))}

      <HeadedSection
        id="compare-title"
        title={PRICING_INTRO.compareTitle}
        className="mt-16"
        titleClassName="text-2xl font-semibold"
      >
        <div className="mt-6">
          <CompareTable />
        </div>
      </HeadedSection>
    </div>
  );
}
