import { createContext, type RouterContextProvider } from "react-router";
import { getConfig, isLoopbackHost, type PaymentsConfig } from "./env.server";

// Developer doors (local sign-in, the local test checkout) open only on a developer's own machine, judged
// by facts a visitor cannot send: developer mode (env.server.ts), a loopback TCP peer, and none of the
// headers a proxy adds. Never `Host`, `X-Forwarded-Host` or the URL's host name
// (docs/decisions/0035-behind-a-proxy.md).

/** Whether this request came over a loopback connection that no proxy forwarded (set per request). */
export const unproxiedLocalContext = createContext<boolean>(false);

/** Headers a proxy adds; a browser on the developer's machine sends none of them. */
const PROXY_HEADER = /^(?:forwarded|x-forwarded-[a-z-]+|x-real-ip|via)$/i;

/** A TCP peer on this machine: 127.0.0.0/8, ::1, or an IPv4-mapped 127 address. */
export function isLoopbackPeer(address: string | undefined): boolean {
  if (!address) return false;
  return isLoopbackHost(address.replace(/^::ffff:(?=127\.)/i, ""));
}

/** The connection's peer is this machine and no proxy header is present. */
export function isUnproxiedLocal(peer: string | undefined, headerNames: Iterable<string>): boolean {
  if (!isLoopbackPeer(peer)) return false;
  for (const name of headerNames) if (PROXY_HEADER.test(name)) return false;
  return true;
}

/** This request comes from a developer on their own machine: developer doors may open for it. */
export function isDeveloperRequest(context: Readonly<RouterContextProvider>): boolean {
  return getConfig().developerMode && context.get(unproxiedLocalContext);
}

/** Local sign-in: for a developer's request, and only while no OIDC client is configured. */
export function localSignInOpen(context: Readonly<RouterContextProvider>): boolean {
  return getConfig().oidc === null && isDeveloperRequest(context);
}

/** How this request may pay: the local test checkout (no Stripe keys) only for a developer's request. */
export function paymentsFor(context: Readonly<RouterContextProvider>): PaymentsConfig {
  const payments = getConfig().payments;
  return payments.mode === "local" && !isDeveloperRequest(context) ? { mode: "off" } : payments;
}
