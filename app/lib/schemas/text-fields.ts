import { z } from "./zod";

// Free-text building blocks: each field gets a length limit and a character rule (docs/SECURITY.md,
// "Input: limits on every field, hostile input"). Controls and lone surrogates are refused: PostgreSQL
// can't store NUL, and some count as space to the database but not to trim(). The rest is stored as typed.

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]|\p{Cs}/u;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

export type TextField = {
  name: string;
  max: number;
  multiline?: boolean;
};

const tooLong = (field: TextField) =>
  `Keep ${field.name} under ${field.max.toLocaleString("en-US")} characters.`;
export const controlMessage = (field: TextField) => `Remove the control characters from ${field.name}.`;

export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(value);
}

/** Not only spaces, marks or invisible characters. */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}

const noControls = (field: TextField) =>
  z.refine<string>((v) => !hasControlCharacters(v, field.multiline), controlMessage(field));

export function boundedText(field: TextField) {
  return z.string().check(z.trim(), z.maxLength(field.max, tooLong(field)), noControls(field));
}

/** Empty, null or missing reads as null. */
export const blankAsNull = <S extends z.ZodMiniType<string | null | undefined>>(schema: S) =>
  z.pipe(
    schema,
    z.transform((v: z.output<S>) => v || null),
  );

export function optionalText(field: TextField) {
  return blankAsNull(z.nullish(boundedText(field)));
}

/** Blank or only invisible characters reads as `required`, like an empty title. */
export function requiredText(field: TextField, required: string, tooLongMessage = tooLong(field)) {
  return z
    .string({ error: required })
    .check(
      z.trim(),
      z.maxLength(field.max, tooLongMessage),
      noControls(field),
      z.refine<string>(hasVisibleText, required),
    );
}
