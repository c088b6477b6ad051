import { redirect } from "react-router";
import { attempt, discardBody } from "~/server/action-result.server";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { fileDownload } from "~/server/entries/file-routes.server";
import { getFileStore } from "~/server/files/app-store.server";
import { deleteFile } from "~/server/models/files.server";
import { portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/file";

// One of the client's files: GET downloads it, POST deletes it (only what they added themselves).
export const access = routeAccess({ loader: portal("files.own"), action: portal("files.own") });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return fileDownload(request, permitFor(context, "files.own"), params.fileId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const permit = permitFor(context, "files.own");
  await discardBody(request);
  return attempt(async () => {
    await deleteFile(await getDb(), permit, getFileStore(), params.fileId);
    throw redirect("/files");
  });
}
