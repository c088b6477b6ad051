import { useEffect } from "react";
import { type AnalyticsTool, SETTINGS } from "~/content/settings";

/** Marks our script tags, so a remount (or a second <Analytics />) never adds a script twice. */
const MARKER = "data-page-view-analytics";

/**
 * The page-view analytics scripts (SPEC §7), added after hydration so they never delay the page and never
 * run during pre-rendering. None while settings list no tool. A load failure (offline, a blocker) is
 * only logged (SPEC §8): counting visits must never break a page. The CSP lets them in (decision 0017):
 * added by our own code ('strict-dynamic') on server-rendered pages, by origin on pre-rendered ones.
 */
export function Analytics({ tools = SETTINGS.analytics }: { tools?: readonly AnalyticsTool[] }) {
  useEffect(() => {
    for (const { name, scriptSrc, siteId, siteIdAttribute } of tools) {
      if (document.querySelector(`script[${MARKER}="${CSS.escape(name)}"]`)) continue;
      const script = document.createElement("script");
      script.async = true;
      script.src = scriptSrc;
      script.setAttribute(siteIdAttribute, siteId);
      script.setAttribute(MARKER, name);
      script.addEventListener("error", () => {
        console.warn(`${name} could not be loaded from ${scriptSrc}; page views are not counted.`);
      });
      document.head.appendChild(script);
    }
  }, [tools]);

  return null;
}
