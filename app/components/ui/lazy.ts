import { type RefObject, useCallback, useEffect, useRef, useState } from "react";

// Loading code when a page needs it rather than with the page (docs/decisions/0019-marketing-javascript.md):
// a dialog library on the first press of its button, a carousel engine once the carousel is near the screen.

/** Modules that have arrived, by loader: a component mounted later starts with its module at once. */
const loaded = new WeakMap<() => Promise<unknown>, unknown>();

/**
 * A module loaded by a dynamic `import()` when first asked for, so it stays out of the page's first
 * download. `null` until it has arrived; `request` resolves to it, or to `null` when it could not be
 * loaded (offline), and a later request tries again. `load` must be a stable function (module scope).
 */
export function useLazyModule<T>(
  load: () => Promise<T>,
): [module: T | null, request: () => Promise<T | null>] {
  const [module, setModule] = useState<T | null>(() => (loaded.get(load) as T | undefined) ?? null);
  const pending = useRef<Promise<T | null> | null>(null);
  const request = useCallback(() => {
    pending.current ??= load().then(
      (arrived) => {
        loaded.set(load, arrived);
        // A function-valued state is read as an updater: wrap it.
        setModule(() => arrived);
        return arrived;
      },
      () => {
        pending.current = null;
        return null;
      },
    );
    return pending.current;
  }, [load]);
  return [module, request];
}

/**
 * Calls `onNear` once, when the element comes within `rootMargin` of the viewport (at once where
 * IntersectionObserver is missing). `onNear` should be stable.
 */
export function useNearViewport(
  ref: RefObject<Element | null>,
  onNear: () => void,
  rootMargin = "200px 0px",
): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    if (typeof IntersectionObserver === "undefined") {
      onNear();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        onNear();
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, onNear, rootMargin]);
}
