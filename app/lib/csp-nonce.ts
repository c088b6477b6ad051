import { createContext as createReactContext, useContext } from "react";
import { createContext, RouterContextProvider } from "react-router";

// A fresh nonce per server-rendered response (docs/decisions/0017-content-security-policy.md);
// pre-rendered pages have none: their inline scripts are allowed by hash.

/** Null while pre-rendering (and in the dev server). */
export const cspNonceContext = createContext<string | null>(null);

export function loadContextWithNonce(nonce: string): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, nonce);
  return context;
}

const NonceContext = createReactContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

/** Undefined in the browser: the scripts already ran, and the browser hides the attribute anyway. */
export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
