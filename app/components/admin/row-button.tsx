import type { ReactNode } from "react";
import { buttonClass } from "~/components/admin/control-classes";
import { type FormAnswer, useAnswerFetcher, useFetcherForm } from "~/components/form";
import type { FormDefinition } from "~/lib/forms";

// One button that runs one intent on one row (the row's id in a hidden field), in place, with a refusal
// beside it: Remove a resource, Mark a booking resolved (the client's page); Confirm or Dismiss a
// booking (the admin home, whose index route is named by `action`). `Answer` is that route's action
// answer, named by the page that renders the button (this module can't import the routes).

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
  /** The button's accessible name, when its text alone says too little ("Remove" what). */
  label?: string;
  /** Where to post, when not the route the button is rendered in. */
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
      <button type="submit" disabled={form.saving} className={buttonClass} aria-label={label}>
        {children}
      </button>
      {form.message}
    </fetcher.Form>
  );
}
