import { Form, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { useForm } from "~/components/form";
import { QuestionnaireEditor } from "~/components/intake/questionnaire-editor";
import { questionnaireForm } from "~/lib/schemas/intake";
import { privateMeta } from "~/lib/seo";
import { getDb } from "~/server/db.server";
import { actionOf } from "~/server/intents.server";
import { currentQuestionnaire, saveQuestionnaire } from "~/server/models/intake.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/intake";

// The coach's intake questionnaire (docs/decisions/0046-intake-questionnaire.md): coach and admin both
// write it, as they both add lessons; each save is a new version and earlier answers keep their own.

export const access = routeAccess({ loader: staff("intake.manage") });

export async function loader() {
  return currentQuestionnaire(await getDb());
}

export const action = actionOf("staff", (intent) => ({
  "save-questionnaire": intent({
    permission: "intake.manage",
    form: questionnaireForm,
    handler: ({ questions }, { db, permit }) => saveQuestionnaire(db, permit, questions),
  }),
}));

export const meta = privateMeta(
  "Intake questionnaire",
  "The questions a new client answers before the first session.",
);

export default function IntakeQuestionnaire({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const form = useForm(questionnaireForm, { answer: actionData, busy });
  const saved = actionData?.ok ? actionData.value.version : null;
  return (
    <AdminPage title="Intake questionnaire">
      <p className="mt-2 max-w-3xl text-muted-foreground">
        What a new client answers before their first session. Each save is a new version: answers already sent
        keep the questions as they were asked.{" "}
        {loaderData.version === null
          ? "No version saved yet: these are the default questions."
          : `Version ${loaderData.version} is in use.`}
      </p>
      {saved !== null && (
        <p role="status" className="mt-3 text-sm font-medium">
          Saved as version {saved}.
        </p>
      )}
      <Form method="post" ref={form.ref} onSubmit={form.onSubmit} className="mt-6">
        <QuestionnaireEditor
          key={loaderData.version ?? "default"}
          initial={loaderData.questions}
          form={form}
          busy={busy}
        />
      </Form>
    </AdminPage>
  );
}
