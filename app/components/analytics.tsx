import { useEffect } from "react";
import { SETTINGS, type Settings } from "~/content/settings";

/** Marks our script tag, so a remount (or a second <Analytics />) never adds the script twice. */
const MARKER = "data-page-view-analytics";

/**
 * The page-view analytics script (SPEC §7), added after hydration so it never delays the page and never
 * runs during pre-rendering. Off while settings leave it unset. A load failure (offline, a blocker) is
 * only logged (SPEC §8): counting visits must never break a page. The CSP lets it in (decision 0017): added
 * by our own code ('strict-dynamic') on server-rendered pages, by its origin on pre-rendered ones.
 */
export function Analytics({ settings = SETTINGS.analytics }: { settings?: Settings["analytics"] }) {
  const { scriptSrc, siteId, siteIdAttribute } = settings;

  useEffect(() => {
    if (scriptSrc === "" || siteId === "") return;
    if (document.querySelector(`script[${MARKER}]`)) return;
    const script = document.createElement("script");
    script.async = true;
    script.src = scriptSrc;
    script.setAttribute(siteIdAttribute, siteId);
    script.setAttribute(MARKER, "");
    script.addEventListener("error", () => {
      console.warn(`Analytics script could not be loaded from ${scriptSrc}; page views are not counted.`);
    });
    document.head.appendChild(script);
  }, [scriptSrc, siteId, siteIdAttribute]);

  return null;
}
