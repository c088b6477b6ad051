// Lighthouse's phone, applied to a Playwright page through the DevTools protocol: 4× slower CPU, 150 ms round
// trips, 1.6 Mbit/s down (bench/wake.mjs, bench/first-press.mjs).
import os from "node:os";
import { parseArgs } from "node:util";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { startPortalServer } from "./lighthouse.mjs";
import { ADMIN_EMAIL, CLIENT_EMAIL, signIn } from "./support.mjs";

export const PHONE = {
  cpuSlowdown: 4,
  network: {
    offline: false,
    latency: 150,
    downloadThroughput: (1.6 * 1024 * 1024) / 8,
    uploadThroughput: (750 * 1024) / 8,
  },
};

export const PHONE_VIEWPORT = { width: 412, height: 823 };

/**
 * A phone signed in by `cookie`, its cache holding `path`'s assets (`warm`: a later visit) or emptied (a first
 * visit). The caller closes `context`.
 */
export async function phoneAt(browser, base, cookie, path, { warm, touch = false }) {
  const context = await browser.newContext({ viewport: PHONE_VIEWPORT, hasTouch: touch, isMobile: touch });
  const [name, value] = cookie.split(/=(.*)/s);
  await context.addCookies([{ name, value, url: base, httpOnly: true, sameSite: "Lax" }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: PHONE.cpuSlowdown });
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", PHONE.network);
  if (warm) {
    await page.goto(`${base}${path}`);
    await page.keyboard.press("Shift");
    await page.waitForSelector("html[data-hydrated]", { timeout: 60_000 });
  } else {
    await cdp.send("Network.clearBrowserCache");
  }
  return { context, page, cdp };
}

/**
 * A phone bench's frame: `--runs N` (else `defaultRuns`), `--only TEXT` and `--cache empty|warm` (the rows whose
 * press names TEXT, with that cache, for comparing builds; not with `--write`) and `--write`, the built server with the seed, Chromium, a client's and an
 * admin's cookies, and the load average before and after `measure`.
 */
export async function phoneBench(defaultRuns, measure) {
  const { values } = parseArgs({
    options: {
      runs: { type: "string" },
      only: { type: "string" },
      cache: { type: "string" },
      write: { type: "boolean" },
    },
  });
  const runs = Number(values.runs ?? defaultRuns);
  if ((values.only || values.cache) && values.write)
    throw new Error("--only measures some rows: it cannot --write the section");
  const server = await startPortalServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const loadStart = os.loadavg().map((v) => v.toFixed(2));
  let rows;
  try {
    const cookies = {
      client: await signIn(server.url, CLIENT_EMAIL),
      admin: await signIn(server.url, ADMIN_EMAIL),
    };
    rows = await measure({
      runs,
      only: values.only,
      cache: values.cache,
      base: server.url,
      browser,
      cookies,
    });
  } finally {
    await browser.close();
    await server.stop();
  }
  const loadEnd = os.loadavg().map((v) => v.toFixed(2));
  return { rows, runs, write: values.write === true, loadStart, loadEnd, cores: os.cpus().length };
}
