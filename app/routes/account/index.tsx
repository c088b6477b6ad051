import { Form, useNavigation } from "react-router";
import { EmailPreferences } from "~/components/account/email-preferences";
import { OutcomeConsent } from "~/components/account/outcome-consent";
import { useForm } from "~/components/form";
import { Button, ButtonAnchor } from "~/components/ui/button";
import { TextareaField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import { can } from "~/domain/policy";
import { hydrateOnIntent } from "~/lib/hydrate-on-intent";
import { DELETION_NOTE_MAX, DELETION_REQUESTED, deletionRequestForm } from "~/lib/schemas/account";
import { emailPreferencesForm } from "~/lib/schemas/email-preferences";
import { outcomeConsentForm } from "~/lib/schemas/job-offers";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { actionOf } from "~/server/intents.server";
import { hasRequestedDeletion, requestDeletion } from "~/server/models/data-rights.server";
import { ownEmailPreferences, saveEmailPreferences } from "~/server/models/emails.server";
import { ownOutcomeConsent, setOutcomeConsent } from "~/server/models/job-outcome-consent.server";
import { authorize } from "~/server/policy.server";
import { routeAccess } from "~/server/route-access";
import type { Route } from "./+types/index";

export const access = routeAccess({ loader: { access: "signed-in", policy: "self.request-deletion" } });

export const handle = hydrateOnIntent;

const TIME_ZONES = [...new Set(["UTC", ...Intl.supportedValuesOf("timeZone")])];

// docs/decisions/0016-data-rights.md and 0029-email-outbox.md.
export async function loader({ context }: Route.LoaderArgs) {
  const permit = permitFor(context, "self.request-deletion");
  const db = await getDb();
  const viewer = currentViewer(context);
  const [deletionRequested, emails, outcome] = await Promise.all([
    hasRequestedDeletion(db, permit),
    ownEmailPreferences(db, permitFor(context, "self.email-preferences")),
    // Only a client has an outcome to count (docs/decisions/0053-job-search.md, "Outcomes").
    can(viewer, "job-search.own") ? ownOutcomeConsent(db, authorize(viewer, "job-search.own")) : null,
  ]);
  return {
    email: permit.actor.email,
    deletionRequested,
    emails: { ...emails, timeZones: TIME_ZONES },
    outcome,
  };
}

export const action = actionOf(
  "signed-in",
  (intent) => ({
    "request-deletion": intent({
      permission: "self.request-deletion",
      form: deletionRequestForm,
      handler: ({ note }, { db, permit }) => requestDeletion(db, permit, note),
      fallback: "Failed to send your request.",
    }),
    "email-preferences": intent({
      permission: "self.email-preferences",
      form: emailPreferencesForm,
      handler: (input, { db, permit }) => saveEmailPreferences(db, permit, input),
    }),
    "outcome-consent": intent({
      permission: "job-search.own",
      form: outcomeConsentForm,
      handler: ({ consent }, { db, permit }) => setOutcomeConsent(db, permit, consent),
    }),
  }),
  { default: "request-deletion" },
);

export const meta = privateMeta("Your data", "Download your data or ask for its deletion.");

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  // Without JavaScript both forms answer as the page: each shows only its own answer.
  const answer = actionData?.intent === "request-deletion" ? actionData : undefined;
  const emailAnswer = actionData?.intent === "email-preferences" ? actionData : undefined;
  const consentAnswer = actionData?.intent === "outcome-consent" ? actionData : undefined;
  const navigation = useNavigation();
  const sending = navigation.state !== "idle";
  const form = useForm(deletionRequestForm, { answer, busy: sending });
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">Your data</h1>
      <p className="mt-2 text-muted-foreground">Signed in as {loaderData.email}.</p>

      <EmailPreferences<NonNullable<Route.ComponentProps["actionData"]>>
        {...loaderData.emails}
        answer={emailAnswer}
      />

      {loaderData.outcome && (
        <OutcomeConsent consented={loaderData.outcome.consented} answer={consentAnswer} />
      )}

      <HeadedSection
        id="download"
        title="Download your data"
        className="mt-8 rounded-2xl border border-border bg-card p-6"
      >
        <p className="mt-2 text-muted-foreground">
          One ZIP file: your profile, sign-in accounts, sessions and every coaching record we keep about you
          as JSON, and the files you and the coach shared.
        </p>
        <ButtonAnchor href="/account/data" download="my-data.zip" className="mt-4">
          Download my data (ZIP)
        </ButtonAnchor>
      </HeadedSection>

      <HeadedSection
        id="deletion"
        title="Ask for deletion"
        className="mt-8 rounded-2xl border border-border p-6"
      >
        <p className="mt-2 text-muted-foreground">
          The coach reviews every request and deletes your account and records; anything they must keep is
          explained when they confirm.
        </p>
        {answer?.ok || loaderData.deletionRequested ? (
          // Read from the trail on later loads too, so a revalidation never clears the confirmation.
          <p role="status" className="mt-4 rounded-md border border-border bg-muted px-3 py-2 text-sm">
            {answer?.ok ? answer.value.message : DELETION_REQUESTED}
          </p>
        ) : (
          <Form method="post" ref={form.ref} onSubmit={form.onSubmit} className="mt-4 grid gap-3">
            <TextareaField
              form={form}
              name="note"
              label="Note (optional)"
              rows={3}
              maxLength={DELETION_NOTE_MAX}
            />
            {form.message}
            <Button
              type="submit"
              variant="outline"
              weight="semibold"
              disabled={sending}
              className="justify-self-start"
            >
              Request deletion
            </Button>
          </Form>
        )}
      </HeadedSection>
    </div>
  );
}
