import { useEffect } from "react";
import { type AnalyticsTool, SETTINGS } from "~/content/settings";

/** A remount never adds a script twice. */
const MARKER = "data-page-view-analytics";

/**
 * Added after hydration, so they never delay the page or run in pre-rendering; a load failure is only
 * logged (docs/product/errors.md). CSP: docs/decisions/0017-content-security-policy.md.
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
