import { redirectDocument } from "react-router";
import type { EnhancerName } from "~/enhancers/entries";

// HTML-first pages (docs/decisions/0030-html-first-pages.md): the marketing pages are not hydrated. The
// server's HTML is the page; React Router's scripts are left out, and each interactive widget is made to
// work by a small vanilla enhancer (app/enhancers/) that the page names in its route `handle`.

export type HtmlFirstHandle = { htmlFirst: { enhancers: readonly EnhancerName[] } };

/** A route's `handle`: this page is HTML only, plus these enhancers (and `site`, which every such page has). */
export function htmlFirst(...enhancers: EnhancerName[]): HtmlFirstHandle {
  return { htmlFirst: { enhancers } };
}

function isHtmlFirst(handle: unknown): handle is HtmlFirstHandle {
  return typeof handle === "object" && handle !== null && "htmlFirst" in handle;
}

/**
 * The enhancers of the page these route matches make, `site` first; null when the page is hydrated
 * (any matched route without an `htmlFirst` handle, other than the root, wants React).
 */
export function htmlFirstEnhancers(
  matches: readonly { id: string; handle?: unknown }[],
): EnhancerName[] | null {
  const routes = matches.filter((match) => match.id !== "root");
  if (routes.length === 0 || !routes.every((match) => isHtmlFirst(match.handle))) return null;
  const names = routes.flatMap((match) => (match.handle as HtmlFirstHandle).htmlFirst.enhancers);
  return [...new Set<EnhancerName>(["site", ...names])];
}

/**
 * The server `loader` of an HTML-first page that needs no data. React Router treats a route with a
 * `clientLoader` and no server loader as one whose data only the browser can load, and renders nothing
 * of it on the server; this one says there is nothing to load.
 */
export function noData(): null {
  return null;
}

/**
 * A route's `clientLoader`: a page already running React (the portal, say) that navigates to an
 * HTML-first page loads it as a new document, so its enhancers run (React Router's `redirectDocument`).
 */
export function loadAsDocument({ request }: { request: Request }): never {
  throw redirectDocument(request.url);
}
