import { type FormAnswer, type FormState, useAnswerFetcher, useFetcherForm } from "~/components/form";
import { AddCard, SelectField, TextareaField, TextField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import { DeleteForm, IntentForm } from "~/components/ui/intent-form";
import { INTERVIEW_KIND_LABELS, INTERVIEW_KINDS, type InterviewKind } from "~/domain/job-offers";
import type { FormDefinition } from "~/lib/forms";
import { formatted, wallClockText } from "~/lib/local-time";
import { addInterviewForm, editInterviewForm, interviewIdForm, OFFER_LIMITS } from "~/lib/schemas/job-offers";

// An application's interviews (phase 2 of docs/decisions/0053-job-search.md): entered and shown on the
// client's clock (their zone in /account, named beside each time); one in the next 7 days offers a mock
// interview, through the portal's booking link carrying which interview it prepares.

export type ShownInterview = {
  id: string;
  kind: InterviewKind;
  startsAt: Date | string;
  notes: string | null;
  /** The booking link for a mock interview before it, when it is in the next 7 days. */
  mockLink: string | null;
};

type Field = "kind" | "startsAt" | "notes";
const KIND_OPTIONS = INTERVIEW_KINDS.map((kind) => [kind, INTERVIEW_KIND_LABELS[kind]] as const);

function InterviewFields({
  form,
  values,
  timeZone,
}: {
  form: FormState<Field>;
  values?: { kind: InterviewKind; startsAt: string; notes: string | null };
  timeZone: string;
}) {
  const field = { form, disabled: form.saving };
  return (
    <>
      <SelectField {...field} name="kind" label="Kind" options={KIND_OPTIONS} defaultValue={values?.kind} />
      <TextField
        {...field}
        name="startsAt"
        label="Date and time"
        description={`Your time zone: ${timeZone}`}
        type="datetime-local"
        defaultValue={values?.startsAt ?? ""}
        required
      />
      <TextareaField
        {...field}
        name="notes"
        label="Notes (optional)"
        rows={2}
        defaultValue={values?.notes ?? ""}
        maxLength={OFFER_LIMITS.interviewNotes}
        className="sm:col-span-2"
      />
    </>
  );
}

const asFields = (definition: unknown) => definition as FormDefinition<unknown, Field>;

export function Interviews({
  interviews,
  timeZone,
  company,
}: {
  interviews: readonly ShownInterview[];
  timeZone: string;
  company: string;
}) {
  const fetcher = useAnswerFetcher<FormAnswer>();
  const form = useFetcherForm(asFields(addInterviewForm), fetcher);
  return (
    <HeadedSection id="interviews-heading" title="Interviews" className="grid gap-3">
      {interviews.length === 0 ? (
        <p className="text-sm text-muted-foreground">No interviews yet.</p>
      ) : (
        <ul className="grid gap-3">
          {interviews.map((interview) => (
            <InterviewItem key={interview.id} interview={interview} timeZone={timeZone} company={company} />
          ))}
        </ul>
      )}
      <details className="rounded-xl border border-border bg-card" open={interviews.length === 0}>
        <summary className="cursor-pointer p-4 font-medium">Add an interview</summary>
        <AddCard fetcher={fetcher} form={form} intent="add-interview" submit="Add interview" busy="Adding…">
          <InterviewFields form={form} timeZone={timeZone} />
        </AddCard>
      </details>
    </HeadedSection>
  );
}

function InterviewItem({
  interview,
  timeZone,
  company,
}: {
  interview: ShownInterview;
  timeZone: string;
  company: string;
}) {
  const edit = useAnswerFetcher<FormAnswer>();
  const editForm = useFetcherForm(asFields(editInterviewForm), edit, { reset: false });
  const at = new Date(interview.startsAt);
  const label = `${INTERVIEW_KIND_LABELS[interview.kind]} interview`;
  return (
    <li className="grid gap-2 rounded-xl border border-border bg-card p-4">
      <p className="font-medium">{label}</p>
      <p className="text-sm">
        <time dateTime={at.toISOString()}>{formatted(at, timeZone, "date-time")}</time>{" "}
        <span className="text-muted-foreground">({timeZone})</span>
      </p>
      {interview.notes && <p className="whitespace-pre-line text-sm">{interview.notes}</p>}
      {interview.mockLink && (
        <p>
          <a
            href={interview.mockLink}
            className="text-sm font-medium underline underline-offset-2"
            aria-label={`Book a mock interview before it (${label} at ${company})`}
          >
            Book a mock interview before it
          </a>
        </p>
      )}
      <details>
        <summary className="cursor-pointer text-sm">Edit or delete</summary>
        <IntentForm
          fetcher={edit}
          form={editForm}
          intent="edit-interview"
          hidden={{ interviewId: interview.id }}
          className="mt-2 grid gap-3 sm:grid-cols-2"
          submit="Save interview"
          busy="Saving…"
          button={{ variant: "outline", size: "sm" }}
          footer
        >
          <InterviewFields
            form={editForm}
            timeZone={timeZone}
            values={{ kind: interview.kind, startsAt: wallClockText(at, timeZone), notes: interview.notes }}
          />
        </IntentForm>
        <DeleteForm<FormAnswer, "interviewId">
          definition={interviewIdForm}
          intent="delete-interview"
          hidden={{ interviewId: interview.id }}
          className="mt-3"
          submit="Delete interview"
          button={{ size: "sm" }}
        />
      </details>
    </li>
  );
}
