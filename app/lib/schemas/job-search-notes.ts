import { defineForm, text } from "../forms";
import { requiredText } from "./text-fields";
import { z } from "./zod";

// Staff notes on a client's applications (docs/decisions/0053-job-search.md, "Staff notes"): one definition
// for the browser and the action (docs/decisions/0024-forms.md); the model checks its input again with it.

export const NOTE_MAX = 2000;

export const NOTE_MESSAGES = {
  application: "Choose the application the note is about.",
  body: "Write the note first.",
  notFound: "That note was not found.",
} as const;

export const noteSchema = z.object({
  applicationId: z.uuid({ error: NOTE_MESSAGES.application }),
  body: requiredText({ name: "the note", max: NOTE_MAX, multiline: true }, NOTE_MESSAGES.body),
  shared: z.boolean(),
});

export type NoteInput = z.input<typeof noteSchema>;

export const noteForm = defineForm(noteSchema, {
  read: (form) => ({
    applicationId: text(form, "applicationId"),
    body: text(form, "body"),
    shared: text(form, "shared") === "on",
  }),
});

export const noteIdForm = defineForm(z.object({ noteId: z.uuid({ error: NOTE_MESSAGES.notFound }) }));
