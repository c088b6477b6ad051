import type { AnalyticsTool } from "~/content/settings";

/** A page adds each tool's script once, whoever asks first: React's root or an enhancer. */
const MARKER = "data-page-view-analytics";

/**
 * Added after the page is up, so they never delay it or run in pre-rendering; a load failure is only
 * logged (docs/product/errors.md). CSP: docs/decisions/0017-content-security-policy.md.
 */
export function addAnalyticsScripts(tools: readonly AnalyticsTool[]): void {
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
    document.head.append(script);
  }
}
