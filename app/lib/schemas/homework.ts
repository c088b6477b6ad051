import { z } from "zod";
import { defineForm } from "../forms";
import { optionalText } from "./text-fields";

export const SUBMISSION_URL_MAX = 2048;
export const SUBMISSION_NOTE_MAX = 2000;

export const homeworkSubmissionSchema = z
  .object({
    homeworkId: z.uuid("That homework was not found."),
    url: optionalText({ name: "the link", max: SUBMISSION_URL_MAX }).refine(
      (v) => v === null || /^https?:\/\/[^\s]+$/i.test(v),
      "Enter a link that starts with https://",
    ),
    note: optionalText({ name: "the note", max: SUBMISSION_NOTE_MAX, multiline: true }),
  })
  .refine((v) => v.url !== null || v.note !== null, {
    message: "Add a link or a note before submitting.",
    path: ["url"],
  });

export const homeworkSubmissionForm = defineForm(homeworkSubmissionSchema, { hidden: ["homeworkId"] });
