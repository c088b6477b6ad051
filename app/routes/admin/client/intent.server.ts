import type { Viewer } from "~/domain/viewer";
import type { FormDefinition } from "~/lib/forms";
import { attempt, invalid } from "~/server/action-result.server";
import type { Db } from "~/server/db.server";

// One intent of the client page's action: its form and its model call, which takes the permit it
// needs (docs/decisions/0026-access-declared-per-route.md). A refusal changes nothing.

export type IntentContext = { db: Db; viewer: Viewer; clientId: string };

export type Intent = {
  form: FormDefinition;
  run(input: unknown, context: IntentContext): ReturnType<typeof attempt<unknown>>;
};

/** `fallback` is the message of an unexpected failure. */
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

/** `undefined`: an intent the page doesn't know, a 400. */
export async function dispatch(entry: Intent | undefined, form: FormData, context: IntentContext) {
  if (!entry) return invalid("Unknown action.");
  const parsed = entry.form.parse(form);
  if (!parsed.ok) return invalid(parsed.error, parsed.field ?? undefined);
  return entry.run(parsed.data, context);
}
