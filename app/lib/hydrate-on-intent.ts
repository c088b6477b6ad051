// Portal and admin pages are read first: their HTML holds everything, and React hydrates when the
// person first acts on the page (docs/decisions/0042-hydrate-on-intent.md; app/enhancers/wake.ts).

export type HydrateOnIntentHandle = { hydrate: "on-intent" };

export const hydrateOnIntent: HydrateOnIntentHandle = { hydrate: "on-intent" };

export function hydratesOnIntent(matches: readonly { handle?: unknown }[]): boolean {
  return matches.some(
    (match) =>
      typeof match.handle === "object" &&
      match.handle !== null &&
      (match.handle as Partial<HydrateOnIntentHandle>).hydrate === "on-intent",
  );
}

/** `data-wake` on `<html>`: where the page is on its way to React. */
export type WakeState = "asleep" | "waking" | "hydrating" | "awake" | "failed";

/** app/entry.client.tsx tells the wake enhancer that React now hears every event itself. */
export const HYDRATING_EVENT = "react-hydrating";

/** The type React Router's route-module script gets instead of `module`: the browser leaves it alone. */
export const ASLEEP_SCRIPT_TYPE = "text/x-hydrate-on-intent";

const MODULE_PRELOAD = /<link rel="modulepreload" href="[^"]*"(?: nonce="[^"]*")?\/>/g;
const ROUTE_MODULES_SCRIPT =
  /<script((?: nonce="[^"]*")?) type="module" async="">(?=[^<]*window\.__reactRouterRouteModules)/;

/**
 * React Router's `<Scripts>` preloads every module and imports them at once; here its module script
 * waits, typed so the browser does not run it, until the wake enhancer runs it, and nothing is preloaded.
 * Enhancer preloads carry `data-enhancer` and stay.
 */
export function putHydrationToSleep(html: string): string {
  if (!ROUTE_MODULES_SCRIPT.test(html)) {
    throw new Error("React Router's route-module script was not found: the page cannot wait to hydrate");
  }
  return html
    .replace(MODULE_PRELOAD, "")
    .replace(ROUTE_MODULES_SCRIPT, `<script$1 type="${ASLEEP_SCRIPT_TYPE}">`);
}
