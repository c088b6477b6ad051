import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import type { FormDefinition, FormProblem } from "~/lib/forms";

// Every form works the same way: docs/decisions/0024-forms.md.

export type FormAnswer = { ok: boolean; error?: string | null; field?: string | null };

type Fetcher<T> = { state: "idle" | "loading" | "submitting"; data: T | undefined };

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

function Problem({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="text-sm text-danger">
      {children}
    </p>
  );
}

function answerProblem(answer: FormAnswer | undefined): FormProblem | null {
  if (answer?.ok !== false || !answer.error) return null;
  return { ok: false, error: answer.error, field: answer.field ?? null };
}

/** Spread `onSubmit` and `ref` on the form and `field(name)` on each input; `error(name)` and `message` go beside them. */
export function useForm(
  definition: FormDefinition,
  server: { answer: FormAnswer | undefined; busy: boolean },
) {
  const uid = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [checked, setChecked] = useState<FormProblem | null>(null);
  const problem = checked ?? (server.busy ? null : answerProblem(server.answer));
  const besideField = problem?.field && !definition.hidden.includes(problem.field) ? problem.field : null;
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
    field(name: string, input = name) {
      const invalid = besideField === name;
      return {
        name: input,
        "data-field": name,
        "aria-invalid": invalid ? true : undefined,
        "aria-describedby": invalid ? errorId(name) : undefined,
      };
    },
    error(name: string): ReactNode {
      return besideField === name && problem ? <Problem id={errorId(name)}>{problem.error}</Problem> : null;
    },
    message: problem && !besideField ? <Problem id={`${uid}-message`}>{problem.error}</Problem> : null,
  };
}

/** Posts through a fetcher; `reset` clears it after each new success. */
export function useFetcherForm(
  definition: FormDefinition,
  fetcher: Fetcher<unknown>,
  { reset = true }: { reset?: boolean } = {},
) {
  const form = useForm(definition, {
    answer: fetcher.data as FormAnswer | undefined,
    busy: fetcher.state !== "idle",
  });
  useSettledAnswer(fetcher, (answer) => {
    if (reset && (answer as FormAnswer).ok) form.formRef.current?.reset();
  });
  return form;
}
