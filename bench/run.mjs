// `npm run bench`: builds, then writes dated sections of docs/BENCHMARKS.md (Lighthouse on the public and
// the signed-in pages here, then bench/wake.mjs, first-press.mjs, http.mjs, people.mjs and live.mjs). Benchmarks, not tests: nothing
// passes or fails.
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import {
  lighthouseSection,
  measurePortal,
  PUBLIC_PAGES,
  portalSection,
  runLighthouse,
  startBuiltServer,
  writeLighthouseSection,
  writePortalSection,
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
const portal = portalSection(await measurePortal({ runs }), { runs });
writePortalSection(portal);
console.log(portal);
const wake = [path.join(root, "bench", "wake.mjs"), "--write"];
spawnSync(process.execPath, wake, { cwd: root, stdio: "inherit" });
spawnSync(process.execPath, [path.join(root, "bench", "first-press.mjs"), "--write"], {
  cwd: root,
  stdio: "inherit",
});
spawnSync(process.execPath, [path.join(root, "bench", "http.mjs")], { cwd: root, stdio: "inherit" });
spawnSync(process.execPath, [path.join(root, "bench", "people.mjs")], { cwd: root, stdio: "inherit" });
spawnSync(process.execPath, [path.join(root, "bench", "live.mjs")], { cwd: root, stdio: "inherit" });
