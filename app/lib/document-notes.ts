import { createContext, useContext } from "react";

/** What the root tells app/entry.server.tsx about the document it rendered. */
export type DocumentNotes = { hydrateOnIntent: boolean };

const NotesContext = createContext<DocumentNotes>({ hydrateOnIntent: false });

export const DocumentNotesProvider = NotesContext.Provider;

export function useDocumentNotes(): DocumentNotes {
  return useContext(NotesContext);
}
