import { createContext, type RouterContextProvider } from "react-router";
import { getConfig, isLoopbackHost, type PaymentsConfig } from "./env.server";

// Developer doors open only on a developer's own machine, judged by facts a visitor cannot send
// (docs/decisions/0035-behind-a-proxy.md): never by a host name.

export const unproxiedLocalContext = createContext<boolean>(false);

/** A browser on the developer's machine sends none of these. */
const PROXY_HEADER = /^(?:forwarded|x-forwarded-[a-z-]+|x-real-ip|via)$/i;

export function isLoopbackPeer(address: string | undefined): boolean {
  if (!address) return false;
  return isLoopbackHost(address.replace(/^::ffff:(?=127\.)/i, ""));
}

export function isUnproxiedLocal(peer: string | undefined, headerNames: Iterable<string>): boolean {
  if (!isLoopbackPeer(peer)) return false;
  for (const name of headerNames) if (PROXY_HEADER.test(name)) return false;
  return true;
}

export function isDeveloperRequest(context: Readonly<RouterContextProvider>): boolean {
  return getConfig().developerMode && context.get(unproxiedLocalContext);
}

/** Only while no OIDC client is configured. */
export function localSignInOpen(context: Readonly<RouterContextProvider>): boolean {
  return getConfig().oidc === null && isDeveloperRequest(context);
}

/** The local test checkout (no Stripe keys) only for a developer's request. */
export function paymentsFor(context: Readonly<RouterContextProvider>): PaymentsConfig {
  const payments = getConfig().payments;
  return payments.mode === "local" && !isDeveloperRequest(context) ? { mode: "off" } : payments;
}
