import type { ReactNode } from "react";
import type { FormAnswer } from "~/components/form";
import { ActionForm } from "~/components/ui/intent-form";
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
  return (
    <ActionForm<Answer, Field>
      definition={definition}
      intent={intent}
      hidden={{ [idField]: id }}
      action={action}
      className="inline-flex items-center gap-2"
      submit={children}
      button={{ variant: "outline", size: "sm", "aria-label": label }}
    />
  );
}
