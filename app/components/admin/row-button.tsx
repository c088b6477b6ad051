import type { ReactNode } from "react";
import { type FormAnswer, useAnswerFetcher, useFetcherForm } from "~/components/form";
import { Button } from "~/components/ui/button";
import type { FormDefinition } from "~/lib/forms";

// One intent on one row, in place, with a refusal beside the button. `Answer` is the action's answer,
// named by the page that renders the button (this module can't import the routes).

export function RowButton<Answer extends FormAnswer, Field extends string>({
  form: definition,
  intent,
  idField,
  id,
  label,
  action,
  children,
}: {
  form: FormDefinition<unknown, Field>;
  intent: string;
  idField: Field;
  id: string;
  /** When its text alone says too little ("Remove" what). */
  label?: string;
  action?: string;
  children: ReactNode;
}) {
  const fetcher = useAnswerFetcher<Answer>();
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
      <Button type="submit" variant="outline" size="sm" disabled={form.saving} aria-label={label}>
        {children}
      </Button>
      {form.message}
    </fetcher.Form>
  );
}
