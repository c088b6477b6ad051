import { INTAKE_TYPES, type IntakeAnswers, type IntakeQuestion, type IntakeType } from "~/domain/intake";
import type { FormDefinition, Parsed } from "../forms";
import { values } from "../forms";
import { boundedText, hasControlCharacters, hasVisibleText, requiredText } from "./text-fields";
import { z } from "./zod";

// The intake questionnaire (docs/decisions/0046-intake-questionnaire.md): what the coach may ask and what
// a client may answer. The same checks run in the browser (the editor, the client's form) and on the
// server (the save, the draft, the submission), so both say the same words.

// The shape is the domain's (content's default set is written in it); here are its checks.
export { INTAKE_TYPES, type IntakeAnswers, type IntakeQuestion, type IntakeType } from "~/domain/intake";

export const INTAKE_TYPE_LABELS: Record<IntakeType, string> = {
  short: "Short text",
  long: "Long text",
  one: "One choice",
  many: "Several choices",
  link: "A link",
};

export const INTAKE_LIMITS = {
  questions: 30,
  options: 12,
  label: 300,
  help: 500,
  option: 120,
  /** Per answer, by type. */
  short: 300,
  long: 5_000,
  link: 2_000,
  /** The questions as JSON, in the editor's one field. */
  json: 100_000,
  /** Fields the client's form may send (a box per option of "several choices"): under FORM_LIMITS.fields. */
  fields: 90,
} as const;

export const INTAKE_MESSAGES = {
  unknownType: "That question type isn't one the site knows (short, long, one, many or link).",
  notJson: "Send the questions as a JSON list.",
  required: "Answer this question.",
  notAnOption: "Choose one of the options given.",
  link: "Enter a link that starts with https:// or http://",
  notFound: "That questionnaire was not found.",
  submitted: "You've already sent your answers. Your coach has them.",
  alreadyOpen: "They already have a questionnaire waiting for answers.",
  notAClient: "Only a client can be asked to fill in the questionnaire.",
} as const;

const isChoice = (type: IntakeType) => type === "one" || type === "many";

const questionFields = z
  .strictObject({
    id: z
      .string()
      .check(z.regex(/^[a-z0-9][a-z0-9-]{0,39}$/, "Each question needs a short id (a-z, 0-9, -).")),
    type: z.enum(INTAKE_TYPES, { error: INTAKE_MESSAGES.unknownType }),
    label: requiredText({ name: "the question", max: INTAKE_LIMITS.label }, "Write the question."),
    help: z.optional(boundedText({ name: "the help text", max: INTAKE_LIMITS.help, multiline: true })),
    required: z.boolean({ error: "Say whether the question is required." }),
    options: z.optional(
      z
        .array(
          requiredText(
            { name: "an option", max: INTAKE_LIMITS.option },
            "Fill in or remove the empty option.",
          ),
        )
        .check(z.maxLength(INTAKE_LIMITS.options, `At most ${INTAKE_LIMITS.options} options.`)),
    ),
  })
  .check(
    z.superRefine((q, ctx) => {
      const options = q.options ?? [];
      if (isChoice(q.type) && options.length < 2)
        ctx.addIssue({ code: "custom", message: "A choice needs at least two options." });
      if (new Set(options).size !== options.length)
        ctx.addIssue({ code: "custom", message: "Each option must be different." });
    }),
  );

const questionSchema = z.pipe(
  questionFields,
  // Options only where they mean something; no empty help.
  z.transform((q: z.output<typeof questionFields>): IntakeQuestion => {
    const { help, options, ...rest } = q;
    return { ...rest, ...(help ? { help } : {}), ...(isChoice(q.type) ? { options: options ?? [] } : {}) };
  }),
);

export const questionnaireSchema = z.array(questionSchema).check(
  z.minLength(1, "Keep at least one question."),
  z.maxLength(INTAKE_LIMITS.questions, `At most ${INTAKE_LIMITS.questions} questions.`),
  z.superRefine((questions, ctx) => {
    if (new Set(questions.map((q) => q.id)).size !== questions.length)
      ctx.addIssue({ code: "custom", message: "Two questions have the same id." });
    if (fieldCount(questions) > INTAKE_LIMITS.fields)
      ctx.addIssue({
        code: "custom",
        message: `Too many answer boxes (at most ${INTAKE_LIMITS.fields}): remove some options or questions.`,
      });
  }),
);

/** What the client's form sends: one field per question, one per option ticked of "several choices". */
function fieldCount(questions: readonly IntakeQuestion[]): number {
  return questions.reduce((n, q) => n + (q.type === "many" ? (q.options?.length ?? 0) : 1), 2);
}

/** "Question 3: Write the question." — the editor's list has no field per question to mark. */
function questionnaireProblem(error: z.core.$ZodError): string {
  const issue = error.issues[0];
  const index = issue?.path[0];
  const message = issue?.message ?? "Check the questions.";
  return typeof index === "number" ? `Question ${index + 1}: ${message}` : message;
}

export function checkQuestionnaire(input: unknown): Parsed<IntakeQuestion[]> {
  const parsed = questionnaireSchema.safeParse(input);
  return parsed.success
    ? { ok: true, data: parsed.data }
    : { ok: false, error: questionnaireProblem(parsed.error), field: "questions" };
}

/** The editor sends its questions as JSON in one field. */
export const questionnaireForm: FormDefinition<{ questions: IntakeQuestion[] }, "questions"> = {
  parse(form) {
    const raw = form.get("questions");
    if (typeof raw !== "string" || raw.length > INTAKE_LIMITS.json)
      return { ok: false, error: INTAKE_MESSAGES.notJson, field: "questions" };
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { ok: false, error: INTAKE_MESSAGES.notJson, field: "questions" };
    }
    const checked = checkQuestionnaire(json);
    return checked.ok ? { ok: true, data: { questions: checked.data } } : checked;
  },
  // A hidden input: its problem shows beside the button, as no input a person sees can carry it.
  hidden: ["questions"],
  repeatable: [],
};

// ── Answers ─────────────────────────────────────────────────────────────────────────────────────

/** The field of a question's answer; "several choices" sends `pick` = `<id>:<option>` per box ticked. */
export const answerField = (id: string) => `q.${id}`;
export const PICK_FIELD = "pick";
export const pickValue = (id: string, option: string) => `${id}:${option}`;

/** The answers as sent, not yet checked against any questions. */
export function readAnswers(form: FormData): Record<string, string | string[]> {
  const raw: Record<string, string | string[]> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && name.startsWith("q.")) raw[name.slice(2)] = value;
  }
  for (const pick of values(form, PICK_FIELD)) {
    const at = pick.indexOf(":");
    if (at < 1) continue;
    const id = pick.slice(0, at);
    const had = raw[id];
    raw[id] = [...(Array.isArray(had) ? had : []), pick.slice(at + 1)];
  }
  return raw;
}

const TEXT_RULES = {
  short: { max: INTAKE_LIMITS.short, multiline: false },
  long: { max: INTAKE_LIMITS.long, multiline: true },
  link: { max: INTAKE_LIMITS.link, multiline: false },
} as const;

type Checked = { ok: true; data: IntakeAnswers } | { ok: false; error: string; field: string };

/**
 * Answers against the questions they answer: each within its type's limit, choices among the options,
 * and `complete` (a submission) also wants every required one and links http(s) only: a draft keeps a
 * half-typed link as typed, so one unfinished field never costs the others their save. Answers to questions no
 * longer asked are dropped; empty ones are left out. Text is kept as typed (shown escaped, never as HTML).
 */
export function checkAnswers(
  questions: readonly IntakeQuestion[],
  raw: Readonly<Record<string, unknown>>,
  { complete }: { complete: boolean },
): Checked {
  const answers: IntakeAnswers = {};
  for (const q of questions) {
    const field = answerField(q.id);
    const problem = (error: string): Checked => ({ ok: false, error, field });
    const value = Object.hasOwn(raw, q.id) ? raw[q.id] : undefined;
    if (q.type === "many") {
      const picked = value === undefined ? [] : Array.isArray(value) ? value : [value];
      if (!picked.every((p) => typeof p === "string" && q.options?.includes(p)))
        return problem(INTAKE_MESSAGES.notAnOption);
      // In the order the coach wrote them, each once.
      const kept = (q.options ?? []).filter((option) => picked.includes(option));
      if (kept.length > 0) answers[q.id] = kept;
      else if (complete && q.required) return problem(INTAKE_MESSAGES.required);
      continue;
    }
    if (value !== undefined && typeof value !== "string") return problem("Send one answer to this question.");
    const text = (value ?? "").trim();
    if (text === "" || (q.type !== "one" && !hasVisibleText(text))) {
      if (complete && q.required) return problem(INTAKE_MESSAGES.required);
      continue;
    }
    if (q.type === "one") {
      if (!q.options?.includes(text)) return problem(INTAKE_MESSAGES.notAnOption);
    } else {
      const rule = TEXT_RULES[q.type];
      if (text.length > rule.max)
        return problem(`Keep this answer under ${rule.max.toLocaleString("en-US")} characters.`);
      if (hasControlCharacters(text, rule.multiline)) return problem("Remove the control characters.");
      if (complete && q.type === "link" && !/^https?:\/\/\S+$/i.test(text))
        return problem(INTAKE_MESSAGES.link);
    }
    answers[q.id] = text;
  }
  return { ok: true, data: answers };
}

/** The client's form in the browser: the same check the server gives a submission, or a draft. */
export function answerFormFor(questions: readonly IntakeQuestion[]): FormDefinition<IntakeAnswers> {
  return {
    parse: (form) =>
      checkAnswers(questions, readAnswers(form), { complete: form.get("intent") !== "save-draft" }),
    hidden: [],
    repeatable: [PICK_FIELD],
  };
}

const responseId = z.uuid({ error: INTAKE_MESSAGES.notFound });

/** The server's reading of a draft or a submission: which request, and the answers as sent. */
export const intakeAnswersForm: FormDefinition<{
  responseId: string;
  raw: Record<string, string | string[]>;
}> = {
  parse(form) {
    const id = responseId.safeParse(form.get("responseId"));
    if (!id.success) return { ok: false, error: INTAKE_MESSAGES.notFound, field: null };
    return { ok: true, data: { responseId: id.data, raw: readAnswers(form) } };
  },
  hidden: [],
  repeatable: [PICK_FIELD],
};

/** An answer as the coach reads it. */
export function answerText(answer: string | string[] | undefined): string {
  if (answer === undefined || answer.length === 0) return "";
  return Array.isArray(answer) ? answer.join(", ") : answer;
}
