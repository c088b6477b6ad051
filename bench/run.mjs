// `npm run bench`: builds (into $BUILD_DIR, default build), then measures on this machine and writes
// dated sections into docs/BENCHMARKS.md: Lighthouse (here), HTTP throughput and cold start
// (bench/http.mjs), people-like load (bench/people.mjs), live-update streams (bench/live.mjs). Benchmarks, not tests: nothing here passes or fails.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { runLighthouse, startBuiltServer } from "./lighthouse.mjs";

const root = path.resolve(import.meta.dirname, "..");
const file = path.join(root, "docs", "BENCHMARKS.md");

const build = spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], {
  cwd: root,
  stdio: "inherit",
});
if (build.status !== 0) process.exit(build.status ?? 1);

const server = await startBuiltServer(3391);
let rows;
try {
  rows = await runLighthouse(server.url);
} finally {
  await server.stop();
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const mark = (value, target) => (value >= target ? `${value}` : `**${value}**`);
const date = new Date().toISOString().slice(0, 10);
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;
const table = [
  "| page | performance | accessibility | best practices | SEO | JS (gzip KB) | CSS (gzip KB) |",
  "|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.page} | ${mark(r.performance, 95)} | ${mark(r.accessibility, 100)} | ${mark(r.bestPractices, 100)} | ${mark(r.seo, 100)} | ${r.js > 130 * 1024 ? `**${kb(r.js)}**` : kb(r.js)} | ${kb(r.css)} |`,
  ),
].join("\n");
const failing = rows
  .filter((r) => r.failing.length)
  .map((r) => `- ${r.page}: ${r.failing.join(", ")}`)
  .join("\n");

const section = `<!-- lighthouse:start -->
## Lighthouse (mobile) and bytes per public page — ${date}

Measured by \`npm run bench\` (bench/lighthouse.mjs) on ${machine}, Debian Chromium, the built server on
the embedded database. Bold marks a figure below its target (performance ≥ 95; accessibility, best
practices and SEO 100; ≤ 130 KB gzipped JavaScript). JS and CSS are the gzipped sizes of the scripts and
stylesheets the page's HTML loads (lazy chunks, such as the toast library, are not counted).

${table}
${failing ? `\nAudits not passing:\n${failing}\n` : ""}<!-- lighthouse:end -->`;

const current = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
const next = /<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/.test(current)
  ? current.replace(/<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/, section)
  : `${current.trimEnd()}\n\n${section}\n`;
writeFileSync(file, next);
console.log(table);
// HTTP throughput, latency and cold start on PGlite and PostgreSQL, against nginx (its own section).
spawnSync(process.execPath, [path.join(root, "bench", "http.mjs")], { cwd: root, stdio: "inherit" });
// People: signed-in clients and the coach with live streams, ramped until p95 passes 200 ms, on PGlite
// and PostgreSQL, nginx beside them (its own section).
spawnSync(process.execPath, [path.join(root, "bench", "people.mjs")], { cwd: root, stdio: "inherit" });
// Live updates: 1,000 open event streams on PostgreSQL (its own section).
spawnSync(process.execPath, [path.join(root, "bench", "live.mjs")], { cwd: root, stdio: "inherit" });
