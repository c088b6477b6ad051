import { type FormAnswer, useAnswerFetcher, useFetcherForm } from "~/components/form";
import { LightLink } from "~/components/light-link";
import { RadioGroupField, TextareaField, TextField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import { DeleteForm, IntentForm } from "~/components/ui/intent-form";
import { CURRENCIES, type Currency } from "~/domain/financing";
import { formatAmount, OFFER_AMOUNT_CEILING, offerTotals } from "~/domain/job-offers";
import { OFFER_LIMITS, offerForm } from "~/lib/schemas/job-offers";

// An application's offer (phase 2 of docs/decisions/0053-job-search.md): base, bonus, equity per year,
// sign-on in whole dollars of its own currency, level, location, deadline and negotiation notes. One per
// application: saving again revises it. The totals and the comparison are on /applications/offers.

export type ShownOffer = {
  currency: string;
  base: number;
  bonus: number;
  equityPerYear: number;
  signOn: number;
  level: string | null;
  location: string | null;
  deadline: string | null;
  notes: string | null;
};

const AMOUNTS = [
  ["base", "Base salary per year"],
  ["bonus", "Bonus per year (optional)"],
  ["equityPerYear", "Equity per year (optional)"],
  ["signOn", "Sign-on bonus (optional)"],
] as const;

export function OfferSection({ offer, accepted }: { offer: ShownOffer | null; accepted: boolean }) {
  const fetcher = useAnswerFetcher<FormAnswer>();
  const form = useFetcherForm(offerForm, fetcher, { reset: false });
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true;
  const field = { form, disabled: form.saving };
  const currency = (offer?.currency ?? "CAD") as Currency;
  const totals = offer ? offerTotals({ ...offer, currency }) : null;
  return (
    <HeadedSection id="offer-heading" title="Offer" className="grid gap-3">
      {totals && (
        <p className="text-sm">
          First year {formatAmount(totals.firstYear, totals.currency)} · yearly{" "}
          {formatAmount(totals.yearly, totals.currency)}
          {accepted && <strong className="ml-2">Accepted</strong>} ·{" "}
          <LightLink to="/applications/offers" className="underline underline-offset-2">
            Compare offers
          </LightLink>
        </p>
      )}
      <details className="rounded-xl border border-border bg-card" open={!offer}>
        <summary className="cursor-pointer p-4 font-medium">
          {offer ? "Edit the offer" : "Record an offer"}
        </summary>
        <IntentForm
          fetcher={fetcher}
          form={form}
          intent="save-offer"
          className="grid gap-3 p-4 pt-0 sm:grid-cols-2"
          submit="Save offer"
          busy="Saving…"
          footer
        >
          <RadioGroupField
            {...field}
            name="currency"
            label="Currency"
            options={CURRENCIES.map((c) => [c, c])}
            defaultValue={currency}
            className="sm:col-span-2"
          />
          {AMOUNTS.map(([name, label]) => (
            <TextField
              key={name}
              {...field}
              name={name}
              label={label}
              description={`Whole dollars, at most ${OFFER_AMOUNT_CEILING.toLocaleString("en-US")}`}
              inputMode="numeric"
              defaultValue={offer ? String(offer[name]) : ""}
              required={name === "base"}
            />
          ))}
          <TextField
            {...field}
            name="level"
            label="Level (optional)"
            defaultValue={offer?.level ?? ""}
            maxLength={OFFER_LIMITS.level}
          />
          <TextField
            {...field}
            name="location"
            label="Location (optional)"
            defaultValue={offer?.location ?? ""}
            maxLength={OFFER_LIMITS.location}
          />
          <TextField
            {...field}
            name="deadline"
            label="Deadline (optional)"
            type="date"
            defaultValue={offer?.deadline ?? ""}
          />
          <TextareaField
            {...field}
            name="notes"
            label="Negotiation notes (optional)"
            rows={3}
            defaultValue={offer?.notes ?? ""}
            maxLength={OFFER_LIMITS.notes}
            className="sm:col-span-2"
          />
        </IntentForm>
      </details>
      {/* Outside the fold, which closes once there is an offer. */}
      {saved && (
        <p role="status" className="text-sm text-success">
          Offer saved.
        </p>
      )}
      {offer && !accepted && <DeleteOffer />}
    </HeadedSection>
  );
}

function DeleteOffer() {
  return (
    <details className="text-sm">
      <summary className="cursor-pointer">Delete the offer</summary>
      <DeleteForm<FormAnswer>
        intent="delete-offer"
        className="mt-2 flex flex-wrap gap-2"
        submit="Yes, delete the offer"
        button={{ size: "sm" }}
      />
    </details>
  );
}
