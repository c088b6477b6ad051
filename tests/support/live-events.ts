import type { LiveBus, LiveEvent } from "~/server/live/bus.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function recordEvents(bus: LiveBus) {
  const heard: LiveEvent[] = [];
  const stop = await bus.subscribe((event) => heard.push(event));
  return {
    heard,
    stop,
    async waitFor(match: (event: LiveEvent) => boolean, timeoutMs = 3_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const found = heard.find(match);
        if (found) return found;
        await sleep(10);
      }
      throw new Error(`no matching event within ${timeoutMs} ms; heard ${JSON.stringify(heard)}`);
    },
  };
}
