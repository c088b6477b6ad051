import { redirect } from "react-router";
import { attempt, discardBody } from "~/server/action-result.server";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { fileDownload } from "~/server/entries/file-routes.server";
import { getFileStore } from "~/server/files/app-store.server";
import { deleteFile } from "~/server/models/files.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/file";

// Any client's file, for the coach and the admin: GET downloads it (in the client's audit trail: openFile in
// app/server/models/files.server.ts), POST deletes it (audited `file.delete`), then back to the client's Files.
export const access = routeAccess({ loader: staff("files.manage"), action: staff("files.manage") });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return fileDownload(request, permitFor(context, "files.manage"), params.fileId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const permit = permitFor(context, "files.manage");
  await discardBody(request);
  return attempt(async () => {
    const removed = await deleteFile(await getDb(), permit, getFileStore(), params.fileId);
    throw redirect(`/admin/clients/${removed.ownerId}#files`);
  });
}
