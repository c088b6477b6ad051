// Debian's Chromium, never a downloaded browser, with the flags this machine needs (no network
// chatter, no sandbox as root). One list for the tests, the benchmarks and the image scripts.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
