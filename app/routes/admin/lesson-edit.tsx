import { data, redirect } from "react-router";
import { BackLink } from "~/components/admin/back-link";
import { LessonDelete } from "~/components/admin/lesson-delete";
import { LessonForm } from "~/components/admin/lesson-form";
import { clientLabel, type LessonValues, type PickableClient } from "~/components/admin/lesson-form-data";
import { noFields } from "~/lib/forms";
import { idSchema, lessonForm } from "~/lib/schemas/admin";
import { seo } from "~/lib/seo";
import { attempt } from "~/server/action-result.server";
import { permitFor } from "~/server/auth/context.server";
import { type Db, getDb } from "~/server/db.server";
import { isMultipart } from "~/server/files/upload.server";
import { intentAction, intentsOn } from "~/server/intents.server";
import {
  deleteLesson,
  getLesson,
  type LessonFiles,
  type LessonInput,
  updateLesson,
} from "~/server/models/lessons.server";
import { getPerson, pickableClients } from "~/server/models/people.server";
import type { Permit } from "~/server/policy.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/lesson-edit";
import { lessonRefused, readLessonForm, saveLesson, saveLessonWithFiles } from "./lesson-action.server";

// An unknown id is a 404 (the model throws it).

function lessonId(params: { lessonId?: string }): string {
  const id = idSchema.safeParse(params.lessonId);
  if (!id.success) throw data({ error: "That lesson was not found." }, { status: 404 });
  return id.data;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const edit = permitFor(context, "lesson.edit");
  const read = permitFor(context, "client.read");
  const id = lessonId(params);
  const search = new URL(request.url).searchParams;
  const q = search.get("q") ?? "";
  const db = await getDb();
  const lesson = await getLesson(db, edit, id);
  const [picked, client, coach] = await Promise.all([
    pickableClients(db, edit, q),
    getPerson(db, read, lesson.clientId),
    lesson.coachId ? getPerson(db, read, lesson.coachId).catch(() => null) : null,
  ]);
  const values: LessonValues = {
    clientId: lesson.clientId,
    title: lesson.title,
    notes: lesson.notes ?? "",
    recordingUrl: lesson.recordingUrl ?? "",
    occurredAt: lesson.occurredAt.toISOString(),
    occurredAtLocal: "",
    resources: lesson.resources,
  };
  return {
    q,
    ...picked,
    lesson: { id: lesson.id, values },
    client: { id: client.id, email: client.email, fullName: client.fullName } satisfies PickableClient,
    coach: coach ? (coach.fullName ?? coach.email) : null,
    confirmDelete: search.get("confirm") === "delete",
  };
}

export const access = routeAccess({ loader: staff("lesson.edit"), action: staff("lesson.edit") });
// 'Save changes' carries the coach's new files for the lesson (app/routes/admin/lesson-action.server.ts).
export const streamsUploads = true;

/** An edit keeps every value it saved. */
const keepAll = (values: LessonValues) => values;

const lessonIntent = intentsOn<{ id: string }>("staff");

async function update(
  db: Db,
  permit: Permit<"lesson.edit">,
  id: string,
  input: LessonInput,
  files: LessonFiles,
) {
  const updated = await updateLesson(db, permit, id, input, files);
  if (!updated) throw new Error("lesson update returned nothing");
  return updated;
}

/**
 * 'Save changes' is a multipart post (the form with its files, streamed: an upload route's action is one
 * handler); 'Delete lesson' once confirmed, and a save without files, are plain forms read as intents.
 */
export async function action(args: Route.ActionArgs) {
  if (!isMultipart(args.request)) return intents(args);
  const id = lessonId(args.params);
  const permit = permitFor(args.context, "lesson.edit");
  const db = await getDb();
  return saveLessonWithFiles(args.request, permitFor(args.context, "files.manage"), keepAll, (input, files) =>
    update(db, permit, id, input, files),
  );
}

/** After a delete, the client's page. */
const intents = intentAction({
  intents: {
    save: lessonIntent({
      permission: "lesson.edit",
      form: lessonForm,
      own: true,
      refused: (problem, form) => lessonRefused(problem, readLessonForm(form)),
      handler: (input, { db, permit, id, form }) =>
        saveLesson(
          () => readLessonForm(form),
          keepAll,
          () => update(db, permit, id, input, null),
        ),
    }),
    delete: lessonIntent({
      permission: "lesson.edit",
      form: noFields,
      own: true,
      handler: async (_, { db, permit, id }) => {
        const deleted = await attempt(() => deleteLesson(db, permit, id), "Failed to delete.", {
          intent: "delete",
        });
        if ("ok" in deleted) throw redirect(`/admin/clients/${deleted.value.clientId}`);
        return deleted;
      },
    }),
  },
  default: "save",
  context: ({ params }) => ({ id: lessonId(params) }),
});

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return seo(matches, {
    title: loaderData ? `Edit lesson: ${loaderData.lesson.values.title}` : "Edit lesson",
    description: "Edit a lesson.",
    noindex: true,
  });
}

export default function EditLesson({ loaderData, actionData }: Route.ComponentProps) {
  const { q, clients, more, lesson, client, coach, confirmDelete } = loaderData;
  // Every answer names its form; only a forged post gets one that doesn't.
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  const deleteError = answer?.intent === "delete" && !answer.ok ? answer.error : null;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <BackLink to={`/admin/clients/${client.id}`}>Back to {clientLabel(client)}</BackLink>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Edit lesson</h1>
      <p className="mt-2 text-muted-foreground">
        {lesson.values.title}
        {coach ? ` · Coach: ${coach}` : ""}
      </p>
      <div className="mt-6 grid gap-8">
        <LessonForm
          // A fresh form when another lesson opens in the same route.
          key={lesson.id}
          actionData={answer}
          mode="edit"
          initial={lesson.values}
          initialClient={client}
          picked={{ clients, more }}
          query={q}
          submitLabel="Save changes"
          successMessage="Changes saved ✅"
        />
        <LessonDelete title={lesson.values.title} confirming={confirmDelete} error={deleteError} />
      </div>
    </section>
  );
}
