import { type FormAnswer, useAnswerFetcher, useFetcherForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/fields";
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
    <section aria-labelledby="outcome-consent" className="mt-8 rounded-2xl border border-border p-6">
      <h2 id="outcome-consent" className="text-xl font-semibold">
        Your outcome in the public figures
      </h2>
      <p className="mt-2 text-muted-foreground">
        The site may show how many clients landed offers and how fast, as a total and a median: never a name,
        and only once at least five clients agree. You can change this at any time.
      </p>
      <fetcher.Form method="post" ref={form.ref} onSubmit={form.onSubmit} className="mt-4 grid gap-3">
        <input type="hidden" name="intent" value="outcome-consent" />
        <CheckboxField form={form} name="consent" label={OUTCOME_CONSENT_LABEL} defaultChecked={consented} />
        {form.message}
        <Button type="submit" variant="outline" disabled={form.saving} className="justify-self-start">
          {form.saving ? "Saving…" : "Save"}
        </Button>
        {saved && (
          <p role="status" className="text-sm text-success">
            {saved}
          </p>
        )}
      </fetcher.Form>
    </section>
  );
}
