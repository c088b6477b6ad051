import type { ActionFunctionArgs } from "react-router";
import type { Action } from "~/domain/policy";
import type { FormDefinition, FormProblem } from "~/lib/forms";
import { attempt, invalid, readForm } from "./action-result.server";
import { currentViewer } from "./auth/context.server";
import { type Db, getDb } from "./db.server";
import { unlessDatabaseIsDown } from "./outage.server";
import { authorize, type Permit } from "./policy.server";
import { isRefusal, type RefusalOf, refusal } from "./refusal.server";
import type { Guard, Handler, IntentAccess } from "./route-access";

// An action that dispatches on the form field `intent` is a table of intents, each declared once: its
// guard and permission (what app/server/auth/access.server.ts enforces before the action runs, read from
// the action itself), the form it reads, and its handler, which gets the parsed input and the permit.
// docs/decisions/0039-intents-declared-once.md.

type Args = ActionFunctionArgs;

/** The permit of an intent that names a permission; none for a public one (sign-in). */
type PermitOf<P> = P extends Action ? Permit<P> : null;

/** What a handler works with besides its input: the database, the route's context, its permit, the post. */
export type IntentTools<C, P> = C & { db: Db; permit: PermitOf<P>; form: FormData; args: Args };

/** One intent, ready for `intentAction`; `A` is its answer. */
export type Intent<C, A = unknown> = {
  readonly access: Handler;
  readonly form: FormDefinition<unknown>;
  run(form: FormData, args: Args, context: C): Promise<A>;
};

type Spec<C, P extends Action | undefined, T, R> = {
  /** The POLICY action the intent needs (none: anyone its guard lets through). */
  permission?: P;
  form: FormDefinition<T>;
  handler: (input: T, tools: IntentTools<C, P>) => Promise<R>;
  /** The message of an unexpected failure (logged, 500). */
  fallback?: string;
};

type Standard<R> = Awaited<ReturnType<typeof attempt<R>>> | ReturnType<typeof invalid>;

/**
 * The intents of one action, all behind `guard`, all given the route's context `C`. The standard answer:
 * the form's first problem as a 400, a model's refusal with its status, else `{ ok: true, value }`.
 * `own` instead takes the handler's answer as it is (the handler answers refusals itself), and
 * `refused` answers a form that fails its check.
 */
export function intentsOn<C extends object = object>(guard: Guard) {
  function make<
    const P extends Action | undefined,
    T,
    R,
    const O extends boolean = false,
    F = ReturnType<typeof invalid>,
  >(
    spec: Spec<C, P, T, R> & { own?: O; refused?: (problem: FormProblem, form: FormData) => F },
    // NoInfer: the answer comes from the handler, not from where the intent is used.
  ): NoInfer<Intent<C, (O extends true ? R : Standard<R>) | F>> {
    const access: Handler = spec.permission ? { access: guard, policy: spec.permission } : { access: guard };
    return {
      access,
      form: spec.form as FormDefinition<unknown>,
      async run(form, args, context) {
        const parsed = spec.form.parse(form);
        if (!parsed.ok)
          return spec.refused ? spec.refused(parsed, form) : invalid(parsed.error, parsed.field ?? undefined);
        const permit = (
          spec.permission ? authorize(currentViewer(args.context), spec.permission) : null
        ) as PermitOf<P>;
        const db = await unlessDatabaseIsDown(getDb);
        const work = () => spec.handler(parsed.data, { ...context, db, permit, form, args });
        return spec.own ? work() : attempt(work, spec.fallback);
      },
    } as Intent<C, (O extends true ? R : Standard<R>) | F>;
  }
  return make;
}

type AnswerOf<I> = I extends Intent<never, infer A> ? A : never;

/** An answer names the intent it answers, so a page with several forms shows it beside the right one. */
type Tagged<A, K extends string> = A extends Response
  ? A
  : A extends RefusalOf<infer B>
    ? RefusalOf<B & { intent: K }>
    : A extends object
      ? A & { intent: K }
      : A;

type AnswersOf<I> = { [K in keyof I & string]: Tagged<AnswerOf<I[K]>, K> }[keyof I & string];

function tag(answer: unknown, intent: string): unknown {
  if (isRefusal(answer)) return refusal({ ...(answer.data as object), intent }, answer.init ?? {});
  // Plain answers only: a redirect or anything else with a class of its own passes as it is.
  const plain =
    typeof answer === "object" && answer !== null && Object.getPrototypeOf(answer) === Object.prototype;
  return plain ? { ...answer, intent } : answer;
}

/** An action with its declaration attached: the access middleware and the authorization matrix read it. */
/** With a default intent every post runs one, so "Unknown action." is no answer it gives. */
type Unknown<D> = [D] extends [never] ? ReturnType<typeof invalid> : never;

export type IntentAction<I, B = never, D = never> = ((
  args: Args,
) => Promise<AnswersOf<I> | Unknown<D> | B>) & {
  readonly access: IntentAccess;
};

/**
 * The route's action: reads the post (bounded, repeats only where a form allows them), runs the intent it
 * names — or `default` when it names none the route knows; without a default, "Unknown action." (400).
 * Every answer but a redirect carries `intent`, the name of the intent that gave it.
 * `before` may answer first (the sign-in page counts every start).
 */
export function intentAction<
  C extends object,
  const I extends Record<string, Intent<C>>,
  B = never,
  const D extends keyof I & string = never,
>(spec: {
  intents: I;
  default?: D;
  /** What every intent works on besides the database, from the request and the post. */
  context?: (args: Args, form: FormData) => C | Promise<C>;
  before?: (args: Args) => Promise<B | undefined>;
}): IntentAction<I, B, D> {
  const entries = Object.entries(spec.intents) as [string, Intent<C>][];
  const repeatable = [...new Set(entries.flatMap(([, entry]) => entry.form.repeatable))];
  const access: IntentAccess = {
    intents: Object.fromEntries(entries.map(([name, entry]) => [name, entry.access])),
    ...(spec.default ? { default: spec.default } : {}),
  };
  const action = async (args: Args) => {
    const early = await spec.before?.(args);
    if (early !== undefined) return early;
    const form = await readForm(args.request, { repeatable });
    const named = form.get("intent");
    const name = typeof named === "string" && Object.hasOwn(spec.intents, named) ? named : spec.default;
    const entry = name === undefined ? undefined : spec.intents[name];
    if (name === undefined || !entry) return invalid("Unknown action.");
    return tag(await entry.run(form, args, ((await spec.context?.(args, form)) ?? {}) as C), name);
  };
  return Object.assign(action, { access }) as IntentAction<I, B, D>;
}

/**
 * The usual action: every intent behind one guard and no route context, each made by `intent`
 * (`intentsOn(guard)`): `actionOf("staff", (intent) => ({ "save-x": intent({ … }) }))`.
 */
export function actionOf<
  const I extends Record<string, Intent<object>>,
  const D extends keyof I & string = never,
>(
  guard: Guard,
  build: (intent: ReturnType<typeof intentsOn<object>>) => I,
  options: { default?: D } = {},
): IntentAction<I, never, D> {
  return intentAction<object, I, never, D>({ intents: build(intentsOn(guard)), ...options });
}
