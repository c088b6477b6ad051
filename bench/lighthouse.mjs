// Lighthouse (mobile) on every public page, plus the gzipped JavaScript and CSS each page loads.
// Usage: node bench/lighthouse.mjs [--url http://127.0.0.1:PORT] — without --url it builds nothing and
// starts the built server itself on a fresh embedded database. Prints JSON rows; bench/run.mjs writes
// them into docs/BENCHMARKS.md.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
export const PUBLIC_PAGES = [
  "/",
  "/about",
  "/faq",
  "/pricing",
  "/next-offer-coaching-program",
  "/workshops",
  "/privacy",
  "/login",
];

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

/** Gzipped bytes of the page's own scripts and stylesheets (what a first visit downloads). */
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

export async function runLighthouse(baseUrl, pages = PUBLIC_PAGES) {
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
      // A run that could not score a category (a trace Lighthouse failed to read: score null) says
      // nothing about the page; run it once more and keep that one, noting the retry.
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

if (import.meta.main) {
  const urlArg = process.argv.indexOf("--url");
  const server = urlArg > -1 ? null : await startBuiltServer(3390);
  const base = server ? server.url : process.argv[urlArg + 1];
  try {
    console.log(JSON.stringify(await runLighthouse(base), null, 2));
  } finally {
    await server?.stop();
  }
}
