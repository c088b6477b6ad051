import { z } from "zod";

// One schema for the homework hand-in form: the browser's constraints mirror it and the action
// enforces it.
export const SUBMISSION_URL_MAX = 2048;
export const SUBMISSION_NOTE_MAX = 2000;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => v || null)
    .nullable()
    .optional()
    .transform((v) => v ?? null);

export const homeworkSubmissionSchema = z
  .object({
    homeworkId: z.uuid("That homework was not found."),
    url: optionalText(SUBMISSION_URL_MAX, "That link is too long.").refine(
      (v) => v === null || /^https?:\/\/[^\s]+$/i.test(v),
      "Enter a link that starts with https://",
    ),
    note: optionalText(SUBMISSION_NOTE_MAX, `Keep the note under ${SUBMISSION_NOTE_MAX} characters.`),
  })
  .refine((v) => v.url !== null || v.note !== null, {
    message: "Add a link or a note before submitting.",
    path: ["url"],
  });
