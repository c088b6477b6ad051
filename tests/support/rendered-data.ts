/**
 * When a signed-in page's data began to be read, as app/entry.server.tsx writes it into the document
 * (`window.__liveSince`) for the page's live stream.
 */
export function renderedSince(html: string): number {
  const found = /window\.__liveSince=(\d+);/.exec(html)?.[1];
  if (!found) throw new Error("no window.__liveSince in this document");
  return Number(found);
}
