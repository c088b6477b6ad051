import type { FormState } from "~/components/form";
import { inputClass } from "~/components/ui/control-classes";
import { CheckboxGroupField, RadioGroupField, TextareaField, TextField } from "~/components/ui/fields";
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
}: {
  question: IntakeQuestion;
  answer: string | string[] | undefined;
  form?: FormState<string>;
}) {
  const label = (
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
  const field = { form, name: answerField(q.id), label, description: q.help, prominent: true };
  const options = q.options ?? [];
  if (q.type === "one")
    return (
      <RadioGroupField
        {...field}
        options={options.map((option) => [option, option] as const)}
        defaultValue={typeof answer === "string" ? answer : undefined}
      />
    );
  if (q.type === "many")
    return (
      <CheckboxGroupField
        {...field}
        input={PICK_FIELD}
        options={options.map((option) => [pickValue(q.id, option), option] as const)}
        defaultValues={(Array.isArray(answer) ? answer : []).map((option) => pickValue(q.id, option))}
      />
    );
  const text = {
    ...field,
    defaultValue: typeof answer === "string" ? answer : "",
    maxLength: MAX_LENGTH[q.type],
    inputClassName: `${inputClass} w-full`,
  };
  if (q.type === "long") return <TextareaField {...text} rows={5} />;
  return (
    <TextField
      {...text}
      type={q.type === "link" ? "url" : "text"}
      inputMode={q.type === "link" ? "url" : undefined}
    />
  );
}

/** `form` marks the field a refusal names; without it (the preview) the fields are only drawn. */
export function IntakeFields({
  questions,
  answers = {},
  form,
}: {
  questions: readonly IntakeQuestion[];
  answers?: IntakeAnswers;
  form?: FormState<string>;
}) {
  return (
    <div className="grid gap-6">
      {questions.map((q) => (
        <Question key={q.id} question={q} answer={answers[q.id]} form={form} />
      ))}
    </div>
  );
}
