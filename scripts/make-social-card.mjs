// `node scripts/make-social-card.mjs`: public/images/social-card.png from inline HTML with the brand,
// rendered by Debian's Chromium; nothing is fetched.
import { readFileSync, statSync } from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium.mjs";

const root = path.resolve(import.meta.dirname, "..");
const output = path.join(root, "public", "images", "social-card.png");
const MAX_BYTES = 100 * 1024;

// Read rather than imported, so plain Node runs it without a TypeScript loader.
const site = readFileSync(path.join(root, "app", "content", "site.ts"), "utf8");
const field = (name) => {
  const match = site.match(new RegExp(`${name}:\\s*"([^"]+)"`));
  if (!match) throw new Error(`Could not find SITE.${name} in app/content/site.ts`);
  return match[1];
};
const brand = field("brand");
const tagline = field("tagline");
const logo = readFileSync(path.join(root, "public", "images", "logo.svg"), "utf8");

const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  * { margin: 0; box-sizing: border-box; }
  html, body { width: 1200px; height: 630px; }
  body {
    font-family: system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
    background: oklch(0.17 0.02 265);
    color: oklch(0.96 0.005 255);
    display: flex; flex-direction: column; justify-content: space-between;
    padding: 88px 96px;
    border-bottom: 16px solid oklch(0.74 0.14 265);
  }
  .brand { display: flex; align-items: center; gap: 24px; font-size: 40px; font-weight: 700; }
  .brand svg { width: 72px; height: 72px; }
  h1 { font-size: 64px; line-height: 1.12; font-weight: 800; max-width: 960px; letter-spacing: -0.01em; }
  .accent { color: oklch(0.74 0.14 265); }
  p { font-size: 30px; color: oklch(0.76 0.02 260); }
</style></head>
<body>
  <div class="brand">${logo}<span>${escapeHtml(brand)}</span></div>
  <h1>${escapeHtml(tagline)}<span class="accent">.</span></h1>
  <p>Mock interviews · Resume reviews · The Next Offer program</p>
</body></html>`;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html, { waitUntil: "load" });
  await page.screenshot({ path: output, type: "png" });
} finally {
  await browser.close();
}

const bytes = statSync(output).size;
if (bytes > MAX_BYTES) {
  throw new Error(`${output} is ${bytes} bytes; keep it under ${MAX_BYTES} (simplify the design).`);
}
console.log(`Wrote ${path.relative(root, output)} (1200×630, ${Math.round(bytes / 1024)} kB)`);
