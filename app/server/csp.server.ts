import { WHY_PREMIUM_VIDEO } from "~/content/pricing";
import { externalOrigins, SETTINGS } from "~/content/settings";
import { getConfig } from "./env.server";

/** Other sites the Content-Security-Policy allows (express-shell/security.ts), by what the pages do with them. */
export type CspSources = {
  /** iframes: the booking calendar and forms (content settings) and the pricing page's video. */
  frames: string[];
  /** fetch: analytics only (the embeds are iframes and are never fetched by the page). */
  connections: string[];
  /**
   * Scripts from elsewhere: the analytics scripts. Pre-rendered pages list it (their policy has no
   * 'strict-dynamic'); server-rendered pages trust it because our own script adds it.
   */
  scripts: string[];
  /** Where a form submission may end up: the sign-in provider, as POST /login redirects there. */
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
