import type { ComponentProps, ReactNode } from "react";
import { type FetcherWithComponents, Form } from "react-router";
import { type FormAnswer, type FormState, useAnswerFetcher, useFetcherForm } from "~/components/form";
import { type FormDefinition, noFields } from "~/lib/forms";
import { Button } from "./button";

// The form that posts one intent through a fetcher, built on useForm (docs/decisions/0024-forms.md): the
// hidden fields naming what it acts on, its own content (a question, fields), then the button, whose words
// change while it posts, and the form's message. Without JavaScript it posts as a page, as any form does.

const FOOTER = "flex flex-wrap items-center gap-3 sm:col-span-2";

type ButtonLook = Omit<ComponentProps<typeof Button>, "type" | "disabled" | "children" | "form">;

/** The submit button of a useForm form: unavailable, with its busy words, while the form posts. */
export function SubmitButton<F extends string>({
  form,
  submit,
  busy = submit,
  ...look
}: ButtonLook & { form: FormState<F>; submit: ReactNode; busy?: ReactNode }) {
  return (
    <Button type="submit" {...look} disabled={form.saving}>
      {form.saving ? busy : submit}
    </Button>
  );
}

export type IntentFormProps<F extends string, Answer> = {
  /** None: the form posts as the page (React Router's Form, its answer the page's action data). */
  fetcher?: Pick<FetcherWithComponents<Answer>, "Form">;
  form: FormState<F>;
  /** The posted `intent`, where the action serves several. */
  intent?: string;
  /** More hidden fields, by name: what the form acts on (`{ interviewId: id }`). */
  hidden?: Readonly<Record<string, string>>;
  className?: string;
  /** The button's words; none where the content places its own button (SubmitButton). */
  submit?: ReactNode;
  /** Its words while the form posts; its words otherwise when none. */
  busy?: ReactNode;
  button?: ButtonLook;
  /**
   * The button, the message and what follows on a line of their own: `true` under a two-column grid of
   * fields (sm:col-span-2), or that line's own classes.
   */
  footer?: boolean | string;
  /** What stands after the message (a saved note). */
  after?: ReactNode;
  children?: ReactNode;
  action?: string;
  encType?: "multipart/form-data";
};

export function IntentForm<F extends string, Answer>({
  fetcher,
  form,
  intent,
  hidden = {},
  className,
  submit,
  busy,
  button,
  footer,
  after,
  children,
  ...formProps
}: IntentFormProps<F, Answer>) {
  const end = submit !== undefined && (
    <>
      <SubmitButton form={form} submit={submit} busy={busy} {...button} />
      {form.message}
      {after}
    </>
  );
  const Posted = fetcher?.Form ?? Form;
  return (
    <Posted
      method="post"
      {...formProps}
      ref={form.formRef}
      onSubmit={form.onSubmit}
      className={className}
      data-answer-for={form.answerFor}
    >
      {intent && <input type="hidden" name="intent" value={intent} />}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      {end && footer ? <div className={footer === true ? FOOTER : footer}>{end}</div> : end}
    </Posted>
  );
}

/**
 * An IntentForm with its own fetcher and useForm: a row's delete, a question folded under its summary.
 * `Answer` is the action's answer, named by the page that renders it (a component can't import the
 * routes); the content may be drawn from the form, for its fields.
 */
type ActionFormProps<Answer, F extends string> = Omit<
  IntentFormProps<F, Answer>,
  "fetcher" | "form" | "children"
> & {
  /** What the form posts, checked before it goes; none: nothing but its hidden fields. */
  definition?: FormDefinition<unknown, F>;
  children?: ReactNode | ((form: FormState<F>) => ReactNode);
};

export function ActionForm<Answer extends FormAnswer, F extends string = never>({
  definition = noFields as unknown as FormDefinition<unknown, F>,
  children,
  ...props
}: ActionFormProps<Answer, F>) {
  const fetcher = useAnswerFetcher<Answer>();
  const form = useFetcherForm(definition, fetcher);
  return (
    <IntentForm fetcher={fetcher} form={form} {...props}>
      {typeof children === "function" ? children(form) : children}
    </IntentForm>
  );
}

/** A delete's ActionForm: every delete's button is drawn as a danger and says "Deleting…" while it posts. */
export function DeleteForm<Answer extends FormAnswer, F extends string = never>({
  button,
  ...props
}: Omit<ActionFormProps<Answer, F>, "busy">) {
  return (
    <ActionForm<Answer, F> {...props} busy="Deleting…" button={{ variant: "danger-outline", ...button }} />
  );
}
