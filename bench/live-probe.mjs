// Preloaded into the server by bench/live.mjs only: on SIGUSR2, collect garbage and write memoryUsage() to
// $LIVE_PROBE_FILE, so memory per stream is measured on live objects. Never part of the app.
import { writeFileSync } from "node:fs";

process.on("SIGUSR2", () => {
  globalThis.gc?.();
  globalThis.gc?.();
  writeFileSync(process.env.LIVE_PROBE_FILE ?? "/dev/null", JSON.stringify(process.memoryUsage()));
});
