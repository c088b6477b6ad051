import { z } from "zod";
import { optionalText } from "./text";

// "Your data": the optional note sent with a deletion request (docs/decisions/0016-data-rights.md).
export const DELETION_NOTE_MAX = 1000;

export const deletionRequestSchema = z.object({
  note: optionalText({ name: "the note", max: DELETION_NOTE_MAX, multiline: true }),
});
