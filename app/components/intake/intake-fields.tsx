import type { FormState } from "~/components/form";
import { inputClass } from "~/components/ui/control-classes";
import {
  answerField,
  INTAKE_LIMITS,
  type IntakeAnswers,
  type IntakeQuestion,
  PICK_FIELD,
  pickValue,
} from "~/lib/schemas/intake";

// The questions exactly as a client sees them: the client's form and the coach's preview draw this one
// component (docs/decisions/0046-intake-questionnaire.md). Answers are plain text in React's escaping.

const MAX_LENGTH = {
  short: INTAKE_LIMITS.short,
  long: INTAKE_LIMITS.long,
  link: INTAKE_LIMITS.link,
} as const;

function Question({
  question: q,
  answer,
  form,
  prefix,
}: {
  question: IntakeQuestion;
  answer: string | string[] | undefined;
  form?: FormState<string>;
  prefix: string;
}) {
  const name = answerField(q.id);
  const inputId = `${prefix}-${q.id}`;
  const helpId = q.help ? `${inputId}-help` : undefined;
  const field = form?.field(name) ?? {
    name,
    "data-field": name,
    "aria-invalid": undefined,
    "aria-describedby": undefined,
  };
  const describedBy = [helpId, field["aria-describedby"]].filter(Boolean).join(" ") || undefined;
  const labelText = (
    <>
      {q.label}
      {q.required ? (
        <span className="text-danger">
          {" "}
          <span aria-hidden="true">*</span>
          <span className="sr-only">(required)</span>
        </span>
      ) : (
        <span className="font-normal text-muted-foreground"> (optional)</span>
      )}
    </>
  );
  const help = q.help ? (
    <p id={helpId} className="text-sm text-muted-foreground">
      {q.help}
    </p>
  ) : null;

  if (q.type === "one" || q.type === "many") {
    const picked = Array.isArray(answer) ? answer : answer ? [answer] : [];
    return (
      <fieldset className="grid gap-2" aria-describedby={describedBy}>
        <legend className="font-medium">{labelText}</legend>
        {help}
        <div className="grid gap-1.5">
          {(q.options ?? []).map((option, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the editor's preview may hold two options alike (a new choice starts with two empty ones); the place is the option
            <label key={i} className="flex items-start gap-2">
              <input
                type={q.type === "one" ? "radio" : "checkbox"}
                {...(i === 0 ? field : {})}
                name={q.type === "one" ? name : PICK_FIELD}
                value={q.type === "one" ? option : pickValue(q.id, option)}
                defaultChecked={picked.includes(option)}
                className="mt-1"
              />
              <span>{option}</span>
            </label>
          ))}
        </div>
        {form?.error(name)}
      </fieldset>
    );
  }
  const common = {
    ...field,
    id: inputId,
    defaultValue: typeof answer === "string" ? answer : "",
    maxLength: MAX_LENGTH[q.type],
    "aria-describedby": describedBy,
    className: `${inputClass} w-full`,
  };
  return (
    <div className="grid gap-1.5">
      <label htmlFor={inputId} className="font-medium">
        {labelText}
      </label>
      {help}
      {q.type === "long" ? (
        <textarea {...common} rows={5} />
      ) : (
        <input
          {...common}
          type={q.type === "link" ? "url" : "text"}
          inputMode={q.type === "link" ? "url" : undefined}
        />
      )}
      {form?.error(name)}
    </div>
  );
}

/** `form` marks the field a refusal names; without it (the preview) the fields are only drawn. */
export function IntakeFields({
  questions,
  answers = {},
  form,
  prefix = "intake",
}: {
  questions: readonly IntakeQuestion[];
  answers?: IntakeAnswers;
  form?: FormState<string>;
  /** Keeps ids apart when the preview and another form share a page. */
  prefix?: string;
}) {
  return (
    <div className="grid gap-6">
      {questions.map((q) => (
        <Question key={q.id} question={q} answer={answers[q.id]} form={form} prefix={prefix} />
      ))}
    </div>
  );
}
