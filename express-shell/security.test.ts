import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { inlineScriptHashes, pagePath } from "./security.ts";

const sha256 = (text: string) => `sha256-${createHash("sha256").update(text, "utf8").digest("base64")}`;

describe("inlineScriptHashes", () => {
  test("hashes exactly the text of each inline script a browser runs", () => {
    const html = [
      "<html><head><script>(function(){document.documentElement.dataset.t='dark'})();</script>",
      '<script type="application/ld+json">{"@type":"Person"}</script>',
      '<script src="/assets/a.js"></script>',
      '<script type="module" async="">import "/assets/b.js";</script>',
      '<script id="_R_" data-note="a > b">$RC("B:1","S:1")</script>',
      "</head><body><script>\n  window.x = '€';\n</script></body></html>",
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha256("(function(){document.documentElement.dataset.t='dark'})();"),
      sha256('import "/assets/b.js";'),
      sha256('$RC("B:1","S:1")'),
      sha256("\n  window.x = '€';\n"),
    ]);
  });

  test("hashes line breaks as the HTML parser hands them to CSP", () => {
    expect(inlineScriptHashes("<script>a()\r\nb()\rc()</script>")).toEqual([sha256("a()\nb()\nc()")]);
  });

  test("skips data blocks and lists a repeated script once", () => {
    const html =
      '<script type="importmap">{"imports":{}}</script><script type="text/plain">x</script><script>y()</script><script>y()</script>';
    expect(inlineScriptHashes(html)).toEqual([sha256('{"imports":{}}'), sha256("y()")]);
  });
});

test("pagePath drops one trailing slash, except for the home page", () => {
  expect(pagePath("/")).toBe("/");
  expect(pagePath("/about/")).toBe("/about");
  expect(pagePath("/about")).toBe("/about");
});

test("no protection in express-shell/main.ts is mounted on a path: the router answers `.data`, `?index` and other spellings too", () => {
  // A limit or check mounted on "/login" misses "/login.data"; such rules live in the app's route
  // middleware and actions, or here unkeyed by path. The router's own catch-all is the one path mount,
  // besides webhooks: endpoints the router has no route for (its `.data` twin is the router's 404), read
  // from the raw body before any parser (docs/decisions/0027-payments.md, 0028-bookings.md).
  const source = readFileSync(path.join(import.meta.dirname, "main.ts"), "utf8");
  // `webhook("/path", …)` is main.ts's helper that mounts a POST handler on the path.
  const mounted = [
    ...source.matchAll(/\b(?:app\.(use|get|post|put|patch|delete|all|head)|webhook)\(\s*["'`]([^"'`]*)/g),
  ].map(([, method, mountPath]) => `${method ?? "post"} ${mountPath}`);
  // Besides the router, handlers (not protections): the webhooks of Stripe and Cal.com, which must read
  // their raw body before any parser (docs/decisions/0027-payments.md, 0028-bookings.md); their `.data`
  // spelling is the router's and never reaches them (tests/system/payments.test.ts).
  expect(mounted).toEqual(["post /webhooks/stripe", "post /webhooks/cal", "all /{*splat}"]);
  const routes = readFileSync(path.join(import.meta.dirname, "..", "app", "routes.ts"), "utf8");
  expect(routes).not.toMatch(/["']webhooks/);
});
