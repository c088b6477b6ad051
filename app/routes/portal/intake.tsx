import { useEffect, useMemo } from "react";
import { Form, redirect, type ShouldRevalidateFunctionArgs, useNavigation } from "react-router";
import { useForm } from "~/components/form";
import { forgetDraft } from "~/components/intake/draft-saver";
import { IntakeAnswersList } from "~/components/intake/intake-answers";
import { IntakeFields } from "~/components/intake/intake-fields";
import { draftStatusText, useIntakeDraft } from "~/components/intake/use-intake-draft";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { EmptyState, PortalPage } from "~/components/portal/portal-page";
import { Button } from "~/components/ui/button";
import { HeadedSection } from "~/components/ui/headed-section";
import { answerFormFor, type IntakeQuestion, intakeAnswersForm } from "~/lib/schemas/intake";
import { privateMeta } from "~/lib/seo";
import { attempt } from "~/server/action-result.server";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { actionOf } from "~/server/intents.server";
import { ownIntake, saveIntakeDraft, submitIntake } from "~/server/models/intake.server";
import { modeFor } from "~/server/models/portal-view.server";
import { portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/intake";

// "Before your first session": the client answers the coach's intake questionnaire
// (docs/decisions/0046-intake-questionnaire.md). A lead has nothing to answer: 403, no demo.

export const access = routeAccess({ loader: portal("intake.answer-own") });

export async function loader({ request, context }: Route.LoaderArgs) {
  const found = await ownIntake(await getDb(), permitFor(context, "intake.answer-own"));
  return { mode: modeFor(currentViewer(context), request, false), ...found };
}

export const action = actionOf("portal", (intent) => ({
  // Kept as they type (the page's script, debounced), or by "Save for later" without JavaScript.
  "save-draft": intent({
    permission: "intake.answer-own",
    form: intakeAnswersForm,
    handler: ({ responseId, raw }, { db, permit }) => saveIntakeDraft(db, permit, responseId, raw),
  }),
  // A refusal carries back what was sent, so a page without JavaScript shows it again, not the older draft.
  submit: intent({
    permission: "intake.answer-own",
    form: intakeAnswersForm,
    own: true,
    handler: ({ responseId, raw }, { db, permit }) =>
      attempt(
        async () => {
          await submitIntake(db, permit, responseId, raw);
          throw redirect("/intake");
        },
        "Failed to send your answers.",
        { sent: raw },
      ),
  }),
}));

/** A draft saved while typing changes nothing the page shows. */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get("intent") === "save-draft" ? false : defaultShouldRevalidate;
}

export const meta = privateMeta("Before your first session", "Your intake questionnaire.");

export default function Intake({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, open, sent, questions } = loaderData;
  const sentId = sent?.id;
  // Sent (here or on another device): the copy this browser kept while they typed goes.
  useEffect(() => {
    if (sentId) forgetDraft(() => window.localStorage, sentId);
  }, [sentId]);
  return (
    <PortalPage title="Before your first session" mode={mode}>
      {open ? (
        <IntakeForm key={open.id} open={open} questions={questions} answer={actionData} />
      ) : sent?.questions && sent.submittedAt ? (
        <HeadedSection
          id="sent-heading"
          title="Thank you — your coach has your answers"
          className="grid gap-4"
        >
          <p className="text-sm text-muted-foreground">
            Sent <LocalDateTime value={sent.submittedAt} />.
          </p>
          <IntakeAnswersList questions={sent.questions} answers={sent.answers} />
        </HeadedSection>
      ) : (
        <EmptyState>Nothing to fill in right now. Your coach will ask here if they need anything.</EmptyState>
      )}
    </PortalPage>
  );
}

type Open = NonNullable<Route.ComponentProps["loaderData"]["open"]>;

function IntakeForm({
  open,
  questions,
  answer,
}: {
  open: Open;
  questions: IntakeQuestion[];
  answer: Route.ComponentProps["actionData"];
}) {
  const definition = useMemo(() => answerFormFor(questions), [questions]);
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "submit";
  const form = useForm(definition, {
    answer: answer && "ok" in answer ? answer : undefined,
    busy: submitting,
  });
  const draft = useIntakeDraft(form.formRef, { responseId: open.id, questions, action: "/intake.data" });
  const sent = answer !== undefined && "sent" in answer ? answer.sent : null;
  const saved = answer !== undefined && "intent" in answer && answer.intent === "save-draft" && answer.ok;
  return (
    <Form
      method="post"
      ref={form.ref}
      onSubmit={form.onSubmit}
      onInput={draft.changed}
      onChange={draft.changed}
      noValidate
      className="grid max-w-2xl gap-6"
    >
      <p className="text-muted-foreground">
        A few questions so your coach can prepare for your first session. Your answers are saved as you type;
        send them when you're ready.
      </p>
      <input type="hidden" name="responseId" value={open.id} />
      <IntakeFields questions={questions} answers={sent ?? open.answers} form={form} />
      {form.message}
      <p role="status" aria-live="polite" className="min-h-5 text-sm text-muted-foreground">
        {saved ? "Saved" : draftStatusText(draft.status)}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value="submit" disabled={submitting}>
          {submitting ? "Sending…" : "Send my answers"}
        </Button>
        <Button type="submit" name="intent" value="save-draft" variant="outline" formNoValidate>
          Save for later
        </Button>
      </div>
    </Form>
  );
}
