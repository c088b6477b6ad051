// The intake questionnaire's shape (docs/decisions/0046-intake-questionnaire.md): the coach's default set
// (app/content/intake.ts) is written in it, and app/lib/schemas/intake.ts checks it.

export const INTAKE_TYPES = ["short", "long", "one", "many", "link"] as const;
export type IntakeType = (typeof INTAKE_TYPES)[number];

/** The database's jsonb (app/server/schema.ts). `options` for "one" and "many" only; `id` stays across versions, so a draft survives an edit. */
export type IntakeQuestion = {
  id: string;
  type: IntakeType;
  label: string;
  help?: string;
  required: boolean;
  options?: string[];
};
export type IntakeAnswers = Record<string, string | string[]>;
