import { permitFor } from "~/server/auth/context.server";
import { fileDownload } from "~/server/files/file-routes.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/file";

// Any client's file, for the coach and the admin; the download goes in the client's audit trail
// (openFile in app/server/models/files.server.ts).
export const access = routeAccess({ loader: staff("files.manage") });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return fileDownload(request, permitFor(context, "files.manage"), params.fileId);
}
