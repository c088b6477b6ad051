import { type RefObject, useCallback, useEffect, useState } from "react";
import { useNearViewport } from "../ui/lazy";

/**
 * - `idle`: not near the screen yet, nothing requested;
 * - `loading`: the iframe is there but hidden, waiting for its `load`;
 * - `ready`: loaded, shown;
 * - `offline`: the browser says it is offline, so no iframe (and no request) at all;
 * - `slow`: nothing loaded in time; the hidden iframe stays, and shows if it still arrives.
 */
export type EmbedStatus = "idle" | "loading" | "ready" | "offline" | "slow";

/**
 * When an embed creates its iframe and when it shows it (docs/decisions/0019-marketing-javascript.md).
 * The iframe is created once `area` comes near the screen and shown on its `load`. Nothing of ours
 * checks the provider first: a page cannot fail a request without the browser logging an error in the
 * console, while a failed iframe navigation is silent (the frame then shows the browser's own error
 * page, beside the link that always works). A browser that knows it is offline gets the polite note at
 * once and tries again by itself when the connection is back.
 */
export function useEmbed(area: RefObject<HTMLElement | null>, timeoutMs: number, rootMargin: string) {
  const [status, setStatus] = useState<EmbedStatus>("idle");
  // A new attempt is a new iframe (its React key).
  const [attempt, setAttempt] = useState(0);

  const start = useCallback(() => {
    setAttempt((n) => n + 1);
    setStatus(navigator.onLine ? "loading" : "offline");
  }, []);
  useNearViewport(area, start, rootMargin);

  useEffect(() => {
    if (status === "loading") {
      const timer = window.setTimeout(() => setStatus("slow"), timeoutMs);
      const offline = () => setStatus("offline");
      window.addEventListener("offline", offline);
      return () => {
        window.clearTimeout(timer);
        window.removeEventListener("offline", offline);
      };
    }
    if (status === "offline") {
      window.addEventListener("online", start);
      return () => window.removeEventListener("online", start);
    }
  }, [status, timeoutMs, start]);

  const onFrameLoad = useCallback(
    () => setStatus((s) => (s === "loading" || s === "slow" ? "ready" : s)),
    [],
  );

  return {
    status,
    /** Key for the iframe: a retry makes a new one. */
    attempt,
    /** Whether the iframe is in the page (hidden until `ready`). */
    showFrame: status === "loading" || status === "ready" || status === "slow",
    failed: status === "offline" || status === "slow",
    onFrameLoad,
    retry: start,
  };
}
