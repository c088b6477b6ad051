import type { ReactNode } from "react";
import { useFetcher } from "react-router";
import { type FormAnswer, type FormState, useFetcherForm, useSettledAnswer } from "~/components/form";
import { showToast } from "~/components/toast";
import { IntentForm } from "~/components/ui/intent-form";
import type { FormDefinition } from "~/lib/forms";

// A site-wide setting's small form (the coach's board's stalled days, the practice's settings): an
// IntentForm posted through a fetcher that toasts what the action answered; without JavaScript it posts as
// a page and the answer comes back as the page's action data, shown after the button.

type Answer = FormAnswer & { value?: { message?: string } };

const messageOf = (answer: Answer) => (answer.ok ? (answer.value?.message ?? null) : (answer.error ?? null));

export function SettingForm<Field extends string>({
  intent,
  definition,
  pageAnswer,
  className,
  children,
}: {
  intent: string;
  definition: FormDefinition<unknown, Field>;
  /** The route's action data. */
  pageAnswer: Answer | undefined;
  className: string;
  children: (form: FormState<Field>) => ReactNode;
}) {
  const fetcher = useFetcher<Answer>();
  const form = useFetcherForm(definition, fetcher, { reset: false });
  useSettledAnswer(fetcher, (settled) => {
    const message = messageOf(settled);
    if (settled.ok && message) void showToast("success", message);
  });
  const shown = pageAnswer && "ok" in pageAnswer ? messageOf(pageAnswer) : null;
  return (
    <IntentForm
      fetcher={fetcher}
      form={form}
      intent={intent}
      className={className}
      submit="Save"
      button={{ variant: "outline", size: "sm" }}
      after={
        shown && pageAnswer ? (
          <p
            role={pageAnswer.ok ? "status" : "alert"}
            className={`basis-full ${pageAnswer.ok ? "" : "text-danger"}`}
          >
            {shown}
          </p>
        ) : null
      }
    >
      {children(form)}
    </IntentForm>
  );
}
