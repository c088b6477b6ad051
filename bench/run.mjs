// `npm run bench`: builds (into $BUILD_DIR, default build), then measures on this machine and writes
// dated sections into docs/BENCHMARKS.md: Lighthouse (here), HTTP throughput and cold start
// (bench/http.mjs), people-like load (bench/people.mjs), live-update streams (bench/live.mjs). Benchmarks, not tests: nothing here passes or fails.
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import {
  lighthouseSection,
  PUBLIC_PAGES,
  runLighthouse,
  startBuiltServer,
  writeLighthouseSection,
} from "./lighthouse.mjs";

const root = path.resolve(import.meta.dirname, "..");

const build = spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], {
  cwd: root,
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startBuiltServer(3391);
const runs = 5;
const loadAverage = () => os.loadavg().map((value) => value.toFixed(2));
const start = loadAverage();
let rows;
try {
  rows = await runLighthouse(server.url, PUBLIC_PAGES, { runs });
} finally {
  await server.stop();
}
const section = lighthouseSection(rows, { runs, load: { start, end: loadAverage() } });
writeLighthouseSection(section);
console.log(section);
// HTTP throughput, latency and cold start on PGlite and PostgreSQL, against nginx (its own section).
spawnSync(process.execPath, [path.join(root, "bench", "http.mjs")], { cwd: root, stdio: "inherit" });
// People: signed-in clients and the coach with live streams, ramped until p95 passes 200 ms, on PGlite
// and PostgreSQL, nginx beside them (its own section).
spawnSync(process.execPath, [path.join(root, "bench", "people.mjs")], { cwd: root, stdio: "inherit" });
// Live updates: 1,000 open event streams on PostgreSQL (its own section).
spawnSync(process.execPath, [path.join(root, "bench", "live.mjs")], { cwd: root, stdio: "inherit" });
