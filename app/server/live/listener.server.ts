import { logger } from "../logger.server";
import type { LiveBus, LiveHandler } from "./bus.server";

/**
 * What a cache in this process needs from the live-updates bus: to hear every change, and to know
 * whether it hears them right now. Until the subscription works, and whenever the LISTEN connection
 * is down (events may be missed; the database is often down too), `serving()` is false and the cache
 * must be neither read nor filled. `forgetAll` runs when listening starts and when events may have
 * been missed (a reconnect). A failed subscription is tried again by a later `listen`, after 5 s.
 */
export function busListener(name: string, onEvent: LiveHandler, forgetAll: () => void) {
  let state: "off" | "subscribing" | "on" = "off";
  let source: LiveBus | undefined;
  return {
    listen(bus: LiveBus): void {
      if (state !== "off") return;
      state = "subscribing";
      source = bus;
      bus.subscribe(onEvent, forgetAll).then(
        () => {
          forgetAll();
          state = "on";
        },
        (error: Error) => {
          logger.warn({ err: error.message }, `${name}: cannot listen for changes; not caching`);
          setTimeout(() => {
            state = "off";
          }, 5_000).unref();
        },
      );
    },
    serving: () => state === "on" && source?.listening() === true,
    /** For shutdown and tests: not serving until `listen` is called again. */
    reset(): void {
      state = "off";
    },
  };
}
