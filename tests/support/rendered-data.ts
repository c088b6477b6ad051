export function renderedSince(html: string): number {
  const found = /window\.__liveSince=(\d+);/.exec(html)?.[1];
  if (!found) throw new Error("no window.__liveSince in this document");
  return Number(found);
}
