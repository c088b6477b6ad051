import { useEffect, useRef, useState } from "react";
import type { FormState } from "~/components/form";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/control-classes";
import { CheckboxField, SelectField, TextField } from "~/components/ui/fields";
import { HeadedSection } from "~/components/ui/headed-section";
import {
  INTAKE_LIMITS,
  INTAKE_TYPE_LABELS,
  INTAKE_TYPES,
  type IntakeQuestion,
  type IntakeType,
} from "~/lib/schemas/intake";
import { IntakeFields } from "./intake-fields";

// The coach's questions (docs/decisions/0046-intake-questionnaire.md): each control is a button or a field,
// so the whole list is edited and reordered with the keyboard; the preview draws the client's component.

const newId = () => `q-${Math.random().toString(36).slice(2, 8)}`;

function move<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

const isChoice = (type: IntakeType) => type === "one" || type === "many";

function QuestionEditor({
  question: q,
  index,
  count,
  change,
  moveTo,
  remove,
}: {
  question: IntakeQuestion;
  index: number;
  count: number;
  change: (next: IntakeQuestion) => void;
  moveTo: (to: number) => void;
  remove: () => void;
}) {
  const n = index + 1;
  const options = q.options ?? [];
  const setOptions = (next: string[]) => change({ ...q, options: next });
  // A move to the top or bottom disables the button pressed, which drops the keyboard's focus to the page:
  // once moved, focus stays on that button, or on the other move button when this one is now disabled.
  const up = useRef<HTMLButtonElement>(null);
  const down = useRef<HTMLButtonElement>(null);
  const moved = useRef<"up" | "down" | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the question's place changed.
  useEffect(() => {
    const way = moved.current;
    if (!way) return;
    moved.current = null;
    const [pressed, other] = way === "up" ? [up.current, down.current] : [down.current, up.current];
    (pressed && !pressed.disabled ? pressed : other)?.focus();
  }, [index]);
  const moveBy = (way: "up" | "down") => {
    moved.current = way;
    moveTo(way === "up" ? index - 1 : index + 1);
  };
  return (
    <li className="grid gap-3 rounded-xl border border-border bg-card p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">Question {n}</h3>
        <div className="flex flex-wrap gap-2">
          <Button
            type="button"
            variant="outline"
            size="xs"
            ref={up}
            disabled={index === 0}
            onClick={() => moveBy("up")}
            aria-label={`Move question ${n} up`}
          >
            Up
          </Button>
          <Button
            type="button"
            variant="outline"
            size="xs"
            ref={down}
            disabled={index === count - 1}
            onClick={() => moveBy("down")}
            aria-label={`Move question ${n} down`}
          >
            Down
          </Button>
          <Button
            type="button"
            variant="danger-outline"
            size="xs"
            disabled={count === 1}
            onClick={remove}
            aria-label={`Remove question ${n}`}
          >
            Remove
          </Button>
        </div>
      </div>
      <TextField
        label={`Question ${n}`}
        value={q.label}
        maxLength={INTAKE_LIMITS.label}
        onChange={(e) => change({ ...q, label: e.target.value })}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          label="Answer"
          value={q.type}
          onChange={(e) => {
            const type = e.target.value as IntakeType;
            change({
              ...q,
              type,
              options: isChoice(type) ? (options.length ? options : ["", ""]) : undefined,
            });
          }}
          options={INTAKE_TYPES.map((type) => [type, INTAKE_TYPE_LABELS[type]] as const)}
        />
        <CheckboxField
          label="Required"
          checked={q.required}
          onChange={(e) => change({ ...q, required: e.target.checked })}
          className="self-end pb-2"
        />
      </div>
      <TextField
        label="Help text (optional)"
        value={q.help ?? ""}
        maxLength={INTAKE_LIMITS.help}
        onChange={(e) => change({ ...q, help: e.target.value })}
      />
      {isChoice(q.type) && (
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium">Options</legend>
          {options.map((option, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: two options may be typed the same until saved
            <div key={i} className="flex gap-2">
              {/* w-0: the field's own width would hold the row wider than a phone; flex-1 fills the row. */}
              <input
                aria-label={`Question ${n}, option ${i + 1}`}
                value={option}
                maxLength={INTAKE_LIMITS.option}
                onChange={(e) => setOptions(options.map((o, j) => (j === i ? e.target.value : o)))}
                className={`${inputClass} w-0 min-w-0 flex-1`}
              />
              <Button
                type="button"
                variant="outline"
                size="field"
                onClick={() => setOptions(options.filter((_, j) => j !== i))}
                aria-label={`Remove option ${i + 1} of question ${n}`}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button
            type="button"
            variant="outline"
            size="xs"
            className="justify-self-start"
            disabled={options.length >= INTAKE_LIMITS.options}
            onClick={() => setOptions([...options, ""])}
          >
            Add an option to question {n}
          </Button>
        </fieldset>
      )}
    </li>
  );
}

/** The list being edited, posted whole as JSON in `questions`; the server checks it again. */
export function QuestionnaireEditor({
  initial,
  form,
  busy,
}: {
  initial: readonly IntakeQuestion[];
  form: FormState<"questions">;
  busy: boolean;
}) {
  const [questions, setQuestions] = useState<IntakeQuestion[]>(() => [...initial]);
  const add = () =>
    setQuestions((list) => [...list, { id: newId(), type: "short", label: "", required: false }]);
  return (
    <div className="grid gap-8 lg:grid-cols-2">
      {/* A heading of its own, so each question's h3 sits under an h2 as the preview's side does. */}
      <HeadedSection id="questions-heading" title="Questions" className="grid content-start gap-4">
        <input type="hidden" {...form.field("questions")} value={JSON.stringify(questions)} />
        <ol className="grid gap-4">
          {questions.map((q, index) => (
            <QuestionEditor
              key={q.id}
              question={q}
              index={index}
              count={questions.length}
              change={(next) => setQuestions((list) => list.map((item) => (item.id === q.id ? next : item)))}
              moveTo={(to) => setQuestions((list) => move(list, index, to))}
              remove={() => setQuestions((list) => list.filter((item) => item.id !== q.id))}
            />
          ))}
        </ol>
        <div className="flex flex-wrap gap-3">
          <Button
            type="button"
            variant="outline"
            onClick={add}
            disabled={questions.length >= INTAKE_LIMITS.questions}
          >
            Add a question
          </Button>
          <Button type="submit" name="intent" value="save-questionnaire" disabled={busy}>
            {busy ? "Saving…" : "Save as a new version"}
          </Button>
        </div>
        {form.error("questions")}
        {form.message}
      </HeadedSection>
      <HeadedSection id="preview-heading" title="Preview" className="grid content-start gap-3">
        <p className="text-sm text-muted-foreground">
          Exactly what a client sees (the fields here do nothing).
        </p>
        <fieldset disabled className="rounded-xl border border-dashed border-border p-4" aria-label="Preview">
          <IntakeFields questions={questions} />
        </fieldset>
      </HeadedSection>
    </div>
  );
}
