import { logger } from "../logger.server";
import type { LiveBus, LiveHandler } from "./bus.server";

/**
 * A cache that listens on the bus is neither read nor filled while the LISTEN is down (events may be
 * missed), and forgets everything when listening (re)starts.
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
    reset(): void {
      state = "off";
    },
  };
}
