import type { FormState } from "~/components/form";
import { CheckboxField, RadioGroupField, TextareaField, TextField } from "~/components/ui/fields";
import { JOB_SOURCES, type JobSource, SOURCE_LABELS } from "~/domain/job-search";
import { APPLICATION_LIMITS as LIMITS } from "~/lib/schemas/job-search";

// An application's fields, the same on the add card and on its page (docs/decisions/0053-job-search.md).

type Field = "company" | "role" | "url" | "level" | "location" | "remote" | "source" | "appliedOn" | "notes";

export type ApplicationValues = {
  company: string;
  role: string;
  url: string | null;
  level: string | null;
  location: string | null;
  remote: boolean;
  source: JobSource;
  appliedOn: string;
  notes: string | null;
};

export function ApplicationFields({
  form,
  values,
  disabled,
}: {
  form: FormState<Field>;
  /** What the application holds now (its page), or the add card's defaults. */
  values: Partial<ApplicationValues> & { appliedOn: string };
  disabled: boolean;
}) {
  const field = { form, disabled };
  return (
    <>
      <TextField
        {...field}
        name="company"
        label="Company"
        defaultValue={values.company}
        maxLength={LIMITS.company}
        required
      />
      <TextField
        {...field}
        name="role"
        label="Role"
        defaultValue={values.role}
        maxLength={LIMITS.role}
        required
      />
      <TextField
        {...field}
        name="url"
        label="Link to the posting (optional)"
        type="url"
        inputMode="url"
        placeholder="https://"
        defaultValue={values.url ?? ""}
        maxLength={LIMITS.url}
      />
      <TextField
        {...field}
        name="level"
        label="Level (optional)"
        defaultValue={values.level ?? ""}
        maxLength={LIMITS.level}
      />
      <TextField
        {...field}
        name="location"
        label="Location (optional)"
        defaultValue={values.location ?? ""}
        maxLength={LIMITS.location}
      />
      <CheckboxField
        {...field}
        name="remote"
        label="Remote"
        defaultChecked={values.remote ?? false}
        className="self-end"
      />
      <RadioGroupField
        {...field}
        name="source"
        label="How it came"
        options={JOB_SOURCES.map((source) => [source, SOURCE_LABELS[source]])}
        defaultValue={values.source ?? "applied"}
      />
      <TextField
        {...field}
        name="appliedOn"
        label="Date applied or saved"
        type="date"
        defaultValue={values.appliedOn}
      />
      <TextareaField
        {...field}
        name="notes"
        label="Notes (optional)"
        rows={3}
        defaultValue={values.notes ?? ""}
        maxLength={LIMITS.notes}
        className="sm:col-span-2"
      />
    </>
  );
}
