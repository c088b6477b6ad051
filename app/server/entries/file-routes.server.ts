import { Readable } from "node:stream";
import { redirect } from "react-router";
import { CHOOSE_A_FILE, fileUploadForm } from "~/lib/schemas/files";
import { attempt, discardBody, invalid } from "../action-result.server";
import { getDb } from "../db.server";
import { getFileStore } from "../files/app-store.server";
import { receiveUpload } from "../files/upload.server";
import { addFile, deleteFile, type FilePermit, type FileSummary, openFile } from "../models/files.server";

// What the Files routes do (docs/decisions/0043-file-storage.md, "Routes"): the portal's /files and
// /files/:fileId, the admin's /admin/clients/:id/files and /admin/files/:fileId.

/** The form's field for files, on every upload form. */
export const FILE_FIELD = "file";

/**
 * Each file of the upload form goes into `ownerId`'s files with the form's kind, as it streams. The
 * answer is the form's: the files added, or the first refusal (those before it stay added).
 */
export async function uploadFilesFor(request: Request, permit: FilePermit, ownerId: string) {
  const db = await getDb();
  return attempt(async () => {
    const { results } = await receiveUpload(request, {
      fileField: FILE_FIELD,
      onFile: async (file, fields) => {
        const parsed = fileUploadForm.parse(fields);
        if (!parsed.ok) throw invalid(parsed.error, parsed.field ?? undefined);
        return addFile(db, permit, getFileStore(), {
          ownerId,
          kind: parsed.data.kind,
          name: file.name,
          body: file.body,
        });
      },
    });
    if (results.length === 0) throw invalid(CHOOSE_A_FILE, FILE_FIELD);
    return results.map(({ id, name }) => ({ id, name }));
  }, "The file could not be saved.");
}

/**
 * The file as a download, streamed from the store: the type judged at upload, the cleaned name, never
 * cached or sniffed. Another client's file is 404, as a missing one (the model's permit check).
 */
export async function fileDownload(request: Request, permit: FilePermit, fileId: string) {
  const { file, body } = await openFile(await getDb(), permit, getFileStore(), fileId);
  request.signal.addEventListener("abort", () => body.destroy(), { once: true });
  return new Response(Readable.toWeb(body) as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(file.size),
      "Content-Disposition": contentDisposition(file.name),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

/**
 * A file's POST: deletes it (the model checks who may) and sends the person back to `back`, given the
 * deleted file's row; a refusal is the answer instead.
 */
export async function fileDeletion(
  request: Request,
  permit: FilePermit,
  fileId: string,
  back: (removed: FileSummary) => string,
) {
  await discardBody(request);
  return attempt(async () => {
    const removed = await deleteFile(await getDb(), permit, getFileStore(), fileId);
    throw redirect(back(removed));
  });
}

/** RFC 6266: an ASCII fallback, and the name itself in UTF-8 (RFC 8187 `filename*`). */
export function contentDisposition(
  name: string,
  disposition: "attachment" | "inline" = "attachment",
): string {
  // A quoted string holds printable ASCII only.
  const fallback = name.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * A list's rows (components/files/files-ui.tsx): what it shows, and whether `remover` may delete each: a
 * person what they added, staff any (deleteFile in app/server/models/files.server.ts), none: no one.
 */
export function fileRows(files: readonly FileSummary[], remover: string | "staff" | null) {
  return files.map((file) => ({
    id: file.id,
    name: file.name,
    kind: file.kind,
    size: file.size,
    createdAt: file.createdAt,
    addedBy: file.uploadedBy === file.ownerId ? ("owner" as const) : ("coach" as const),
    removable: remover === "staff" || (remover !== null && file.uploadedBy === remover),
  }));
}
