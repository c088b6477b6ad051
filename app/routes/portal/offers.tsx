import { type FormAnswer, useAnswerFetcher, useFetcherForm } from "~/components/form";
import { OfferCard, OutcomeSummary } from "~/components/job-search/offer-compare";
import { LightLink } from "~/components/light-link";
import { PortalPage } from "~/components/portal/portal-page";
import { CheckboxField, SelectField, TextField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import { ActionForm, IntentForm } from "~/components/ui/intent-form";
import { CURRENCIES, type Currency } from "~/domain/financing";
import { offerTotals, payChange } from "~/domain/job-offers";
import { acceptOfferForm, currentPayForm, OUTCOME_CONSENT_LABEL } from "~/lib/schemas/job-offers";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { actionOf } from "~/server/intents.server";
import { acceptOffer, setCurrentPay } from "~/server/models/job-offers.server";
import { ownOffers } from "~/server/models/job-offers-read.server";
import { modeFor } from "~/server/models/portal-view.server";
import { portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/offers";

// The client's offers side by side (phase 2 of docs/decisions/0053-job-search.md): each with its first-year
// and yearly totals in its own currency — never converted, never summed across currencies — the change
// against their current pay when it is in the same currency, and "Accept" that ends the search. The
// client's own only; a lead has none (403, as an application's page).

export const access = routeAccess({ loader: portal("job-search.own") });

export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await ownOffers(await getDb(), permitFor(context, "job-search.own"));
  const current = found.currentPay
    ? { base: found.currentPay.base, currency: found.currentPay.currency as Currency }
    : null;
  return {
    mode: modeFor(currentViewer(context), request, false),
    current,
    outcome: found.outcome,
    offers: found.offers.map(({ offer, company, role, stage }) => {
      const amounts = { ...offer, currency: offer.currency as Currency };
      return {
        ...amounts,
        company,
        role,
        stage,
        totals: offerTotals(amounts),
        change: payChange(amounts, current),
        accepted: found.outcome?.offerId === offer.id,
      };
    }),
  };
}

export const action = actionOf("portal", (intent) => ({
  "current-pay": intent({
    permission: "job-search.own",
    form: currentPayForm,
    handler: ({ base, currency }, { db, permit }) => setCurrentPay(db, permit, { base, currency }),
  }),
  accept: intent({
    permission: "job-search.own",
    form: acceptOfferForm,
    handler: async ({ offerId, consent }, { db, permit }) => {
      await acceptOffer(db, permit, offerId, { consent });
      return null;
    },
  }),
}));

export const meta = privateMeta("Compare offers", "Your offers side by side.");

export default function Offers({ loaderData }: Route.ComponentProps) {
  const { mode, offers, current, outcome } = loaderData;
  return (
    <PortalPage title="Compare offers" subtitle="Each in its own currency, never converted." mode={mode}>
      <p>
        <LightLink to="/applications" className="text-sm underline underline-offset-2">
          ← Job search
        </LightLink>
      </p>
      {outcome && <OutcomeSummary outcome={outcome} />}
      <CurrentPay current={current} />
      {offers.length === 0 ? (
        <p className="text-muted-foreground">
          No offers yet: record one on an application's page, under "Offer".
        </p>
      ) : (
        <ul aria-label="Offers" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} hasCurrent={current !== null} mayAccept={!outcome}>
              <AcceptOffer offerId={offer.id} name={`${offer.company}, ${offer.role}`} />
            </OfferCard>
          ))}
        </ul>
      )}
    </PortalPage>
  );
}

function CurrentPay({ current }: { current: { base: number; currency: Currency } | null }) {
  const fetcher = useAnswerFetcher<FormAnswer>();
  const form = useFetcherForm(currentPayForm, fetcher, { reset: false });
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true;
  const field = { form, disabled: form.saving };
  return (
    <HeadedSection id="current-pay-heading" title="Your current pay (optional)">
      <p className="mt-1 text-sm text-muted-foreground">
        An accepted offer records the change in base pay against it. Only you and your coach see it.
      </p>
      <IntentForm
        fetcher={fetcher}
        form={form}
        intent="current-pay"
        className="mt-3 flex flex-wrap items-end gap-3"
        submit="Save current pay"
        busy="Saving…"
        button={{ variant: "outline" }}
        after={
          saved && (
            <p role="status" className="w-full text-sm text-success">
              Current pay saved.
            </p>
          )
        }
      >
        <TextField
          {...field}
          name="base"
          label="Current base salary per year"
          inputMode="numeric"
          defaultValue={current ? String(current.base) : ""}
          className="min-w-0 flex-1"
        />
        <SelectField
          {...field}
          name="currency"
          label="Currency"
          options={CURRENCIES.map((c) => [c, c])}
          defaultValue={current?.currency ?? "CAD"}
        />
      </IntentForm>
    </HeadedSection>
  );
}

function AcceptOffer({ offerId, name }: { offerId: string; name: string }) {
  return (
    <details>
      <summary className="cursor-pointer text-sm font-medium">
        Accept this offer<span className="sr-only"> ({name})</span>
      </summary>
      <ActionForm<FormAnswer, "consent" | "offerId">
        definition={acceptOfferForm}
        intent="accept"
        hidden={{ offerId }}
        className="mt-2 grid gap-2"
        submit={`Yes, accept ${name}`}
        busy="Accepting…"
        button={{ className: "justify-self-start" }}
      >
        {(form) => (
          <>
            <p className="text-sm">
              Accepting ends your search: the application moves to Accepted and the outcome is recorded. Only
              one offer can be accepted.
            </p>
            <CheckboxField
              form={form}
              name="consent"
              label={OUTCOME_CONSENT_LABEL}
              description="Only a total and a median are shown, and only once five clients agree. You can take it back in Your data."
            />
          </>
        )}
      </ActionForm>
    </details>
  );
}
