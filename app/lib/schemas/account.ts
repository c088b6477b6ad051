import { defineForm } from "../forms";
import { optionalText } from "./text-fields";
import { z } from "./zod";

// docs/decisions/0016-data-rights.md.
export const DELETION_NOTE_MAX = 1000;

/** Shown right after the request and on every later visit. */
export const DELETION_REQUESTED =
  "We've received your request. The coach will confirm by email within 30 days.";

export const deletionRequestSchema = z.object({
  note: optionalText({ name: "the note", max: DELETION_NOTE_MAX, multiline: true }),
});

export const deletionRequestForm = defineForm(deletionRequestSchema);
