import type { EntryContext } from "react-router";

// Everything this app relies on of React Router that is not its documented API: the markup `<Scripts>`
// writes, the entry context's loader-data stream, and the browser's router global. Nothing else in the
// app names them. app/lib/react-router-internals.test.tsx renders a page through the installed
// react-router and checks each of them, so an upgrade that changes one fails there first.

// --- The document's loader data, written whole (docs/decisions/0034-one-pass-render.md) ---------------

/**
 * The page's loader data as React Router would have streamed it (turbo-stream text), read whole; taken
 * out of the context so `ServerRouter` renders no `StreamTransfer` Suspense boundary for it.
 */
export async function takeLoaderData(context: EntryContext): Promise<string | null> {
  const stream = context.serverHandoffStream;
  context.serverHandoffStream = undefined;
  return stream ? new Response(stream).text() : null;
}

/** Whether the page rendered `<Scripts>`: only then does it hydrate, and so need its loader data. */
export function renderedScripts(context: EntryContext): boolean {
  return context.renderMeta?.didRenderScripts === true;
}

/** `<Scripts>` opens this stream for the loader data; StreamTransfer's scripts fed it, now one statement does. */
const HANDOFF = "window.__reactRouterContext.streamController";

/** The statement that gives `<Scripts>`' stream the whole loader data, `literal` a JavaScript string literal. */
export function handOverLoaderData(literal: string): string {
  return `${HANDOFF}.enqueue(${literal});${HANDOFF}.close();`;
}

// --- A page asleep until a person acts (docs/decisions/0042-hydrate-on-intent.md) ----------------------

/** The preload `<Scripts>` writes for each module of the page (ours carry `data-enhancer` and stay). */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]*)"(?: nonce="[^"]*")?\/>/g;
/** `<Scripts>`' module script, which imports the route modules and then React Router's client entry. */
const ROUTE_MODULES_SCRIPT =
  /<script((?: nonce="[^"]*")?) type="module" async="">(?=[^<]*window\.__reactRouterRouteModules)/;

/**
 * React Router's `<Scripts>` preloads every module and imports them at once; here its module script
 * gets `sleepingType`, which the browser does not run, until app/enhancers/wake.ts runs its text as a
 * module; nothing is preloaded. The preloads' addresses go on that script (`data-preload`, space-separated):
 * the enhancer preloads them all at once when the page wakes, so React's modules come in one round trip,
 * not one per level of imports. Throws if the markup is not found, so a page cannot silently lose React.
 */
export function putHydrationToSleep(html: string, sleepingType: string): string {
  if (!ROUTE_MODULES_SCRIPT.test(html)) {
    throw new Error("React Router's route-module script was not found: the page cannot wait to hydrate");
  }
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1]);
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(ROUTE_MODULES_SCRIPT, `<script$1 data-preload="${preloads.join(" ")}" type="${sleepingType}">`);
}

// --- The browser's router (app/lib/keep-shown-when-unreachable.ts) -------------------------------------

/** `HydratedRouter` keeps its data router here; a client middleware has no other way to the router's state. */
export const DATA_ROUTER_GLOBAL = "__reactRouterDataRouter";

/** What of the router's state (RouterState) the app reads. */
export type ShownRouterState = {
  revalidation: string;
  navigation: { state: string };
  location: { pathname: string; search: string };
  loaderData: Record<string, unknown>;
  /** Route id → what its action answered the person's last submission; null once they move on. */
  actionData: Record<string, unknown> | null;
};

/** The hydrated router's state: the page on screen, until a navigation or revalidation completes. */
export function shownRouterState(): ShownRouterState | undefined {
  return (window as { [DATA_ROUTER_GLOBAL]?: { state: ShownRouterState } })[DATA_ROUTER_GLOBAL]?.state;
}

/**
 * The page shows an answer to the person's own submission (a route's action data: the import's preview, a
 * refusal in words). React Router drops it on any revalidation (completeNavigation in its router.js keeps
 * action data only through the action's own reload), so app/components/live-updates.tsx holds a live
 * revalidation while one is on screen.
 */
export function answerOnScreen(): boolean {
  return shownRouterState()?.actionData != null;
}
