import { type FormAnswer, useAnswerFetcher, useFetcherForm } from "~/components/form";
import { CheckboxField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import { IntentForm, SubmitButton } from "~/components/ui/intent-form";
import { OUTCOME_CONSENT_LABEL, outcomeConsentForm } from "~/lib/schemas/job-offers";

// /account's consent for a client with an accepted offer (docs/decisions/0053-job-search.md, "Outcomes"):
// the box shows what is stored; saving it gives or takes back the consent.

type Answer = FormAnswer & ({ ok: true; value: { message: string } } | { ok: false });

export function OutcomeConsent<A extends Answer>({ consented, answer }: { consented: boolean; answer?: A }) {
  const posted = useAnswerFetcher<A>();
  const fetcher = { ...posted, data: posted.data ?? answer };
  const form = useFetcherForm(outcomeConsentForm, fetcher, { reset: false });
  const saved = fetcher.state === "idle" && fetcher.data?.ok === true ? fetcher.data.value.message : null;
  return (
    <HeadedSection
      id="outcome-consent"
      title="Your outcome in the public figures"
      className="mt-8 rounded-2xl border border-border p-6"
    >
      <p className="mt-2 text-muted-foreground">
        The site may show how many clients landed offers and how fast, as a total and a median: never a name,
        and only once at least five clients agree. You can change this at any time.
      </p>
      <IntentForm fetcher={fetcher} form={form} intent="outcome-consent" className="mt-4 grid gap-3">
        <CheckboxField form={form} name="consent" label={OUTCOME_CONSENT_LABEL} defaultChecked={consented} />
        {form.message}
        <SubmitButton
          form={form}
          submit="Save"
          busy="Saving…"
          variant="outline"
          className="justify-self-start"
        />
        {saved && (
          <p role="status" className="text-sm text-success">
            {saved}
          </p>
        )}
      </IntentForm>
    </HeadedSection>
  );
}
