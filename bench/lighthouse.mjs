// Lighthouse (mobile) on every public page, plus the gzipped JavaScript and CSS each loads; and on the
// signed-in portal pages, with a session made by the app's own local sign-in, FCP/LCP/TBT and the scripts
// the page really loaded during the run.
// Usage: node bench/lighthouse.mjs [--public | --portal] [--pages /dashboard,/admin] [--runs N] [--write]
//   [--url http://127.0.0.1:PORT] [--json FILE] [--before FILE] [--before-label TEXT]
// Every page and 5 runs unless told; --write replaces the measured sections of docs/BENCHMARKS.md. Without
// --url it starts the built server itself (for the portal, on a seeded database); a --url server must let
// this machine sign in locally and, for /admin/clients, hold the bench's people. A row keeps each
// category's lowest score over the runs. --before compares the public rows only.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { PUBLIC_PAGES } from "../app/content/prerender.ts";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import {
  ADMIN_EMAIL,
  CLIENT_EMAIL,
  freePort,
  PEOPLE,
  requireBuild,
  root,
  SEED_SQL,
  seededPglite,
  signIn,
  startServer,
  writeBenchmarkSection,
} from "./support.mjs";

export { PUBLIC_PAGES };

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

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);

async function audit(url, port, categories) {
  const once = () =>
    lighthouse(url, {
      port,
      output: "json",
      logLevel: "error",
      onlyCategories: categories,
      formFactor: "mobile",
    });
  let { lhr } = await once();
  // A trace Lighthouse failed to read (score null) says nothing about the page: run it once more.
  const unscored = (r) => Object.values(r.categories).some((category) => category.score === null);
  let retried = false;
  if (unscored(lhr)) {
    console.warn(
      `Lighthouse could not score ${url} (${lhr.runtimeError?.code ?? "no score"}); running it again`,
    );
    ({ lhr } = await once());
    retried = true;
  }
  const failing = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  if (retried) failing.push("(measured on a second run: the first could not be scored)");
  return { lhr, failing };
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
      const { lhr, failing } = await audit(url, chrome.port, [
        "performance",
        "accessibility",
        "best-practices",
        "seo",
      ]);
      rows.push({
        page,
        performance: score(lhr, "performance"),
        accessibility: score(lhr, "accessibility"),
        bestPractices: score(lhr, "best-practices"),
        seo: score(lhr, "seo"),
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
  writeBenchmarkSection("lighthouse", section);
}

// ── Signed-in portal pages ──────────────────────────────────────────────────────────────────────

/** What each page must show for the audit to count: signed in as `as`, the real portal, not the demo. */
export const PORTAL_PAGES = [
  { page: "/dashboard", as: "client", shows: "Welcome back, Daniel" },
  { page: "/lessons", as: "client", shows: "Lessons" },
  { page: "/homework", as: "client", shows: "Homework" },
  { page: "/plan", as: "client", shows: "Tier: Pro" },
  { page: "/billing", as: "client", shows: "Billing" },
  { page: "/admin", as: "admin", shows: "Hello Jordan" },
  // The first of the bench's 5,000 people (SEED_SQL in bench/support.mjs): the list is the full one.
  { page: "/admin/clients", as: "admin", shows: "bench-00001@example.com" },
];
const PORTAL_PEOPLE = { client: CLIENT_EMAIL, admin: ADMIN_EMAIL };
const DEMO_BANNER = "This is a read-only demo"; // app/components/portal/portal-page.tsx

/** The signed-in pages' targets; JavaScript and requests counted on the first load of the page. */
export const PORTAL_TARGETS = {
  performance: 95,
  accessibility: 100,
  bestPractices: 100,
  fcpMs: 1800,
  jsBytes: 90 * 1024,
  scriptRequests: 6,
};

/** The built server on a PGlite folder with the seed and the bench's 5,000 people. */
export async function startPortalServer() {
  requireBuild();
  const dataDir = await seededPglite(SEED_SQL);
  const server = await startServer({ dataDir, port: await freePort(), probePath: "/healthz" });
  return {
    url: server.url,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Puts the session cookie in the browser's own cookie jar (Lighthouse clears caches between runs, not
 * cookies), then opens the page once in that browser to see it is the signed-in page.
 */
async function signInBrowser(port, base, cookie, target) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const context = browser.contexts()[0];
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: base, httpOnly: true, sameSite: "Lax" }]);
    const page = await context.newPage();
    await page.goto(`${base}${target.page}`);
    // The header's sign-out sits in the closed mobile menu: its text, not what is on screen.
    const seen = await page.evaluate(() => ({
      path: location.pathname,
      header: document.querySelector("header")?.textContent ?? "",
      text: document.body.innerText,
    }));
    await page.close();
    const signedIn = seen.header.includes("Sign out") && seen.text.includes(target.shows);
    if (seen.path !== target.page || !signedIn || seen.text.includes(DEMO_BANNER))
      throw new Error(
        `${target.page} as ${target.as}: the browser shows ${seen.path}${seen.text.includes(DEMO_BANNER) ? " (the demo)" : ""}, not the signed-in page`,
      );
  } finally {
    // Disconnects only: the browser and its cookies stay for Lighthouse, with no other client attached.
    await browser.close();
  }
}

/** A redirect (to /login, or an admin sent to /dashboard) shows as another first document. */
function checkAudited(lhr, target) {
  const document = lhr.audits["network-requests"].details.items.find((r) => r.resourceType === "Document");
  const final = new URL(lhr.finalDisplayedUrl).pathname;
  if (final !== target.page || new URL(document.url).pathname !== target.page || document.statusCode !== 200)
    throw new Error(
      `Lighthouse audited ${final} (first document ${document.url}, ${document.statusCode}), not ${target.page}`,
    );
}

const gzipCache = new Map();
async function gzipBytes(url, cookie) {
  if (!gzipCache.has(url)) {
    const body = Buffer.from(await (await fetch(url, { headers: { cookie } })).arrayBuffer());
    gzipCache.set(url, gzipSync(body, { level: 9 }).length);
  }
  return gzipCache.get(url);
}

/** One run's figures; scripts as the run loaded them (late imports included), not as the HTML names them. */
async function portalFigures(lhr, cookie) {
  const requests = lhr.audits["network-requests"].details.items;
  const scripts = requests.filter((r) => r.resourceType === "Script");
  let js = 0;
  for (const script of scripts) js += await gzipBytes(script.url, cookie);
  const metric = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score(lhr, "performance"),
    accessibility: score(lhr, "accessibility"),
    bestPractices: score(lhr, "best-practices"),
    fcp: metric("first-contentful-paint"),
    lcp: metric("largest-contentful-paint"),
    tbt: metric("total-blocking-time"),
    js,
    jsTransferred: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    scriptRequests: scripts.length,
    requests: requests.length,
    // For --json: what the figures are made of.
    scripts: scripts.map((r) => new URL(r.url).pathname),
    types: Object.fromEntries(
      Object.entries(Object.groupBy(requests, (r) => r.resourceType ?? "Other")).map(([type, list]) => [
        type,
        list.length,
      ]),
    ),
    benchmarkIndex: lhr.environment.benchmarkIndex,
    browser: lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? "Chromium",
  };
}

const loadAverage = () => os.loadavg().map((value) => value.toFixed(2));

/** Page by page: one browser and `runs` audits each, the load average read before and after them. */
export async function runPortalLighthouse(baseUrl, pages = PORTAL_PAGES, { runs = 5 } = {}) {
  const cookies = {};
  for (const as of new Set(pages.map((t) => t.as))) cookies[as] = await signIn(baseUrl, PORTAL_PEOPLE[as]);
  const rows = [];
  for (const target of pages) {
    const cookie = cookies[target.as];
    const load = { start: loadAverage() };
    const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS });
    const each = [];
    let failing = [];
    try {
      await signInBrowser(chrome.port, baseUrl, cookie, target);
      for (let run = 1; run <= runs; run++) {
        const result = await audit(`${baseUrl}${target.page}`, chrome.port, [
          "performance",
          "accessibility",
          "best-practices",
        ]);
        checkAudited(result.lhr, target);
        each.push(await portalFigures(result.lhr, cookie));
        failing = [...new Set([...failing, ...result.failing])];
      }
    } finally {
      await chrome.kill();
    }
    load.end = loadAverage();
    const lowest = (key) => Math.min(...each.map((r) => r[key]));
    const highest = (key) => Math.max(...each.map((r) => r[key]));
    const heaviest = each.reduce((a, b) => (b.js > a.js ? b : a));
    const row = {
      page: target.page,
      as: target.as,
      performance: lowest("performance"),
      performanceRuns: each.map((r) => r.performance),
      accessibility: lowest("accessibility"),
      bestPractices: lowest("bestPractices"),
      fcp: highest("fcp"),
      lcp: highest("lcp"),
      tbt: highest("tbt"),
      js: highest("js"),
      heaviest: { scripts: heaviest.scripts, types: heaviest.types },
      jsTransferred: highest("jsTransferred"),
      scriptRequests: highest("scriptRequests"),
      requests: highest("requests"),
      benchmarkIndex: lowest("benchmarkIndex"),
      browser: each[0].browser,
      load,
      failing,
    };
    console.log(JSON.stringify(row));
    rows.push(row);
  }
  return rows;
}

/** Signs in through the server (without `url`, one it starts on a seeded database) and audits `pages`. */
export async function measurePortal({ url, pages = PORTAL_PAGES, runs = 5 } = {}) {
  const server = url ? null : await startPortalServer();
  try {
    return await runPortalLighthouse(server ? server.url : url, pages, { runs });
  } finally {
    await server?.stop();
  }
}

const seconds = (ms) => (ms / 1000).toFixed(2);

export function portalSection(rows, { runs }) {
  const date = new Date().toISOString().slice(0, 10);
  const t = PORTAL_TARGETS;
  const bold = (text, off) => (off ? `**${text}**` : `${text}`);
  const who = { client: `Pro client (${CLIENT_EMAIL})`, admin: `admin (${ADMIN_EMAIL})` };
  const table = [
    `| page | as | performance, lowest of ${runs} (each run) | accessibility | best practices | FCP s | LCP s | TBT ms | JS loaded (gzip KB) | script requests | all requests | load average (1 min) start → end | Lighthouse benchmark index |`,
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(
      (r) =>
        `| ${r.page} | ${r.as} | ${bold(r.performance, r.performance < t.performance)} (${r.performanceRuns.join(", ")}) | ${bold(r.accessibility, r.accessibility < t.accessibility)} | ${bold(r.bestPractices, r.bestPractices < t.bestPractices)} | ${bold(seconds(r.fcp), r.fcp > t.fcpMs)} | ${seconds(r.lcp)} | ${Math.round(r.tbt)} | ${bold(kb(r.js), r.js > t.jsBytes)} | ${bold(r.scriptRequests, r.scriptRequests > t.scriptRequests)} | ${r.requests} | ${r.load.start[0]} → ${r.load.end[0]} | ${Math.round(r.benchmarkIndex)} |`,
    ),
  ].join("\n");
  const failing = rows
    .filter((r) => r.failing.length)
    .map((r) => `- ${r.page}: ${r.failing.join(", ")}`)
    .join("\n");
  const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node}, Debian Chromium (${rows[0]?.browser})`;
  const loads = rows.flatMap((r) => [r.load.start, r.load.end]);
  const people = Object.entries(who)
    .filter(([as]) => rows.some((r) => r.as === as))
    .map(([as, text]) => `"${as}" is the ${text}`)
    .join(", ");
  return `<!-- lighthouse-portal:start -->
## Lighthouse (mobile) on the signed-in portal pages — ${date}

Measured by \`npm run bench\` (bench/lighthouse.mjs; alone: \`node bench/lighthouse.mjs --portal --write\`) on ${machine}. The built server on the embedded database (PGlite) holding the seed and the bench's ${PEOPLE.toLocaleString("en")} people (SEED_SQL in bench/support.mjs); ${people}. Each signs in through the app's local sign-in (\`POST /login\`: the server makes the session and its cookie); the cookie goes into the browser's own jar, and the browser first opens the page to see it signed in (not /login, not the demo). Page by page: one browser, ${runs} Lighthouse run${runs === 1 ? "" : "s"} in a row (caches cleared between runs, the cookie kept), each run checked to have audited the page itself (its first document answered 200 at that path). Kept: each category's lowest score (the performance of each run in brackets), the slowest FCP, LCP and TBT, and the most JavaScript: the scripts the run loaded (Lighthouse's network requests, so later imports count too), each body gzipped at level 9, and how many there were.

Machine state: the machine is shared, and scores dip with its load. Each row was taken at the load average in its row (1 minute, read before its first run and after its last); over the section the load average (1, 5, 15 min) went from ${loads[0]?.join(", ")} to ${loads.at(-1)?.join(", ")}. The benchmark index is Lighthouse's own measure of the CPU, taken in each run before the page loads; a row shows its lowest (higher is faster; Lighthouse counts 1000 and more as a desktop-class machine). Bold marks a figure off its target: performance ≥ ${t.performance} in every run, accessibility and best practices 100, FCP ≤ ${seconds(t.fcpMs)} s, ≤ ${t.jsBytes / 1024} KB of gzipped JavaScript in ≤ ${t.scriptRequests} script requests.

${table}
${failing ? `\nAudits not passing:\n${failing}\n` : ""}<!-- lighthouse-portal:end -->`;
}

export function writePortalSection(section) {
  writeBenchmarkSection("lighthouse-portal", section, { before: "<!-- mail:start -->" });
}

// ── Command line ────────────────────────────────────────────────────────────────────────────────

if (import.meta.main) {
  const { values: args } = parseArgs({
    options: {
      url: { type: "string" },
      runs: { type: "string", default: "5" },
      public: { type: "boolean", default: false },
      portal: { type: "boolean", default: false },
      pages: { type: "string" },
      json: { type: "string" },
      before: { type: "string" },
      "before-label": { type: "string" },
      write: { type: "boolean", default: false },
    },
  });
  const runs = Number(args.runs);
  const wanted = args.pages?.split(",").map((p) => p.trim());
  const unknown = wanted?.filter((p) => !PUBLIC_PAGES.includes(p) && !PORTAL_PAGES.some((t) => t.page === p));
  if (unknown?.length) {
    console.error(
      `Not a page this bench measures: ${unknown.join(", ")} (public: ${PUBLIC_PAGES.join(", ")}; portal: ${PORTAL_PAGES.map((t) => t.page).join(", ")})`,
    );
    process.exit(2);
  }
  const all = !args.public && !args.portal;
  const publicPages = args.public || all ? PUBLIC_PAGES.filter((p) => !wanted || wanted.includes(p)) : [];
  const portalPages =
    args.portal || all ? PORTAL_PAGES.filter((t) => !wanted || wanted.includes(t.page)) : [];
  const output = {};
  if (publicPages.length) {
    const server = args.url ? null : await startBuiltServer(await freePort());
    const start = loadAverage();
    try {
      output.rows = await runLighthouse(server ? server.url : args.url, publicPages, { runs });
      output.load = { start, end: loadAverage() };
    } finally {
      await server?.stop();
    }
    if (args.write) {
      const before = args.before ? JSON.parse(readFileSync(args.before, "utf8")).rows : null;
      writeLighthouseSection(
        lighthouseSection(output.rows, {
          runs,
          load: output.load,
          before,
          beforeLabel: args["before-label"],
        }),
      );
    }
  }
  if (portalPages.length) {
    output.portal = await measurePortal({ url: args.url, pages: portalPages, runs });
    const section = portalSection(output.portal, { runs });
    if (args.write) writePortalSection(section);
    console.log(section);
  }
  if (args.json) writeFileSync(args.json, JSON.stringify(output, null, 2));
  if (output.rows) console.log(JSON.stringify({ load: output.load, rows: output.rows }, null, 2));
}
