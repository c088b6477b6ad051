import { permitFor } from "~/server/auth/context.server";
import { fileDeletion, fileDownload } from "~/server/entries/file-routes.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/file";

// Any client's file, for the coach and the admin: GET downloads it (in the client's audit trail: openFile in
// app/server/models/files.server.ts), POST deletes it (audited `file.delete`), then back to the client's Files.
export const access = routeAccess({ loader: staff("files.manage"), action: staff("files.manage") });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return fileDownload(request, permitFor(context, "files.manage"), params.fileId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return fileDeletion(
    request,
    permitFor(context, "files.manage"),
    params.fileId,
    (removed) => `/admin/clients/${removed.ownerId}#files`,
  );
}
