// The first press on a sleeping portal or admin page (docs/decisions/0042-hydrate-on-intent.md): from a tap on a
// page read as HTML to its visible effect, on Lighthouse's phone (bench/phone.mjs), with an empty cache (a first
// visit) and a warm one (a later visit). A link is a document load; a button or a form only React answers is held
// by app/enhancers/wake.ts until React has hydrated. Target: p95 ≤ 1.5 s (issue 41).
// Usage: node bench/first-press.mjs [--runs N] [--only TEXT] [--cache empty|warm] [--write]
import os from "node:os";
import { PHONE_VIEWPORT, phoneAt, phoneBench } from "./phone.mjs";
import { CLIENT_EMAIL, median, percentile, request, sleep, writeBenchmarkSection } from "./support.mjs";

/** A change announced within this long before a render is replayed to the page and wakes it (0037's margin). */
const QUIET_MS = 5_500;
const TARGET_P95_MS = 1_500;

const portalTab = (page, name) =>
  page.getByRole("navigation", { name: "Portal" }).getByRole("link", { name });
const article = (page, title) => page.getByRole("article", { name: title, exact: true });

/** A portal tab from `path`: a document load, done when the tab's page has its heading. */
const tabPress = (path, tab) => ({
  path,
  as: "client",
  what: `${tab} tab (a link)`,
  target: (page) => portalTab(page, tab),
  effect: async (page) => {
    await page.waitForURL((url) => url.pathname === `/${tab.toLowerCase()}`, { timeout: 60_000 });
    await page.getByRole("heading", { level: 1, name: tab }).waitFor({ timeout: 60_000 });
  },
});

/** The first lead's Convert to client on the leads list, a button only React answers. */
const convertPress = {
  path: "/admin/clients?filter=leads",
  as: "admin",
  mutates: true,
  target: (page) => page.getByRole("button", { name: "Convert to client" }).first(),
};

/** What is pressed, and the effect a person waits to see. `mutates`: the server announces a change. */
const PRESSES = [
  tabPress("/dashboard", "Homework"),
  tabPress("/homework", "Lessons"),
  {
    path: "/homework",
    as: "client",
    // Nothing typed: typing would wake the page first. The answer is the refusal (HAND_IN_EMPTY,
    // app/lib/schemas/homework.ts): on a first visit the server's, on the page the form posted as
    // (app/lib/first-visit.ts); on a later one the form's own, drawn by React once the held press is replayed.
    what: "Submit with nothing added (a held form, its refusal; scrolled to first)",
    scrollFirst: true,
    target: (page, { title }) => article(page, title).getByRole("button", { name: "Submit", exact: true }),
    effect: (page, { title }) =>
      article(page, title)
        .getByRole("alert")
        .filter({ hasText: "Add a link, a note or a file before submitting." })
        .waitFor({ timeout: 60_000 }),
  },
  {
    path: "/admin/clients?filter=leads",
    as: "admin",
    what: "Clients filter (a link)",
    target: (page) =>
      page.getByRole("navigation", { name: "Filter" }).getByRole("link", { name: /^Clients/ }),
    effect: async (page) => {
      await page.waitForURL((url) => url.searchParams.get("filter") === "clients", { timeout: 60_000 });
      await page
        .locator('nav[aria-label="Filter"] a[aria-current="page"]', { hasText: "Clients" })
        .waitFor({ timeout: 60_000 });
    },
  },
  {
    ...convertPress,
    what: "Convert to client (a held button): the row reads client, or has left the leads",
    // With React, what the person sees at once (app/routes/admin/clients-rows.tsx), the button disabled until the
    // server answers; on a first visit the list the form posted as comes back without the lead.
    effect: (page, { id }) =>
      page.waitForFunction(
        (value) => {
          const button = document.querySelector(`button[value="${value}"]`);
          return !button || button.closest("tr")?.children[2]?.textContent === "client";
        },
        id,
        { timeout: 60_000, polling: "raf" },
      ),
  },
  {
    ...convertPress,
    what: "Convert to client (a held button): the server's answer (button gone)",
    effect: (page, { id }) =>
      page.waitForFunction((value) => !document.querySelector(`button[value="${value}"]`), id, {
        timeout: 60_000,
        polling: "raf",
      }),
  },
];

let lastChange = 0;

/** ms from the tap to the effect; the page is checked to be asleep just before the tap. */
async function once(browser, base, cookie, press, { warm, title }) {
  const { context, page } = await phoneAt(browser, base, cookie, press.path, { warm, touch: true });
  try {
    await sleep(Math.max(0, lastChange + QUIET_MS - Date.now()));
    await page.goto(`${base}${press.path}`, { waitUntil: "load" });
    const target = press.target(page, { title });
    if (press.scrollFirst) {
      const box = await target.boundingBox();
      await page.mouse.wheel(0, box.y - PHONE_VIEWPORT.height / 2);
      // As far as the wheel went, or as far as the page goes.
      await page.waitForFunction(
        (y) =>
          Math.abs(window.scrollY - Math.min(y, document.documentElement.scrollHeight - window.innerHeight)) <
          2,
        Math.max(0, box.y - PHONE_VIEWPORT.height / 2),
      );
    }
    const id = await target.getAttribute("value");
    const before = await page.evaluate(() => document.documentElement.dataset.wake);
    // A scroll starts the wake (app/enhancers/wake.ts), so a scrolled page may be at any step of it.
    const allowed = press.scrollFirst ? ["waking", "hydrating", "awake"] : ["asleep"];
    if (!allowed.includes(before)) throw new Error(`${press.path} was ${before} before the press`);
    const box = await target.boundingBox();
    const pressed = Date.now();
    await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
    await press.effect(page, { title, id });
    const ms = Date.now() - pressed;
    if (press.mutates) lastChange = Date.now();
    return ms;
  } finally {
    await context.close();
  }
}

/** A piece a run for the hand-in form, assigned before any page is timed (each assignment is announced). */
async function assignPieces(base, adminCookie, count) {
  const list = await request(`${base}/admin/clients?${new URLSearchParams({ q: CLIENT_EMAIL })}`, {
    headers: { cookie: adminCookie },
  });
  // The row's link to the person (as tests/support/people-list.ts reads it; .ts is not importable on Node 20).
  const clientId = /href="\/admin\/clients\/([0-9a-f-]{36})"/.exec(list.text)?.[1];
  const titles = [];
  for (let i = 1; i <= count; i++) {
    const title = `First-press piece ${i}`;
    const response = await request(`${base}/admin/clients/${clientId}`, {
      method: "POST",
      headers: { cookie: adminCookie, origin: base, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "assign-homework", title }).toString(),
    });
    if (response.status !== 200) throw new Error(`assigning ${title}: ${response.status}`);
    titles.push(title);
  }
  lastChange = Date.now();
  return titles;
}

const { rows, runs, write, loadStart, loadEnd, cores } = await phoneBench(
  10,
  async ({ runs, only, cache, base, browser, cookies }) => {
    const rows = [];
    const pieces = await assignPieces(base, cookies.admin, runs);
    // The server's own first render of a route (its modules loaded, the JIT cold) is not a person's first press.
    for (const { path, as } of PRESSES) await request(`${base}${path}`, { headers: { cookie: cookies[as] } });
    for (const press of PRESSES.filter((p) => !only || p.what.includes(only))) {
      for (const warm of [false, true].filter((w) => !cache || cache === (w ? "warm" : "empty"))) {
        const load = os.loadavg()[0].toFixed(2);
        const times = [];
        for (let i = 0; i < runs; i++) {
          const title = press.path === "/homework" ? pieces[i] : undefined;
          times.push(await once(browser, base, cookies[press.as], press, { warm, title }));
        }
        const sorted = [...times].sort((a, b) => a - b);
        const row = {
          path: press.path,
          what: press.what,
          cache: warm ? "warm" : "empty",
          median: median(sorted),
          p95: percentile(sorted, 95),
          times,
          load: `${load} → ${os.loadavg()[0].toFixed(2)}`,
        };
        console.log(JSON.stringify(row));
        rows.push(row);
      }
    }
    return rows;
  },
);
const s = (ms) => (ms / 1000).toFixed(2);
const mark = (ms) => (ms > TARGET_P95_MS ? `**${s(ms)}**` : s(ms));
const section = `<!-- first-press:start -->
## The first press on a sleeping page, on a phone — ${new Date().toISOString().slice(0, 10)}

Measured by \`node bench/first-press.mjs\` on ${cores} cores, Debian Chromium driven by Playwright with
Lighthouse's phone throttling applied through the DevTools protocol (bench/phone.mjs: CPU 4× slower, 150 ms
latency, 1.6 Mbit/s down, 750 kbit/s up), a 412×823 touch screen, the built server on PGlite with the seed and
5,000 people. A page is opened and left asleep (checked), then tapped once: the time is from the tap to its visible
effect (the next page's heading, the filter shown as chosen, the hand-in form's refusal, the lead's row reading client
or gone from the leads, and its Convert button gone once the server answered), timed from the test's side (a few ms of
DevTools round trip included). On an empty cache the two held forms post as a page and the server's answer comes back
on it (docs/decisions/0042-hydrate-on-intent.md, amendment of 2026-11-29); on a warm one React answers them. The
hand-in's Submit is pressed with nothing added (typing would wake the page before the press); it is below the fold,
so the page is scrolled to it first, which starts React's download as a person's scroll does. Each page is requested
once before the runs, so the server has rendered it. ${runs} runs a row; p95 is
the nearest rank (with ${runs} runs, the slowest but ${Math.floor(runs / 20)}). "Empty": a cleared cache (a first
visit); "warm": the assets of an earlier visit cached. Target: p95 ≤ 1.50 s (bold above it). Load average (1, 5, 15
min) ${loadStart.join(", ")} at the start, ${loadEnd.join(", ")} at the end; each row's 1-minute load average in its row.

| page | press | cache | median s | p95 s | each run ms | load average (1 min) |
|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r.path} | ${r.what} | ${r.cache} | ${s(r.median)} | ${mark(r.p95)} | ${r.times.join(", ")} | ${r.load} |`).join("\n")}
<!-- first-press:end -->`;
console.log(section);
if (write) writeBenchmarkSection("first-press", section, { after: "<!-- wake:end -->" });
