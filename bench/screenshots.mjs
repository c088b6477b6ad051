// Full-page screenshots of every page (public, a client's portal, the admin's), at a desktop and a phone
// size, to show that a change leaves the pixels alone; and a pixel comparison of two such folders.
// Usage: node bench/screenshots.mjs <dir>                            the built server in BUILD_DIR (default
//                                                                    build), a fresh embedded database
//        node bench/screenshots.mjs --compare <before> <after> [--diff <dir>]
// A script, not a test: it prints figures and fails on nothing. Run both folders on the same UTC day: the
// seed dates its records from the server's clock (app/server/seed.server.ts).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { crc32, deflateSync, inflateSync } from "node:zlib";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../scripts/chromium.mjs";
import { buildDir, freePort, requireBuild, signIn, startServer } from "./support.mjs";

// The site's default theme is dark (app/domain/theme.ts); each size in both themes.
const VIEWPORTS = {
  desktop: { viewport: { width: 1366, height: 768 }, theme: "dark" },
  phone: { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, theme: "dark" },
  "desktop-light": { viewport: { width: 1366, height: 768 }, theme: "light" },
  "phone-light": { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true, theme: "light" },
};

// The seed's people (app/server/seed.server.ts); the shopper is new, so its checkout starts from nothing.
const CLIENT = "daniel.okafor@example.com";
const ADMIN = "admin@example.com";
const LEAD = "liam.tremblay@example.com";
const SHOPPER = "screenshot.shopper@example.com";

// The browser's clock: noon UTC today, so "enroll by this Sunday" (app/enhancers/enroll-by.ts) and the
// footer's year read the same in both runs of a day.
const FIXED_TIME = new Date(`${new Date().toISOString().slice(0, 10)}T12:00:00Z`);

// Toasts come and go on a timer; what they say is the tests' business.
const HIDE = "[data-sonner-toaster] { display: none !important; }";
// Times are covered, not compared: the demo dates its records from each request's clock, and a payment
// or email made during the run carries the minute it was made. Where each time sits still counts.
const MASKED = "time";

const BLANK_FRAME = "<!doctype html><title>stand-in</title>";

// ── Taking them ─────────────────────────────────────────────────────────────────────────────────

async function newContext(browser, base, cookie, size) {
  const { theme, ...device } = VIEWPORTS[size];
  const context = await browser.newContext({
    ...device,
    deviceScaleFactor: 1,
    reducedMotion: "reduce",
    colorScheme: theme,
    locale: "en-US",
    timezoneId: "America/Toronto",
  });
  // The theme as the theme switch stores it (app/components/theme-script.tsx reads the cookie).
  await context.addCookies([{ name: "theme", value: theme, url: base }]);
  if (cookie) {
    const [name, value] = cookie.split(/=(.*)/s);
    await context.addCookies([{ name, value, url: base }]);
  }
  // Embeds and anything else from elsewhere: a blank frame or nothing, never the network.
  const origin = new URL(base).origin;
  await context.route(
    (url) => url.origin !== origin,
    (route) =>
      route.request().resourceType() === "document"
        ? route.fulfill({ status: 200, contentType: "text/html", body: BLANK_FRAME })
        : route.abort(),
  );
  return context;
}

/** Until scripts have run, lazy parts were reached, images and fonts are in, and nothing still loads. */
async function settle(page) {
  await page
    .waitForFunction(
      () =>
        document.documentElement.hasAttribute("data-hydrated") ||
        document.documentElement.hasAttribute("data-enhanced"),
      undefined,
      { timeout: 10_000 },
    )
    .catch(() => {});
  // Down the page and back, so lazy embeds start loading; lazy images (a carousel's slides out of view
  // too) load at once, so none is still on its way when the picture is taken.
  await page.evaluate(async () => {
    for (const image of document.images) image.loading = "eager";
    const step = Math.max(200, window.innerHeight / 2);
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 30)));
    }
    window.scrollTo(0, 0);
  });
  await page
    .waitForFunction(
      () =>
        [...document.images].every((image) => image.complete) &&
        !document.querySelector('[data-embed-status="loading"]'),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => console.warn(`  still loading at ${page.url()}`));
  await page.evaluate(() => document.fonts.ready);
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

async function shoot(context, base, shot, dir, size) {
  const page = await context.newPage();
  try {
    await page.clock.setFixedTime(FIXED_TIME);
    const response = await page.goto(`${base}${shot.path}`, { waitUntil: "load" });
    await settle(page);
    if (shot.prepare) {
      await shot.prepare(page);
      await settle(page);
    }
    const file = path.join(dir, `${shot.name}--${size}.png`);
    await page.screenshot({
      path: file,
      fullPage: true,
      animations: "disabled",
      caret: "hide",
      style: HIDE,
      mask: [page.locator(MASKED)],
      maskColor: "#ff00ff",
    });
    const where = new URL(page.url());
    const landed = `${where.pathname}${where.search}`;
    console.log(
      `${shot.name}--${size}: ${response?.status() ?? "?"} ${landed}${landed === shot.path ? "" : ` (asked ${shot.path})`}`,
    );
  } finally {
    await page.close();
  }
}

const slug = (pagePath) =>
  pagePath === "/"
    ? "home"
    : pagePath
        .replace(/^\//, "")
        .replace(/[/?&=]+/g, "-")
        .replace(/[^a-zA-Z0-9._-]/g, "");

const at = (role, pagePath, extra = {}) => ({ name: `${role}-${slug(pagePath)}`, path: pagePath, ...extra });

async function hrefOf(context, base, pagePath, linkName) {
  const page = await context.newPage();
  try {
    await page.goto(`${base}${pagePath}`);
    const href = await page.getByRole("link", { name: linkName }).first().getAttribute("href");
    if (!href) throw new Error(`no link "${linkName}" on ${pagePath}`);
    return href;
  } finally {
    await page.close();
  }
}

async function publicPaths(base) {
  // The sitemap lists the public pages (app/routes/resources/sitemap.ts); /login is among them.
  const xml = await (await fetch(`${base}/sitemap.xml`)).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]).pathname);
}

async function takeAll(dir) {
  requireBuild();
  mkdirSync(dir, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-screenshots-"));
  const server = await startServer({ dataDir, port: await freePort(), probePath: "/healthz" });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const base = server.url;
  console.log(`Build ${buildDir}, server ${base}, browser clock ${FIXED_TIME.toISOString()}`);
  try {
    const cookies = {
      public: null,
      client: await signIn(base, CLIENT),
      admin: await signIn(base, ADMIN),
      shopper: await signIn(base, SHOPPER),
    };
    const contexts = {};
    for (const role of Object.keys(cookies)) {
      for (const size of Object.keys(VIEWPORTS)) {
        contexts[`${role}-${size}`] = await newContext(browser, base, cookies[role], size);
      }
    }
    const run = async (role, shots) => {
      for (const shot of shots)
        for (const size of Object.keys(VIEWPORTS))
          await shoot(contexts[`${role}-${size}`], base, shot, dir, size);
    };

    await run("public", [
      ...(await publicPaths(base)).map((pagePath) => at("public", pagePath)),
      ...["/demo", "/demo?plan=basic", "/demo?plan=premium", "/demo/plan"].map((p) => at("public", p)),
      at("public", "/email/unsubscribe/not-a-token"),
      at("public", "/no-such-page"),
    ]);

    await run("client", [
      ...["/dashboard", "/lessons", "/homework", "/resources", "/plan", "/billing", "/account"].map((p) =>
        at("client", p),
      ),
      at("client", "/homework", { name: "client-homework-open", prepare: openDetails }),
      at("client", "/checkout"),
    ]);

    const adminContext = contexts["admin-desktop"];
    const proClient = await hrefOf(adminContext, base, "/admin/clients", CLIENT);
    const lead = await hrefOf(adminContext, base, "/admin/clients", LEAD);
    const lesson = await hrefOf(adminContext, base, proClient, /^Edit/);
    const newLesson = await hrefOf(adminContext, base, proClient, "Add Lesson");
    await run("admin", [
      ...[
        "/admin",
        "/admin/clients",
        "/admin/homework",
        "/admin/payments",
        "/admin/emails",
        "/admin/lessons/new",
      ].map((p) => at("admin", p)),
      at("admin", proClient, { name: "admin-client-pro" }),
      at("admin", lead, { name: "admin-client-lead" }),
      at("admin", newLesson, { name: "admin-lesson-new-for-client" }),
      at("admin", lesson, { name: "admin-lesson" }),
      at("admin", `${lesson}?confirm=delete`, { name: "admin-lesson-confirm-delete" }),
      at("admin", lesson, { name: "admin-lesson-delete-dialog", prepare: openDeleteDialog }),
    ]);

    // A test checkout by instalments (the local payments of a loopback server), each step's page in both sizes.
    const shopper = contexts["shopper-desktop"];
    const offer = "/checkout?offer=basic&currency=CAD&option=financing";
    await run("shopper", [at("shopper", offer, { name: "shopper-checkout-offer" })]);
    const local = await afterClick(shopper, base, offer, "Continue to the test checkout");
    await run("shopper", [at("shopper", local, { name: "shopper-checkout-local" })]);
    const success = await afterClick(shopper, base, local, /^Pay .* \(test\)$/);
    await run("shopper", [
      at("shopper", success, { name: "shopper-checkout-success" }),
      at("shopper", "/billing"),
    ]);
    await run("admin", [at("admin", "/admin/payments", { name: "admin-payments-after-checkout" })]);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`Screenshots in ${dir}`);
}

async function afterClick(context, base, pagePath, buttonName) {
  const page = await context.newPage();
  try {
    await page.goto(`${base}${pagePath}`);
    await settle(page);
    const before = page.url();
    await page.getByRole("button", { name: buttonName }).click();
    await page.waitForURL((url) => url.href !== before);
    const url = new URL(page.url());
    return `${url.pathname}${url.search}`;
  } finally {
    await page.close();
  }
}

async function openDetails(page) {
  await page.evaluate(() => {
    for (const details of document.querySelectorAll("details")) details.open = true;
  });
}

async function openDeleteDialog(page) {
  await page.getByRole("button", { name: "Delete lesson" }).click();
  await page.getByRole("alertdialog").waitFor();
}

// ── Comparing them ──────────────────────────────────────────────────────────────────────────────

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** 8-bit RGB or RGBA, not interlaced (what Chromium writes), as RGBA. */
function decodePng(file) {
  const bytes = readFileSync(file);
  if (!bytes.subarray(0, 8).equals(PNG_SIGNATURE)) throw new Error(`${file} is not a PNG`);
  let width = 0;
  let height = 0;
  let channels = 0;
  const data = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString("latin1", at + 4, at + 8);
    const body = bytes.subarray(at + 8, at + 8 + length);
    if (type === "IHDR") {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      const [depth, colour, , , interlace] = body.subarray(8, 13);
      channels = { 2: 3, 6: 4 }[colour] ?? 0;
      if (depth !== 8 || !channels || interlace !== 0)
        throw new Error(
          `${file}: depth ${depth}, colour type ${colour}, interlace ${interlace} not read here`,
        );
    } else if (type === "IDAT") data.push(body);
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const pixels = Buffer.alloc(width * height * 4);
  let previous = Buffer.alloc(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? line[x - channels] : 0;
      const up = previous[x];
      const upLeft = x >= channels ? previous[x - channels] : 0;
      let add = 0;
      if (filter === 1) add = left;
      else if (filter === 2) add = up;
      else if (filter === 3) add = (left + up) >> 1;
      else if (filter === 4) {
        const p = left + up - upLeft;
        const pa = Math.abs(p - left);
        const pb = Math.abs(p - up);
        const pc = Math.abs(p - upLeft);
        add = pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft;
      }
      line[x] = (line[x] + add) & 0xff;
    }
    for (let x = 0; x < width; x++) {
      const from = x * channels;
      const to = (y * width + x) * 4;
      pixels[to] = line[from];
      pixels[to + 1] = line[from + 1];
      pixels[to + 2] = line[from + 2];
      pixels[to + 3] = channels === 4 ? line[from + 3] : 255;
    }
    previous = line;
  }
  return { width, height, pixels };
}

function encodePng({ width, height, pixels }) {
  const chunk = (type, body) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(body.length, 0);
    head.write(type, 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), body])));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const raw = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++)
    pixels.copy(raw, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    PNG_SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Pixels that differ in any channel; where the sizes differ, every pixel outside the common part counts. */
function difference(before, after) {
  const width = Math.max(before.width, after.width);
  const height = Math.max(before.height, after.height);
  const image = { width, height, pixels: Buffer.alloc(width * height * 4) };
  let count = 0;
  const box = { left: width, top: height, right: -1, bottom: -1 };
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const to = (y * width + x) * 4;
      const inBefore = x < before.width && y < before.height;
      const inAfter = x < after.width && y < after.height;
      const b = (y * before.width + x) * 4;
      const a = (y * after.width + x) * 4;
      const same = inBefore && inAfter && before.pixels.readUInt32BE(b) === after.pixels.readUInt32BE(a);
      if (!same) {
        count++;
        box.left = Math.min(box.left, x);
        box.right = Math.max(box.right, x);
        box.top = Math.min(box.top, y);
        box.bottom = Math.max(box.bottom, y);
      }
      // The after picture faded, differing pixels red.
      if (same) {
        const grey = 255 - ((255 - (after.pixels[a] + after.pixels[a + 1] + after.pixels[a + 2]) / 3) >> 2);
        image.pixels.set([grey, grey, grey, 255], to);
      } else image.pixels.set([255, 0, 0, 255], to);
    }
  }
  return { count, image, box };
}

function compare(beforeDir, afterDir, diffDir) {
  const pngs = (dir) => new Set(readdirSync(dir).filter((name) => name.endsWith(".png")));
  const before = pngs(beforeDir);
  const after = pngs(afterDir);
  const names = [...new Set([...before, ...after])].sort();
  if (diffDir) mkdirSync(diffDir, { recursive: true });
  const rows = [];
  for (const name of names) {
    const page = name.replace(/\.png$/, "");
    if (!before.has(name) || !after.has(name)) {
      rows.push({ page, result: `only in ${before.has(name) ? "before" : "after"}` });
      continue;
    }
    const b = decodePng(path.join(beforeDir, name));
    const a = decodePng(path.join(afterDir, name));
    const { count, image, box } = difference(b, a);
    const sizes =
      b.width === a.width && b.height === a.height
        ? `${a.width}×${a.height}`
        : `${b.width}×${b.height} → ${a.width}×${a.height}`;
    const where = count ? `, within x ${box.left}–${box.right}, y ${box.top}–${box.bottom}` : "";
    rows.push({ page, sizes, count, share: count / (image.width * image.height), where });
    if (diffDir && count > 0) writeFileSync(path.join(diffDir, name), encodePng(image));
  }
  const wide = Math.max(...rows.map((row) => row.page.length));
  for (const row of rows) {
    const figures =
      row.result ??
      `${String(row.count).padStart(9)} differing pixels (${(row.share * 100).toFixed(3)} %), ${row.sizes}${row.where}`;
    console.log(`${row.page.padEnd(wide)}  ${figures}`);
  }
  const changed = rows.filter((row) => row.result || row.count > 0).length;
  console.log(
    `\n${rows.length} screenshots, ${changed} differing${diffDir && changed ? ` (pictures in ${diffDir})` : ""}.`,
  );
}

// ── Command line ────────────────────────────────────────────────────────────────────────────────

const args = process.argv.slice(2);
if (args[0] === "--compare" && args.length >= 3) {
  const diffAt = args.indexOf("--diff");
  compare(path.resolve(args[1]), path.resolve(args[2]), diffAt > -1 ? path.resolve(args[diffAt + 1]) : null);
} else if (args.length === 1 && !args[0].startsWith("--")) {
  await takeAll(path.resolve(args[0]));
} else {
  console.error(
    "Usage: node bench/screenshots.mjs <dir>\n       node bench/screenshots.mjs --compare <before> <after> [--diff <dir>]",
  );
  process.exit(2);
}
