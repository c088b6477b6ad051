import { type FormAnswer, useAnswerFetcher, useFetcherForm } from "~/components/form";
import { type Option, SelectField } from "~/components/ui/fields";
import { IntentForm } from "~/components/ui/intent-form";
import { JOB_STAGES, type JobStage, STAGE_LABELS } from "~/domain/job-search";
import type { FormDefinition } from "~/lib/forms";
import { moveApplicationForm, stageForm } from "~/lib/schemas/job-search";

// "Move to" and a Move button: a plain form, so a move works by keyboard, on a phone and without
// JavaScript (docs/decisions/0053-job-search.md); dragging on the board is an extra, not the way.

export const STAGE_OPTIONS: readonly Option[] = JOB_STAGES.map((stage) => [stage, STAGE_LABELS[stage]]);

type MoveAnswer = FormAnswer & { value?: { moved: boolean; stage: JobStage } };

/** On a card, `applicationId` names it; on an application's page the URL does. `name` says which, to a reader. */
export function MoveForm({
  applicationId,
  stage,
  name,
  className = "flex flex-wrap items-end gap-2",
}: {
  applicationId?: string;
  stage: JobStage;
  name: string;
  className?: string;
}) {
  const fetcher = useAnswerFetcher<MoveAnswer>();
  // Both forms have the `stage` field; the card's also names the application (a hidden field).
  const definition = (applicationId ? moveApplicationForm : stageForm) as unknown as FormDefinition<
    unknown,
    "stage"
  >;
  const form = useFetcherForm(definition, fetcher, { reset: false });
  const answer = fetcher.state === "idle" ? fetcher.data : undefined;
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      intent="move"
      hidden={applicationId ? { applicationId } : {}}
      className={className}
      submit="Move"
      busy="Moving…"
      button={{ variant: "outline", size: "sm" }}
      after={
        answer?.ok &&
        answer.value?.moved === false && (
          <p role="status" className="w-full text-sm text-muted-foreground">
            Already in {STAGE_LABELS[answer.value.stage]}.
          </p>
        )
      }
    >
      <SelectField
        form={form}
        name="stage"
        label={
          <>
            Move to<span className="sr-only"> (for {name})</span>
          </>
        }
        compact
        defaultValue={stage}
        options={STAGE_OPTIONS}
        disabled={form.saving}
        className="min-w-0 flex-1"
      />
    </IntentForm>
  );
}
