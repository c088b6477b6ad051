import { useCallback, useRef, useState } from "react";

// Loading code when a page needs it rather than with the page (docs/decisions/0019-marketing-javascript.md):
// a dialog library on intent to open it (the portal's phone drawer).

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
