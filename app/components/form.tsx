import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { type FetcherWithComponents, useActionData, useFetcher, useLocation } from "react-router";
import type { FormDefinition, FormProblem } from "~/lib/forms";
import { ANSWER_FOR_PARAM } from "~/lib/hydrate-on-intent";

// Every form works the same way: docs/decisions/0024-forms.md.

export type FormAnswer = { ok: boolean; error?: string | null; field?: string | null };

type Fetcher<T> = { state: "idle" | "loading" | "submitting"; data: T | undefined };

/** Refuses an untyped fetcher (`useFetcher()`, data `any`): its answer's type comes from the action. */
type Typed<T> = 0 extends 1 & T ? "type the fetcher by its action: useFetcher<typeof action>()" : unknown;

/** Once per answer: not on a re-render, not when the page's data is revalidated. */
export function useSettledAnswer<T>(fetcher: Fetcher<T>, onAnswer: (answer: T) => void) {
  const handled = useRef<T | undefined>(undefined);
  const latest = useRef(onAnswer);
  useEffect(() => {
    latest.current = onAnswer;
  });
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== "idle" || answer === undefined || handled.current === answer) return;
    handled.current = answer;
    latest.current(answer);
  }, [fetcher.state, fetcher.data]);
}

/** What `field(name)` spreads on an input. */
type FieldProps = {
  name: string;
  "data-field": string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

// A block span, not a <p>: a field's problem often sits inside its <label>, which holds phrasing content only.
function Problem({ id, children }: { id: string; children: ReactNode }) {
  return (
    // Focusable by script (app/enhancers/wake.ts focuses an answer that came back as a page), not by Tab.
    <span id={id} role="alert" tabIndex={-1} className="block text-sm text-danger">
      {children}
    </span>
  );
}

function answerProblem(answer: FormAnswer | undefined): FormProblem | null {
  if (answer?.ok !== false || !answer.error) return null;
  return { ok: false, error: answer.error, field: answer.field ?? null };
}

/** Spread `onSubmit` and `ref` on the form and `field(name)` on each input; `error(name)` and `message` go beside them. */
export function useForm<Field extends string, Answer extends FormAnswer = FormAnswer>(
  definition: FormDefinition<unknown, Field>,
  server: { answer: Answer | undefined; busy: boolean; answerFor?: string },
) {
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [checked, setChecked] = useState<FormProblem | null>(null);
  const problem = checked ?? (server.busy ? null : answerProblem(server.answer));
  const besideField =
    problem?.field && !definition.hidden.some((name) => name === problem.field) ? problem.field : null;
  const errorId = (name: string) => `${uid}-${name}-error`;

  const focus = (name: string | null) => {
    const target = name ? formRef.current?.querySelector<HTMLElement>(`[data-field="${name}"]`) : null;
    target?.focus();
  };
  const answered = useRef<unknown>(undefined);
  useEffect(() => {
    if (server.busy || server.answer === answered.current) return;
    answered.current = server.answer;
    const refused = answerProblem(server.answer);
    if (refused?.field) focus(refused.field);
  });

  return {
    ref: formRef,
    formRef,
    saving: server.busy,
    /** The server's answer to this form, through its fetcher or as the page's (`usePageAnswer`). */
    answer: server.answer,
    /** The key that names this form's answer when it posts as a document (IntentForm writes it on the form). */
    answerFor: server.answerFor,
    problem,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      const parsed = definition.parse(new FormData(event.currentTarget, submitter));
      if (parsed.ok) {
        setChecked(null);
        return;
      }
      event.preventDefault();
      setChecked(parsed);
      focus(parsed.field);
    },
    /** `input` when the input's name is not the field's (link rows). */
    field(name: Field, input: string = name): FieldProps {
      const invalid = besideField === name;
      return {
        name: input,
        "data-field": name,
        "aria-invalid": invalid ? true : undefined,
        "aria-describedby": invalid ? errorId(name) : undefined,
      };
    },
    error(name: Field): ReactNode {
      return besideField === name && problem ? <Problem id={errorId(name)}>{problem.error}</Problem> : null;
    },
    message: problem && !besideField ? <Problem id={`${uid}-message`}>{problem.error}</Problem> : null,
  };
}

/** What `useForm` gives a form whose fields are `Field` (for a part of a form drawn by its own component). */
export type FormState<Field extends string> = ReturnType<typeof useForm<Field>>;

/**
 * The page's action data when it answers the form named `answerFor`: a submission held on a first visit went
 * out as a document with that key in its address (app/lib/hydrate-on-intent.ts ANSWER_FOR_PARAM). It reads
 * the action data of the route the form is drawn in, which is the route it posts to.
 */
export function usePageAnswer<Answer>(answerFor: string | undefined): Answer | undefined {
  const data = useActionData() as Answer | undefined;
  const { search } = useLocation();
  if (answerFor === undefined || data === undefined) return undefined;
  return new URLSearchParams(search).get(ANSWER_FOR_PARAM) === answerFor ? data : undefined;
}

/**
 * Posts through a fetcher; `reset` clears it after each new success. `answerFor`, unique on the page, lets a
 * first visit post it as a document and still show its answer (docs/decisions/0042-hydrate-on-intent.md).
 */
export function useFetcherForm<Field extends string, Answer extends FormAnswer>(
  definition: FormDefinition<unknown, Field>,
  fetcher: Fetcher<Answer> & Typed<Answer>,
  { reset = true, answerFor }: { reset?: boolean; answerFor?: string } = {},
) {
  const pageAnswer = usePageAnswer<Answer>(answerFor);
  const form = useForm(definition, {
    answer: fetcher.data ?? pageAnswer,
    busy: fetcher.state !== "idle",
    answerFor,
  });
  useSettledAnswer(fetcher, (answer) => {
    if (reset && answer.ok) form.formRef.current?.reset();
  });
  return form;
}

/**
 * A fetcher for a component that posts to a route it can't import (RowButton): the page that renders
 * it names that route's answer. React Router's `SerializeFrom<Answer>` is `Answer` itself for plain
 * data, which TypeScript can't see while `Answer` is still a type parameter.
 */
export function useAnswerFetcher<Answer extends FormAnswer>() {
  return useFetcher<Answer>() as FetcherWithComponents<Answer> & Typed<Answer>;
}
