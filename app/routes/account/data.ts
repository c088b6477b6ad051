import { Readable } from "node:stream";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { getFileStore } from "~/server/files/app-store.server";
import { EXPORT_ARCHIVE_NAME, exportPersonArchive } from "~/server/models/data-rights.server";
import { routeAccess } from "~/server/route-access";
import type { Route } from "./+types/data";

export const access = routeAccess({ loader: { access: "signed-in-api", policy: "self.export" } });

// The signed-in person's data as one ZIP download, their files' bytes included
// (docs/decisions/0016-data-rights.md), streamed as it is made.
export async function loader({ context }: Route.LoaderArgs) {
  const archive = await exportPersonArchive(await getDb(), permitFor(context, "self.export"), getFileStore());
  return new Response(Readable.toWeb(archive) as ReadableStream<Uint8Array>, {
    headers: {
      "Cache-Control": "no-store",
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${EXPORT_ARCHIVE_NAME}"`,
    },
  });
}
