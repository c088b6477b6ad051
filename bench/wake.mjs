// What a person pays when a portal page wakes (docs/decisions/0042-hydrate-on-intent.md): from the first
// press on a page read as HTML to React hydrated, on Lighthouse's phone (4× slower CPU, 150 ms round trips,
// 1.6 Mbit/s down), with an empty cache (a first visit) and a warm one (every later visit: assets are
// immutable). Usage: node bench/wake.mjs [--runs N] [--write]
import os from "node:os";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { PORTAL_PAGES, startPortalServer } from "./lighthouse.mjs";
import { PHONE_VIEWPORT, phonePage } from "./phone.mjs";
import { ADMIN_EMAIL, CLIENT_EMAIL, median, signIn, writeBenchmarkSection } from "./support.mjs";

const PAGES = ["/dashboard", "/admin/clients"];

/** ms from navigation start to first contentful paint, and from a Shift press to `data-hydrated`. */
async function once(browser, base, cookie, path, { warm }) {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name, value, url: base, httpOnly: true, sameSite: "Lax" }]);
  try {
    const { page, cdp } = await phonePage(context);
    if (warm) {
      await page.goto(`${base}${path}`);
      await page.keyboard.press("Shift");
      await page.waitForSelector("html[data-hydrated]", { timeout: 60_000 });
    } else {
      await cdp.send("Network.clearBrowserCache");
    }
    await page.goto(`${base}${path}`, { waitUntil: "load" });
    const asleep = await page.evaluate(() => document.documentElement.dataset.wake);
    if (asleep !== "asleep") throw new Error(`${path} was ${asleep} at load, not asleep`);
    const fcp = await page.evaluate(
      () => performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
    );
    const pressed = await page.evaluate(() => performance.now());
    await page.keyboard.press("Shift");
    await page.waitForSelector("html[data-hydrated]", { timeout: 60_000 });
    const hydrated = await page.evaluate(() => performance.now());
    return { fcp, wake: hydrated - pressed };
  } finally {
    await context.close();
  }
}

const { values } = parseArgs({ options: { runs: { type: "string" }, write: { type: "boolean" } } });
const runs = Number(values.runs ?? 5);
const server = await startPortalServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const loadStart = os.loadavg().map((v) => v.toFixed(2));
const rows = [];
try {
  const cookies = {
    client: await signIn(server.url, CLIENT_EMAIL),
    admin: await signIn(server.url, ADMIN_EMAIL),
  };
  for (const path of PAGES) {
    const as = PORTAL_PAGES.find((p) => p.page === path)?.as ?? "client";
    for (const warm of [false, true]) {
      const results = [];
      for (let i = 0; i < runs; i++)
        results.push(await once(browser, server.url, cookies[as], path, { warm }));
      const sorted = (key) => results.map((r) => r[key]).sort((a, b) => a - b);
      const row = {
        path,
        cache: warm ? "warm" : "empty",
        fcp: median(sorted("fcp")),
        wake: median(sorted("wake")),
        wakeRuns: results.map((r) => Math.round(r.wake)),
      };
      console.log(JSON.stringify(row));
      rows.push(row);
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
const loadEnd = os.loadavg().map((v) => v.toFixed(2));
const s = (ms) => (ms / 1000).toFixed(2);
const section = `<!-- wake:start -->
## Waking a portal page on a phone — ${new Date().toISOString().slice(0, 10)}

Measured by \`node bench/wake.mjs\` on ${os.cpus().length} cores, Debian Chromium driven by Playwright with
Lighthouse's phone throttling applied through the DevTools protocol (CPU 4× slower, 150 ms latency,
1.6 Mbit/s down, 750 kbit/s up), 412×823, the built server on PGlite with the seed and 5,000 people.
A page is opened, then Shift is pressed (the first sign of a person): "wake" is from that press to React
hydrated (\`data-hydrated\`), the median of ${runs} runs (each run in the last column). "Empty" starts from a
cleared cache (a first visit); "warm" from a cache holding the assets of an earlier wake (any later
visit: they are immutable). Load average (1, 5, 15 min) ${loadStart.join(", ")} at the start,
${loadEnd.join(", ")} at the end.

| page | cache | first contentful paint s (median) | wake s (median) | each run ms |
|---|---|---|---|---|
${rows.map((r) => `| ${r.path} | ${r.cache} | ${s(r.fcp)} | ${s(r.wake)} | ${r.wakeRuns.join(", ")} |`).join("\n")}
<!-- wake:end -->`;
console.log(section);
if (values.write) writeBenchmarkSection("wake", section, { after: "<!-- lighthouse-portal:end -->" });
