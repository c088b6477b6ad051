// What a person pays when a portal page wakes (docs/decisions/0042-hydrate-on-intent.md): from the first
// press on a page read as HTML to React hydrated, on Lighthouse's phone (4× slower CPU, 150 ms round trips,
// 1.6 Mbit/s down), with an empty cache (a first visit) and a warm one (every later visit: assets are
// immutable). Usage: node bench/wake.mjs [--runs N] [--write]
import { PORTAL_PAGES } from "./lighthouse.mjs";
import { phoneAt, phoneBench } from "./phone.mjs";
import { median, writeBenchmarkSection } from "./support.mjs";

const PAGES = ["/dashboard", "/admin/clients"];

/** ms from navigation start to first contentful paint, and from a Shift press to `data-hydrated`. */
async function once(browser, base, cookie, path, { warm }) {
  const { context, page } = await phoneAt(browser, base, cookie, path, { warm });
  try {
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

const { rows, runs, write, loadStart, loadEnd, cores } = await phoneBench(
  5,
  async ({ runs, base, browser, cookies }) => {
    const rows = [];
    for (const path of PAGES) {
      const as = PORTAL_PAGES.find((p) => p.page === path)?.as ?? "client";
      for (const warm of [false, true]) {
        const results = [];
        for (let i = 0; i < runs; i++) results.push(await once(browser, base, cookies[as], path, { warm }));
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
    return rows;
  },
);
const s = (ms) => (ms / 1000).toFixed(2);
const section = `<!-- wake:start -->
## Waking a portal page on a phone — ${new Date().toISOString().slice(0, 10)}

Measured by \`node bench/wake.mjs\` on ${cores} cores, Debian Chromium driven by Playwright with
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
if (write) writeBenchmarkSection("wake", section, { after: "<!-- lighthouse-portal:end -->" });
