import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { buttonClass } from "~/components/admin/control-classes";
import { useFetcherForm } from "~/components/form";
import type { FormDefinition } from "~/lib/forms";

// One intent on one row, in place, with a refusal beside the button.

export function RowButton({
  form: definition,
  intent,
  idField,
  id,
  label,
  action,
  children,
}: {
  form: FormDefinition;
  intent: string;
  idField: string;
  id: string;
  /** When its text alone says too little ("Remove" what). */
  label?: string;
  action?: string;
  children: ReactNode;
}) {
  const fetcher = useFetcher();
  const form = useFetcherForm(definition, fetcher);
  return (
    <fetcher.Form
      method="post"
      action={action}
      ref={form.formRef}
      onSubmit={form.onSubmit}
      className="inline-flex items-center gap-2"
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idField} value={id} />
      <button type="submit" disabled={form.saving} className={buttonClass} aria-label={label}>
        {children}
      </button>
      {form.message}
    </fetcher.Form>
  );
}
