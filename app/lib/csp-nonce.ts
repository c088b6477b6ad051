import { createContext as createReactContext, useContext } from "react";
import { createContext, RouterContextProvider } from "react-router";

// The Content-Security-Policy nonce of one server-rendered response (docs/decisions/0017). The server
// (express-shell/security.ts) makes a fresh one per request, puts it in the CSP header and hands it to the app
// through the load context; entry.server.tsx gives it to React, React Router and our inline scripts.
// Pre-rendered pages have none: their inline scripts are allowed by hash instead.

/** The request's nonce in the load context; null while pre-rendering (and in the dev server). */
export const cspNonceContext = createContext<string | null>(null);

/** The load context for one request, carrying its nonce (express-shell/main.ts's getLoadContext). */
export function loadContextWithNonce(nonce: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, nonce);
  return context;
}

const NonceContext = createReactContext<string | undefined>(undefined);

/** Provides the nonce to the components below while rendering on the server. */
export const NonceProvider = NonceContext.Provider;

/**
 * The nonce for an inline `<script>` rendered on the server. Undefined in the browser: there the
 * scripts already ran, and the browser hides the attribute anyway.
 */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
