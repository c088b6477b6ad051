import { redirectDocument } from "react-router";
import type { EnhancerName } from "~/enhancers/entries";

// HTML-first pages are not hydrated: each widget works through a small enhancer the route names in its
// `handle` (docs/decisions/0030-html-first-pages.md).

export type HtmlFirstHandle = { htmlFirst: { enhancers: readonly EnhancerName[] } };

export function htmlFirst(...enhancers: EnhancerName[]): HtmlFirstHandle {
  return { htmlFirst: { enhancers } };
}

function isHtmlFirst(handle: unknown): handle is HtmlFirstHandle {
  return typeof handle === "object" && handle !== null && "htmlFirst" in handle;
}

/** Null when the page is hydrated: any matched route but the root without an `htmlFirst` handle wants React. */
export function htmlFirstEnhancers(
  matches: readonly { id: string; handle?: unknown }[],
): EnhancerName[] | null {
  const routes = matches.filter((match) => match.id !== "root");
  if (routes.length === 0 || !routes.every((match) => isHtmlFirst(match.handle))) return null;
  const names = routes.flatMap((match) => (match.handle as HtmlFirstHandle).htmlFirst.enhancers);
  return [...new Set<EnhancerName>(["site", ...names])];
}

/** Without a server loader, React Router renders nothing of a route with a `clientLoader` on the server. */
export function noData(): null {
  return null;
}

/** A page running React loads an HTML-first page as a new document, so its enhancers run. */
export function loadAsDocument({ request }: { request: Request }): never {
  throw redirectDocument(request.url);
}
