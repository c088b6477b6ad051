import type { z } from "zod";
import type { Viewer } from "~/domain/viewer";
import { firstError } from "~/lib/schemas/admin";
import { attempt, invalid } from "~/server/action-result.server";
import type { Db } from "~/server/db.server";

// One intent of the client page's action: the zod schema its fields must pass, and the model call it
// makes with them. Every model call takes a permit its handler asks for (`authorize`); a refusal comes back as { ok: false, error }
// with its status and changes nothing. Each handler asks for the permit its model call needs
// (`authorize`): the route's `access` declaration was enforced first; the permit is the proof.

/** What every intent works on: the database, who asks, and whose page it is. */
export type IntentContext = { db: Db; viewer: Viewer; clientId: string };

export type Intent = {
  /** Checks the posted form; a failure is a 400 naming the first problem and its field. */
  parse(form: FormData): z.ZodSafeParseResult<unknown>;
  /** The change, with the parsed fields. */
  run(input: unknown, context: IntentContext): ReturnType<typeof attempt<unknown>>;
};

/**
 * An intent from its schema and handler. The schema reads the fields named by its keys (a single
 * value each, missing as empty), unless `read` gathers them itself (repeated link rows); `fallback` is the message of
 * an unexpected failure.
 */
export function intent<S extends z.ZodObject>(spec: {
  schema: S;
  read?: (form: FormData) => Record<keyof z.input<S>, unknown>;
  handler: (input: z.output<S>, context: IntentContext) => Promise<unknown>;
  fallback?: string;
}): Intent {
  // A missing field reads as empty: the schemas give it the same message as a blank one.
  const read =
    spec.read ??
    ((form: FormData) =>
      Object.fromEntries(Object.keys(spec.schema.shape).map((key) => [key, form.get(key) ?? ""])));
  return {
    parse: (form) => spec.schema.safeParse(read(form)),
    run: (input, context) => attempt(() => spec.handler(input as z.output<S>, context), spec.fallback),
  };
}

/** Runs the intent the form names (`undefined`: none the page knows, a 400). */
export async function dispatch(entry: Intent | undefined, form: FormData, context: IntentContext) {
  if (!entry) return invalid("Unknown action.");
  const parsed = entry.parse(form);
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path[0];
    return invalid(firstError(parsed.error), typeof field === "string" ? field : undefined);
  }
  return entry.run(parsed.data, context);
}
