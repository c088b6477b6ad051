// Preloaded into the server by bench/live.mjs only (`--expose-gc --import`): on SIGUSR2, collect
// garbage and write process.memoryUsage() to $LIVE_PROBE_FILE, so memory per stream is measured on
// live objects, not on whatever garbage the collector had not yet reclaimed. Never part of the app.
import { writeFileSync } from "node:fs";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  globalThis.gc?.();
  writeFileSync(process.env.LIVE_PROBE_FILE ?? "/dev/null", JSON.stringify(process.memoryUsage()));
});
