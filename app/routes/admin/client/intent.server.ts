import type { Viewer } from "~/domain/viewer";
import type { FormDefinition } from "~/lib/forms";
import { attempt, invalid } from "~/server/action-result.server";
import type { Db } from "~/server/db.server";

// One intent of the client page's action: the form it reads (its definition in app/lib/schemas, the
// same the browser checks before sending), and the model call it makes with it. Each handler asks for
// the permit its model call needs (`authorize`): the route's `access` declaration was enforced first;
// the permit is the proof. A refusal comes back as { ok: false, error } with its status and changes nothing.

/** What every intent works on: the database, who asks, and whose page it is. */
export type IntentContext = { db: Db; viewer: Viewer; clientId: string };

export type Intent = {
  form: FormDefinition;
  /** The change, with the parsed fields. */
  run(input: unknown, context: IntentContext): ReturnType<typeof attempt<unknown>>;
};

/** An intent from its form and handler; `fallback` is the message of an unexpected failure. */
export function intent<T>(spec: {
  form: FormDefinition<T>;
  handler: (input: T, context: IntentContext) => Promise<unknown>;
  fallback?: string;
}): Intent {
  return {
    form: spec.form,
    run: (input, context) => attempt(() => spec.handler(input as T, context), spec.fallback),
  };
}

/** Runs the intent the form names (`undefined`: none the page knows, a 400). */
export async function dispatch(entry: Intent | undefined, form: FormData, context: IntentContext) {
  if (!entry) return invalid("Unknown action.");
  const parsed = entry.form.parse(form);
  if (!parsed.ok) return invalid(parsed.error, parsed.field ?? undefined);
  return entry.run(parsed.data, context);
}
