import { useEffect } from "react";
import { type AnalyticsTool, SETTINGS } from "~/content/settings";
import { addAnalyticsScripts } from "~/lib/analytics";

/** After hydration; a page the wake enhancer read first already has them (app/enhancers/wake.ts). */
export function Analytics({ tools = SETTINGS.analytics }: { tools?: readonly AnalyticsTool[] }) {
  useEffect(() => addAnalyticsScripts(tools), [tools]);
  return null;
}
