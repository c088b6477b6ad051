import type { z } from "./schemas/zod";

// The one way a form is declared (docs/decisions/0024-forms.md): the same definition checks it in the
// browser and in the action, so both say the same words.

export type FormProblem = { ok: false; error: string; field: string | null };

export type Parsed<T> = { ok: true; data: T } | FormProblem;

/** `Field` names the form's fields (its schema's keys): `useForm` takes no other, so a misspelt one fails `tsc`. */
export type FormDefinition<Output = unknown, Field extends string = string> = {
  parse(form: FormData): Parsed<Output>;
  /** Their problems show beside the button. */
  hidden: readonly Field[];
  /** Link rows; the server refuses any other repeat. */
  repeatable: readonly string[];
};

export function values(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === "string");
}

export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

export function problemOf(error: z.core.$ZodError): FormProblem {
  const issue = error.issues[0];
  const field = issue?.path[0];
  return {
    ok: false,
    error: issue?.message ?? "Check the form.",
    field: typeof field === "string" ? field : null,
  };
}

/** Each schema key reads the field of the same name (missing reads as empty), unless `read` gathers it. */
export function defineForm<S extends z.ZodMiniObject>(
  schema: S,
  options: {
    read?: (form: FormData) => Record<keyof z.input<S>, unknown>;
    hidden?: readonly (keyof z.input<S> & string)[];
    repeatable?: readonly string[];
  } = {},
): FormDefinition<z.output<S>, keyof z.input<S> & string> {
  const read =
    options.read ??
    ((form: FormData) =>
      Object.fromEntries(Object.keys(schema.shape).map((key) => [key, form.get(key) ?? ""])));
  return {
    parse(form) {
      const parsed = schema.safeParse(read(form));
      return parsed.success ? { ok: true, data: parsed.data } : problemOf(parsed.error);
    },
    hidden: options.hidden ?? [],
    repeatable: options.repeatable ?? [],
  };
}

/** The form of an intent that reads nothing but its name (a button). */
export const noFields: FormDefinition<Record<string, never>> = {
  parse: () => ({ ok: true, data: {} }),
  hidden: [],
  repeatable: [],
};
