import { permitFor } from "~/server/auth/context.server";
import { fileDeletion, fileDownload } from "~/server/entries/file-routes.server";
import { portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/file";

// One of the client's files: GET downloads it, POST deletes it (only what they added themselves).
export const access = routeAccess({ loader: portal("files.own"), action: portal("files.own") });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return fileDownload(request, permitFor(context, "files.own"), params.fileId);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  return fileDeletion(request, permitFor(context, "files.own"), params.fileId, () => "/files");
}
