import { z } from "zod";

// The building blocks every form schema uses for free text, so each field has a length limit and a
// character rule checked on the server with a message naming the field.
//
// Refused everywhere: C0 controls (except tab, line feed and carriage return in multi-line fields),
// DEL, C1 controls and lone surrogates. PostgreSQL cannot store NUL in text or jsonb (a 500 before
// this rule), no keyboard types the others, and some (U+0085) count as space to the database but not
// to JavaScript's trim(). Everything else (markup, odd but valid Unicode: RTL marks, zero-width
// characters, combining marks, emoji) is stored as typed and rendered as text.

// Zod compiles object parsers with `new Function`, probing for it when a schema is built; these
// schemas also load in the browser (for their limits), where the script policy forbids eval and the
// probe shows up as a violation report on every page. The interpreted path is the same validation.
z.config({ jitless: true });

// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_MULTILINE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL_SINGLE_LINE = /[\u0000-\u001f\u007f-\u009f]|\p{Cs}/u;
/** A character someone can see: a letter, digit, punctuation mark or symbol (emoji included). */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

export type TextField = {
  /** How a message names the field: "the title", "the notes", "a link label". */
  name: string;
  max: number;
  /** Line breaks (and tabs) are allowed inside the text: notes, details, descriptions. */
  multiline?: boolean;
};

const tooLong = (field: TextField) =>
  `Keep ${field.name} under ${field.max.toLocaleString("en-US")} characters.`;
export const controlMessage = (field: TextField) => `Remove the control characters from ${field.name}.`;

/** True when the text holds a character the control rule refuses. */
export function hasControlCharacters(value: string, multiline = false): boolean {
  return (multiline ? CONTROL_MULTILINE : CONTROL_SINGLE_LINE).test(value);
}

/** True when the text has at least one visible character (not only spaces, marks or invisible ones). */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}

/** Trimmed text within the field's length, with no control characters (may be empty). */
export function boundedText(field: TextField) {
  return z
    .string()
    .trim()
    .max(field.max, tooLong(field))
    .refine((v) => !hasControlCharacters(v, field.multiline), controlMessage(field));
}

/** Optional free text: missing or blank → null. */
export function optionalText(field: TextField) {
  return boundedText(field)
    .nullish()
    .transform((v) => v || null);
}

/**
 * Required text (a title): `required` when missing, blank or made only of invisible characters
 * (zero-width spaces, combining marks), the same message as the spec's for an empty title.
 */
export function requiredText(field: TextField, required: string, tooLongMessage = tooLong(field)) {
  return z
    .string({ error: required })
    .trim()
    .max(field.max, tooLongMessage)
    .refine((v) => !hasControlCharacters(v, field.multiline), controlMessage(field))
    .refine(hasVisibleText, required);
}
