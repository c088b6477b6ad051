import { type ReactNode, useEffect, useState } from "react";

/** False in the server's HTML and until React has hydrated the page: what works without JavaScript shows until then. */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * What only acts in the browser (listeners, the live stream, the toast host, analytics): rendered once
 * the page has hydrated, never on the server, where it would draw nothing and only cost the render its
 * hooks (docs/decisions/0033-warm-cost.md).
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

/**
 * Marks the document as running React (`<html data-hydrated>`), once what AfterHydration holds has
 * mounted: from then on every listener and per-row control is in place. End-to-end tests wait for it.
 */
export function HydratedMark(): null {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return null;
}
