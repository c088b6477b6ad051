import { LessonForm } from "~/components/admin/lesson-form";
import { EMPTY_LESSON, type PickableClient } from "~/components/admin/lesson-form-data";
import { idSchema } from "~/lib/schemas/admin";
import { privateMeta } from "~/lib/seo";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { createLesson } from "~/server/models/lessons.server";
import { getPerson, pickableClients } from "~/server/models/people.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/lesson-new";
import { keepClientAndDate, saveLessonWithFiles } from "./lesson-action.server";

export const access = routeAccess({ loader: staff("lesson.create"), action: staff("lesson.create") });
// The form carries the coach's files for the lesson (app/routes/admin/lesson-action.server.ts).
export const streamsUploads = true;

// docs/product/screens.md, Add Lesson screen. The loader also answers the picker's searches (`?q=`);
// `?client=<id>` starts with that client chosen.

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const db = await getDb();
  const clientParam = idSchema.safeParse(params.get("client"));
  const [picked, chosen] = await Promise.all([
    pickableClients(db, permitFor(context, "lesson.create"), q),
    clientParam.success
      ? getPerson(db, permitFor(context, "client.read"), clientParam.data).catch(() => null)
      : null,
  ]);
  const client: PickableClient | null =
    chosen?.role === "client" ? { id: chosen.id, email: chosen.email, fullName: chosen.fullName } : null;
  return { q, ...picked, client };
}

export async function action({ request, context }: Route.ActionArgs) {
  const permit = permitFor(context, "lesson.create");
  const db = await getDb();
  return saveLessonWithFiles(request, permitFor(context, "files.manage"), keepClientAndDate, (input, files) =>
    createLesson(db, permit, input, files),
  );
}

export const meta = privateMeta("Add Lesson", "Add a lesson for a client.");

export default function AddLesson({ loaderData, actionData }: Route.ComponentProps) {
  const { q, clients, more, client } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Add Lesson</h1>
      <p className="mt-2 text-muted-foreground">
        Notes, a recording and resources for a session. The client sees it under Lessons.
      </p>
      <div className="mt-6">
        <LessonForm
          actionData={actionData}
          mode="new"
          initial={{ ...EMPTY_LESSON, clientId: client?.id ?? "" }}
          initialClient={client}
          picked={{ clients, more }}
          query={q}
          submitLabel="Save lesson"
          successMessage="Lesson created ✅"
        />
      </div>
    </section>
  );
}
