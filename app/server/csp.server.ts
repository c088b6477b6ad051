import { WHY_PREMIUM_VIDEO } from "~/content/pricing";
import { externalOrigins, SETTINGS } from "~/content/settings";
import { getConfig } from "./env.server";

/** Other sites the Content-Security-Policy allows (express-shell/security.ts). */
export type CspSources = {
  frames: string[];
  /** Analytics only: the embeds are iframes and are never fetched. */
  connections: string[];
  /** Analytics: pre-rendered pages list it (no 'strict-dynamic'); rendered pages trust it via our own script. */
  scripts: string[];
  /** POST /login redirects to the sign-in provider. */
  formTargets: string[];
};

export function cspSources(): CspSources {
  const embeds = externalOrigins();
  const analytics = unique(SETTINGS.analytics.map((tool) => new URL(tool.scriptSrc).origin));
  const issuer = getConfig().oidc?.issuer;
  return {
    frames: unique([...embeds, new URL(WHY_PREMIUM_VIDEO.embedUrl).origin]),
    connections: analytics,
    scripts: analytics,
    formTargets: issuer ? [new URL(issuer).origin] : [],
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
