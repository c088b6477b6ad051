import { randomUUID } from "node:crypto";

/** Eight random hex characters: a name part no other test of this run will pick. */
export const uniqueId = () => randomUUID().slice(0, 8);

/** `what` followed by a fresh id, for a title or name only this test uses. */
export const unique = (what: string) => `${what} ${uniqueId()}`;

/** `text` as a pattern that matches it literally. */
export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Server-rendered HTML as the words a reader sees, tags and React's text markers gone, spaces collapsed. */
export const renderedText = (html: string) =>
  html
    .replace(/<!-- -->/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
