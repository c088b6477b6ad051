// Lighthouse (mobile) on every public page, plus the gzipped JavaScript and CSS each loads.
// Usage: node bench/lighthouse.mjs [--url http://127.0.0.1:PORT] [--runs N] [--json FILE] [--before FILE] [--write]
// Without --url it starts the built server itself; a row keeps each category's lowest score over the runs.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { PUBLIC_PAGES } from "../app/content/prerender.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";

export { PUBLIC_PAGES };

const root = path.resolve(import.meta.dirname, "..");

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS];

async function waitForHealth(url, ms = 60_000) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server at ${url} did not become healthy`);
}

export async function startBuiltServer(port, env = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-data-"));
  const child = spawn(process.execPath, ["express-shell/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      DATABASE_URL: "",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHealth(url);
  return {
    url,
    async stop() {
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function assetBytes(url) {
  const html = await (await fetch(url)).text();
  const refs = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(js|css))"/g)].map((m) => ({
    href: m[1],
    type: m[2],
  }));
  const unique = [...new Map(refs.map((r) => [r.href, r])).values()];
  let js = 0;
  let css = 0;
  for (const ref of unique) {
    const body = Buffer.from(await (await fetch(new URL(ref.href, url))).arrayBuffer());
    const size = gzipSync(body, { level: 9 }).length;
    if (ref.type === "js") js += size;
    else css += size;
  }
  return { js, css };
}

/** docs/decisions/0030-html-first-pages.md. */
export const TARGETS = {
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  jsBytes: 60 * 1024,
};

export async function runLighthouse(baseUrl, pages = PUBLIC_PAGES, { runs = 1 } = {}) {
  const byPage = new Map();
  for (let run = 1; run <= runs; run++) {
    for (const row of await lighthouseOnce(baseUrl, pages)) {
      const seen = byPage.get(row.page);
      if (!seen) {
        byPage.set(row.page, { ...row, performanceRuns: [row.performance] });
        continue;
      }
      seen.performanceRuns.push(row.performance);
      for (const key of ["performance", "accessibility", "bestPractices", "seo"]) {
        seen[key] = Math.min(seen[key], row[key]);
      }
      seen.failing = [...new Set([...seen.failing, ...row.failing])];
    }
  }
  return pages.map((page) => byPage.get(page));
}

async function lighthouseOnce(baseUrl, pages) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
  });
  const rows = [];
  try {
    for (const page of pages) {
      const url = `${baseUrl}${page}`;
      const audit = () =>
        lighthouse(url, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
          formFactor: "mobile",
        });
      let result = await audit();
      // A trace Lighthouse failed to read (score null) says nothing about the page: run it once more.
      const unscored = (r) => Object.values(r.lhr.categories).some((category) => category.score === null);
      let retried = false;
      if (unscored(result)) {
        console.warn(
          `Lighthouse could not score ${page} (${result.lhr.runtimeError?.code ?? "no score"}); running it again`,
        );
        result = await audit();
        retried = true;
      }
      const c = result.lhr.categories;
      const score = (k) => Math.round((c[k]?.score ?? 0) * 100);
      const failing = Object.values(result.lhr.audits)
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
        .map((a) => a.id);
      if (retried) failing.push("(measured on a second run: the first could not be scored)");
      rows.push({
        page,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        ...(await assetBytes(url)),
        failing,
      });
    }
  } finally {
    await chrome.kill();
  }
  return rows;
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const mark = (value, target) => (value >= target ? `${value}` : `**${value}**`);

export function lighthouseSection(rows, { runs, load, before = null, beforeLabel = "before" }) {
  const date = new Date().toISOString().slice(0, 10);
  const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}`;
  const old = new Map((before ?? []).map((row) => [row.page, row]));
  const then = (page, value) => (old.has(page) ? `${value(old.get(page))} → ` : "");
  const table = [
    `| page | performance, lowest of ${runs} (each run) | accessibility | best practices | SEO | JS (gzip KB) | CSS (gzip KB) |`,
    "|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.page} | ${then(r.page, (b) => b.performance)}${mark(r.performance, TARGETS.performance)} (${r.performanceRuns.join(", ")}) | ${mark(r.accessibility, TARGETS.accessibility)} | ${mark(r.bestPractices, TARGETS.bestPractices)} | ${mark(r.seo, TARGETS.seo)} | ${then(r.page, (b) => kb(b.js))}${r.js > TARGETS.jsBytes ? `**${kb(r.js)}**` : kb(r.js)} | ${kb(r.css)} |`,
    ),
  ].join("\n");
  const failing = rows
    .filter((r) => r.failing.length)
    .map((r) => `- ${r.page}: ${r.failing.join(", ")}`)
    .join("\n");
  return `<!-- lighthouse:start -->
## Lighthouse (mobile) and bytes per public page — ${date}

Measured by \`npm run bench\` (bench/lighthouse.mjs) on ${machine}, Debian Chromium, the built server on
the embedded database; every page ${runs} times in a row, each category's lowest score kept (the
performance of each run in brackets). Load average (1, 5, 15 min) at the start ${load.start.join(", ")},
at the end ${load.end.join(", ")}: the machine is shared, and performance dips with its load. Bold marks a
figure off its target (performance ≥ ${TARGETS.performance} in every run; accessibility, best practices
and SEO 100; ≤ ${TARGETS.jsBytes / 1024} KB gzipped JavaScript). JS and CSS are the gzipped sizes of the
scripts and stylesheets the page's HTML loads.${before ? ` "a → b": ${beforeLabel} → now, measured the same way in the same hour.` : ""}

${table}
${failing ? `\nAudits not passing:\n${failing}\n` : ""}<!-- lighthouse:end -->`;
}

export function writeLighthouseSection(section) {
  const file = path.join(root, "docs", "BENCHMARKS.md");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const pattern = /<!-- lighthouse:start -->[\s\S]*<!-- lighthouse:end -->/;
  writeFileSync(
    file,
    pattern.test(current) ? current.replace(pattern, section) : `${current.trimEnd()}\n\n${section}\n`,
  );
}

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2));

function option(name) {
  const at = process.argv.indexOf(name);
  return at > -1 ? process.argv[at + 1] : undefined;
}

if (import.meta.main) {
  const url = option("--url");
  const runs = Number(option("--runs") ?? 5);
  const server = url ? null : await startBuiltServer(3390);
  const base = server ? server.url : url;
  const start = loadAverage();
  try {
    const rows = await runLighthouse(base, PUBLIC_PAGES, { runs });
    const load = { start, end: loadAverage() };
    console.log(JSON.stringify({ load, rows }, null, 2));
    const json = option("--json");
    if (json) writeFileSync(json, JSON.stringify({ load, rows }, null, 2));
    if (process.argv.includes("--write")) {
      const beforeFile = option("--before");
      const before = beforeFile ? JSON.parse(readFileSync(beforeFile, "utf8")).rows : null;
      writeLighthouseSection(
        lighthouseSection(rows, { runs, load, before, beforeLabel: option("--before-label") }),
      );
    }
  } finally {
    await server?.stop();
  }
}
