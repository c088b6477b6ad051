import { useState } from "react";
import { useFetcher, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { AgreementAcceptances, AgreementVersions } from "~/components/agreement/agreement-records";
import { AgreementText } from "~/components/agreement/agreement-text";
import { useFetcherForm, useForm, useSettledAnswer } from "~/components/form";
import { showToast } from "~/components/toast";
import { inputClass } from "~/components/ui/control-classes";
import { CheckboxField, TextareaField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import { IntentForm, SubmitButton } from "~/components/ui/intent-form";
import { AGREEMENT_STARTER } from "~/content/agreement";
import { can } from "~/domain/policy";
import {
  AGREEMENT_BODY_MAX,
  agreementSavedMessage,
  agreementVersionForm,
  onboardingGatesForm,
} from "~/lib/schemas/agreement";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { actionOf } from "~/server/intents.server";
import {
  agreementAdminView,
  saveAgreementVersion,
  setOnboardingGates,
} from "~/server/models/agreement.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/agreement";

// The coaching agreement and what holds booking back (docs/decisions/0047-coaching-agreement.md): the
// coach reads, the admin writes a new version and sets the two gates.

export const access = routeAccess({ loader: staff("agreement.read") });

export async function loader({ request, context }: Route.LoaderArgs) {
  const param = new URL(request.url).searchParams.get("version");
  const version = param && /^\d{1,9}$/.test(param) ? Number(param) : null;
  const view = await agreementAdminView(await getDb(), permitFor(context, "agreement.read"), version);
  return { ...view, filter: version, mayEdit: can(currentViewer(context), "agreement.manage") };
}

export const action = actionOf("staff", (intent) => ({
  "save-agreement": intent({
    permission: "agreement.manage",
    form: agreementVersionForm,
    handler: async (input, { db, permit }) => {
      return { message: agreementSavedMessage(await saveAgreementVersion(db, permit, input)) };
    },
  }),
  "set-gates": intent({
    permission: "agreement.manage",
    form: onboardingGatesForm,
    handler: async (input, { db, permit }) => {
      await setOnboardingGates(db, permit, input);
      return { message: GATES_SAVED };
    },
  }),
}));

export const meta = privateMeta("Coaching agreement", "The coaching agreement and who accepted it.");

const GATES_SAVED = "Saved what comes before booking.";

const GATES = [
  { name: "intakeBeforeBooking", label: "Clients fill in the intake questionnaire before booking" },
  { name: "agreementBeforeBooking", label: "Clients accept the agreement before booking" },
] as const;

const boxClass = "rounded-xl border border-border p-4";

export default function AdminAgreement({ loaderData, actionData }: Route.ComponentProps) {
  const { versions, acceptances, gates, filter, mayEdit } = loaderData;
  const current = versions[0] ?? null;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  // "Unknown action." names no intent; shown by neither form.
  const answered = actionData && "intent" in actionData ? actionData : undefined;
  const saveAnswer = answered?.intent === "save-agreement" ? answered : undefined;
  // Without JavaScript the gates post as a page; with it, through a fetcher that toasts its success.
  const gatesAnswer = answered?.intent === "set-gates" ? answered : undefined;
  const form = useForm(agreementVersionForm, { answer: saveAnswer, busy });
  const gatesFetcher = useFetcher<typeof action>();
  const gatesForm = useFetcherForm(onboardingGatesForm, gatesFetcher, { reset: false });
  useSettledAnswer(gatesFetcher, (answer) => {
    if (answer.ok) void showToast("success", GATES_SAVED);
  });
  const [draft, setDraft] = useState(current?.body ?? AGREEMENT_STARTER);
  return (
    <AdminPage title="Coaching agreement">
      <p className="mt-1 text-muted-foreground">
        {current
          ? `Current: version ${current.version}, accepted by ${current.accepted}.`
          : "No agreement yet: clients book without one until you save the first version."}
      </p>

      <HeadedSection id="gates-title" title="Before booking" className="mt-8">
        <IntentForm
          fetcher={gatesFetcher}
          form={gatesForm}
          intent="set-gates"
          className={`mt-3 grid gap-2 text-sm ${boxClass}`}
        >
          {GATES.map((gate) => (
            <CheckboxField
              key={gate.name}
              form={gatesForm}
              name={gate.name}
              label={gate.label}
              defaultChecked={gates[gate.name]}
              disabled={!mayEdit}
            />
          ))}
          {gatesForm.message}
          {mayEdit ? (
            <div>
              <SubmitButton form={gatesForm} submit="Save" variant="outline" size="sm" />
            </div>
          ) : null}
          <Answer answer={gatesAnswer} />
        </IntentForm>
      </HeadedSection>

      {mayEdit ? (
        <HeadedSection
          id="edit-title"
          title={current ? "Write a new version" : "Write the first version"}
          className="mt-10"
        >
          <IntentForm form={form} intent="save-agreement" className="mt-3 grid gap-4 lg:grid-cols-2">
            <div className="grid content-start gap-2">
              <TextareaField
                form={form}
                name="body"
                label="Agreement (Markdown)"
                rows={20}
                maxLength={AGREEMENT_BODY_MAX}
                defaultValue={draft}
                onChange={(event) => setDraft(event.currentTarget.value)}
                inputClassName={`${inputClass} font-mono`}
              />
              <CheckboxField
                name="requiresAcceptance"
                label="Ask every client to accept this version again"
                description={
                  current
                    ? "Untick it for a correction that changes nothing agreed: those who accepted an earlier version keep booking."
                    : "Everyone accepts the first version."
                }
                defaultChecked
                disabled={!current}
              />
              {form.message}
              <div>
                <SubmitButton form={form} submit={`Save as version ${(current?.version ?? 0) + 1}`} />
              </div>
              <Answer answer={saveAnswer?.ok ? saveAnswer : undefined} />
            </div>
            <div className="grid content-start gap-2">
              <h3 className="text-sm font-medium">Preview, as the client sees it</h3>
              <div className={boxClass} data-testid="agreement-preview">
                <AgreementText body={draft} topLevel={4} />
              </div>
            </div>
          </IntentForm>
        </HeadedSection>
      ) : current ? (
        <HeadedSection id="current-title" title={<>Version {current.version}</>} className="mt-10">
          <div className={`mt-3 ${boxClass}`}>
            <AgreementText body={current.body} topLevel={3} />
          </div>
        </HeadedSection>
      ) : null}

      <AgreementVersions versions={versions} />
      <AgreementAcceptances versions={versions} acceptances={acceptances} filter={filter} />
    </AdminPage>
  );
}

function Answer({ answer }: { answer: { ok: boolean; error?: string | null; value?: unknown } | undefined }) {
  if (!answer) return null;
  if (!answer.ok)
    return (
      <p role="alert" className="text-sm text-destructive">
        {answer.error}
      </p>
    );
  const message =
    typeof answer.value === "object" && answer.value && "message" in answer.value
      ? String(answer.value.message)
      : null;
  return message ? (
    <p role="status" className="text-sm">
      {message}
    </p>
  ) : null;
}
