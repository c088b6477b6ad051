import { useCallback, useRef, useState } from "react";

// docs/decisions/0019-marketing-javascript.md.

const loaded = new WeakMap<() => Promise<unknown>, unknown>();

/** `null` until arrived; `request` resolves to null offline, and a later request tries again. `load` must be stable. */
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
