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
export type WakeState = "asleep" | "waking" | "hydrating" | "awake" | "failed" | "posted";

/** app/entry.client.tsx tells the wake enhancer that React now hears every event itself. */
export const HYDRATING_EVENT = "react-hydrating";

/** The type React Router's route-module script gets instead of `module`: the browser leaves it alone. */
export const ASLEEP_SCRIPT_TYPE = "text/x-hydrate-on-intent";

/**
 * A form whose page can show its answer carries `data-answer-for`: on a first visit, where React is seconds away
 * on a phone, its held submission goes out as a document to its action with this parameter (the key, when
 * not empty), and the page that comes back shows the answer beside that form, in a block with the id
 * `answered` that the wake enhancer brings into view
 * (app/enhancers/wake.ts, app/components/form.tsx `usePageAnswer`).
 */
export const ANSWER_FOR_PARAM = "answer-for";
export const ANSWER_FOR_ATTRIBUTE = "data-answer-for";
export const ANSWERED_ID = "answered";
