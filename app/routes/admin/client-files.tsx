import { BackLink } from "~/components/admin/back-link";
import { FileUploadForm } from "~/components/files/files-ui";
import { idSchema } from "~/lib/schemas/admin";
import { privateMeta } from "~/lib/seo";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { uploadFilesFor } from "~/server/entries/file-routes.server";
import { fileLimits } from "~/server/files/app-store.server";
import { getPerson } from "~/server/models/people.server";
import { refusal } from "~/server/refusal.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/client-files";

// The coach's upload into a client's Files. The client page's Files section posts here (an upload route
// streams, so it cannot be one of that page's intents: app/server/files/upload.server.ts); without
// JavaScript this page shows the answer and the form again.
export const access = routeAccess({ loader: staff("files.manage"), action: staff("files.manage") });
export const streamsUploads = true;

function clientId(params: { id: string }): string {
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw refusal({ error: "No one with that id." }, { status: 404 });
  return id.data;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const person = await getPerson(await getDb(), permitFor(context, "client.read"), clientId(params));
  return {
    person: { id: person.id, name: person.fullName || person.email },
    maxBytes: fileLimits().maxBytes,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return uploadFilesFor(request, permitFor(context, "files.manage"), clientId(params));
}

export const meta = privateMeta("Upload a file", "Upload a file.");

export default function ClientFiles({ loaderData, actionData }: Route.ComponentProps) {
  const { person, maxBytes } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <BackLink to={`/admin/clients/${person.id}#files`}>Back to {person.name}</BackLink>
      <h1 className="mt-2 mb-6 text-3xl font-bold tracking-tight break-words">Files for {person.name}</h1>
      <FileUploadForm
        action={`/admin/clients/${person.id}/files`}
        maxBytes={maxBytes}
        answer={actionData}
        defaultKind="other"
        heading="Upload a file"
      />
    </div>
  );
}
