import { defineForm } from "../forms";
import { optionalText } from "./text-fields";
import { z } from "./zod";

export const SUBMISSION_URL_MAX = 2048;
export const SUBMISSION_NOTE_MAX = 2000;

export const HAND_IN_EMPTY = "Add a link, a note or a file before submitting.";
/** Files one hand-in may carry (the upload's own limit: app/server/files/upload.server.ts). */
export const HAND_IN_MAX_FILES = 5;

export const homeworkSubmissionSchema = z
  .object({
    homeworkId: z.uuid("That homework was not found."),
    url: optionalText({ name: "the link", max: SUBMISSION_URL_MAX }).check(
      z.refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), "Enter a link that starts with https://"),
    ),
    note: optionalText({ name: "the note", max: SUBMISSION_NOTE_MAX, multiline: true }),
    /** How many files were chosen: a file alone is a hand-in. */
    files: z._default(z.number().check(z.int(), z.minimum(0)), 0),
  })
  .check(
    z.refine((v) => v.url !== null || v.note !== null || v.files > 0, {
      message: HAND_IN_EMPTY,
      path: ["url"],
    }),
  );

/** Chosen files only: a file input left empty sends one nameless, empty entry. */
export function chosenFiles(form: FormData, field = "file"): number {
  return form.getAll(field).filter((value) => typeof value !== "string" && value.name !== "").length;
}

export const homeworkSubmissionForm = defineForm(homeworkSubmissionSchema, {
  hidden: ["homeworkId"],
  read: (form) => ({
    homeworkId: form.get("homeworkId") ?? "",
    url: form.get("url") ?? "",
    note: form.get("note") ?? "",
    files: chosenFiles(form),
  }),
});
