import type { z } from "zod";

// The one way a form is declared (docs/decisions/0024-forms.md): a zod schema from app/lib/schemas and
// how its input is read from the posted fields. The same definition checks the form in the browser
// before it is sent (app/components/form.tsx) and again in the action, so both say the same words.

/** A refused form: the first problem, and the field it is about when one is known. */
export type FormProblem = { ok: false; error: string; field: string | null };

export type Parsed<T> = { ok: true; data: T } | FormProblem;

/**
 * `Field` is the names of the form's fields (its schema's keys): the only names `useForm` takes, so a
 * misspelt field fails `tsc`. It defaults to any string for code that only parses (the actions).
 */
export type FormDefinition<Output = unknown, Field extends string = string> = {
  /** The form's input from its posted fields, checked by the schema. */
  parse(form: FormData): Parsed<Output>;
  /** Fields the person doesn't see (ids in hidden inputs): their problems show beside the button. */
  hidden: readonly Field[];
  /** Fields that may be sent more than once (link rows); the server refuses any other repeat. */
  repeatable: readonly string[];
};

/** Every value of a repeated field (link rows), as strings. */
export function values(form: FormData, name: string): string[] {
  return form.getAll(name).filter((value): value is string => typeof value === "string");
}

/** A field's value as a string ("" when missing). */
export function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/** The first message of a failed parse, and the top-level field it is about. */
export function problemOf(error: z.ZodError): FormProblem {
  const issue = error.issues[0];
  const field = issue?.path[0];
  return {
    ok: false,
    error: issue?.message ?? "Check the form.",
    field: typeof field === "string" ? field : null,
  };
}

/**
 * A form from its schema. Each key of the schema reads the field of the same name (missing reads as
 * empty, which the schemas refuse with the same words as a blank field), unless `read` gathers the
 * input itself (link rows from repeated fields).
 */
export function defineForm<S extends z.ZodObject>(
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
