import { type ReactNode, useEffect, useState } from "react";

export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** Browser-only parts, never rendered on the server, where they only cost the render (docs/decisions/0033-warm-cost.md). */
export function AfterHydration({ children }: { children: ReactNode }) {
  return useHydrated() ? children : null;
}

/** `<html data-hydrated>` once every listener is in place; end-to-end tests wait for it. */
export function HydratedMark(): null {
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return null;
}
