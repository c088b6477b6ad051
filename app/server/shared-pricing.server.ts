// A visitor without a session gets /pricing as one of a few documents the Express shell renders once per
// process and keeps (express-shell/shared-pricing.ts, docs/decisions/0041-pricing-per-currency.md). This
// module says which one, from what a render of the page reads from the request, and how to render it.
import { RouterContextProvider } from "react-router";
import { CURRENCY_COOKIE, type Currency } from "~/domain/financing";
import { DEFAULT_THEME, parseTheme, THEME_COOKIE, type Theme } from "~/domain/theme";
import { initialCurrency } from "~/lib/currency";
import type { RequestHeaders } from "~/lib/request-headers";
import { hasSessionCookie } from "./auth/session.server";
import { readCookie } from "./cookies";
import { isUnproxiedLocal, unproxiedLocalContext } from "./developer.server";
import { getConfig } from "./env.server";

export const SHARED_PRICING_PATH = "/pricing";

export type PricingVariant = {
  /** Equal keys, equal documents. */
  key: string;
  /** Null: nothing known, "Loading prices…" until the browser finds a stored choice (app/enhancers/pricing.ts). */
  currency: Currency | null;
  /** The root's <html> class (app/root.tsx reads the same cookie). */
  theme: Theme;
  /** On a developer's own machine the local test checkout shows (developer.server.ts, paymentsFor). */
  developer: boolean;
};

/** Null when the page must be rendered for this visitor: a session cookie (their header links). */
export function pricingVariant(
  request: RequestHeaders,
  connection: { peer: string | undefined; headerNames: Iterable<string> },
): PricingVariant | null {
  if (hasSessionCookie(request)) return null;
  const currency = initialCurrency(request);
  const theme = parseTheme(readCookie(request, THEME_COOKIE)) ?? DEFAULT_THEME;
  const developer = getConfig().developerMode && isUnproxiedLocal(connection.peer, connection.headerNames);
  return {
    key: `${currency ?? "unknown"} ${theme}${developer ? " developer" : ""}`,
    currency,
    theme,
    developer,
  };
}

/**
 * A request that renders the variant and carries nothing of any visitor; no CSP nonce in its context, so the
 * document's scripts go out without one and its policy lists their hashes, as a pre-rendered page's does.
 */
export function pricingVariantRequest(variant: PricingVariant): {
  request: Request;
  context: RouterContextProvider;
} {
  const cookies = [`${THEME_COOKIE}=${variant.theme}`];
  if (variant.currency) cookies.push(`${CURRENCY_COOKIE}=${variant.currency}`);
  const request = new Request(new URL(SHARED_PRICING_PATH, getConfig().publicOrigin), {
    headers: { cookie: cookies.join("; "), accept: "text/html" },
  });
  const context = new RouterContextProvider();
  context.set(unproxiedLocalContext, variant.developer);
  return { request, context };
}
