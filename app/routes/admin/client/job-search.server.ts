import { noteForm, noteIdForm } from "~/lib/schemas/job-search-notes";
import { addApplicationNote, deleteApplicationNote } from "~/server/models/job-search-notes.server";
import { clientIntent } from "./intent.server";

// Staff notes on the client's applications (docs/decisions/0053-job-search.md, "Staff notes").
export const jobSearchIntents = {
  "add-job-note": clientIntent({
    permission: "job-search.note",
    form: noteForm,
    handler: (input, { db, permit, clientId }) => addApplicationNote(db, permit, clientId, input),
  }),
  "delete-job-note": clientIntent({
    permission: "job-search.note",
    form: noteIdForm,
    handler: async ({ noteId }, { db, permit, clientId }) => {
      await deleteApplicationNote(db, permit, clientId, noteId);
      return { message: "Note deleted." };
    },
  }),
};
