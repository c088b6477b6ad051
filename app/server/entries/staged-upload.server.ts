import type { FormDefinition } from "~/lib/forms";
import { invalid } from "../action-result.server";
import { getDb } from "../db.server";
import { getFileStore } from "../files/app-store.server";
import { receiveUpload } from "../files/upload.server";
import {
  discardStaged,
  type FilePermit,
  type NewFile,
  type StagedFile,
  stageFile,
} from "../models/files.server";
import { FILE_FIELD } from "./file-routes.server";

// A form whose files go with one change (a homework hand-in, a review, a lesson): one multipart post that
// works without JavaScript. Its fields are checked before the first file is stored; each file is stored
// as it streams (stageFile); the change then writes its rows and the files' rows in one transaction
// (recordFiles). Any refusal on the way discards what was staged: the change and its files go in together
// or not at all (docs/decisions/0043-file-storage.md, "Attachments").

export type FormWithFiles<T, R> = {
  form: FormDefinition<T>;
  permit: FilePermit;
  /** Whose files they become, and what they are attached to while staged (checked before any byte). */
  target(data: T): Pick<NewFile, "ownerId" | "homeworkId" | "lessonId">;
  /** The change, with the files staged for it (none is possible). */
  commit(data: T, staged: StagedFile[]): Promise<R>;
};

export async function receiveFormWithFiles<T, R>(request: Request, options: FormWithFiles<T, R>): Promise<R> {
  const db = await getDb();
  const store = getFileStore();
  const staged: StagedFile[] = [];
  let data: T | undefined;
  const check = (fields: FormData, files: number) => {
    const parsed = options.form.parse(withFiles(fields, files));
    if (!parsed.ok) throw invalid(parsed.error, parsed.field ?? undefined);
    return parsed.data;
  };
  try {
    const { fields } = await receiveUpload(request, {
      fileField: FILE_FIELD,
      repeatable: options.form.repeatable,
      onFile: async (file, fields) => {
        data ??= check(fields, 1);
        const bytes = staged.reduce((sum, one) => sum + one.stored.size, 0);
        const input = { ...options.target(data), kind: "other" as const, name: file.name, body: file.body };
        staged.push(await stageFile(db, options.permit, store, input, { staged: bytes }));
      },
    });
    data ??= check(fields, 0);
    return await options.commit(data, staged);
  } catch (error) {
    await discardStaged(store, staged);
    throw error;
  }
}

/** The fields, and one name-only entry per file received, for a form definition that counts chosen files. */
function withFiles(fields: FormData, files: number): FormData {
  const form = new FormData();
  for (const [name, value] of fields) form.append(name, value);
  for (let i = 0; i < files; i++) form.append(FILE_FIELD, new File([], `file-${i + 1}`));
  return form;
}
