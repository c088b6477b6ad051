import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, test } from "vitest";
import { inlineScriptHashes, pagePath, securityHeaders } from "./security.ts";

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
  // A rule mounted on "/login" misses "/login.data", so the only path mounts are webhooks, which read the raw
  // body before any parser (docs/decisions/0027-payments.md, 0028-bookings.md).
  const source = readFileSync(path.join(import.meta.dirname, "main.ts"), "utf8");
  const mounted = [
    ...source.matchAll(/\b(?:app\.(use|get|post|put|patch|delete|all|head)|webhook)\(\s*["'`]([^"'`]*)/g),
  ].map(([, method, mountPath]) => `${method ?? "post"} ${mountPath}`);
  expect(mounted).toEqual(["post /webhooks/stripe", "post /webhooks/cal"]);
  expect(source).toMatch(/\napp\.use\(\s*appHandler\(/);
  const routes = readFileSync(path.join(import.meta.dirname, "..", "app", "routes.ts"), "utf8");
  expect(routes).not.toMatch(/["']webhooks/);
});

describe("securityHeaders' Content-Security-Policy", () => {
  const sources = { scripts: ["https://scripts.example"], connections: [], frames: [], formTargets: [] };
  function csp(origin: string, prerenderedScripts = new Map<string, string[]>()) {
    const [first] = securityHeaders(origin, { sources, prerenderedScripts });
    return (path: string) => {
      const headers = new Map<string, string>();
      const res = {
        locals: {} as Record<string, unknown>,
        setHeader: (k: string, v: string) => headers.set(k, v),
      };
      first?.({ method: "GET", path } as never, res as never, () => {});
      return { policy: headers.get("Content-Security-Policy") ?? "", nonce: String(res.locals.cspNonce) };
    };
  }

  test("a rendered page's policy names its own nonce, and no two responses share one", () => {
    const answer = csp("http://localhost:3000");
    const nonces = new Set<string>();
    // More than one refill of the nonce pool.
    for (let i = 0; i < 600; i++) {
      const { policy, nonce } = answer("/dashboard");
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(policy.split(";")).toContain(`script-src 'nonce-${nonce}' 'strict-dynamic'`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(600);
  });

  test("the rest of the policy is helmet's rendering of our directives; https adds upgrade-insecure-requests", () => {
    const { policy } = csp("http://localhost:3000")("/dashboard");
    expect(policy).toMatch(/^default-src 'self';/);
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toContain("upgrade-insecure-requests");
    expect(csp("https://coach.example")("/dashboard").policy).toContain("upgrade-insecure-requests");
  });

  test("a pre-rendered page's policy lists its scripts' hashes and 'self' instead of a nonce", () => {
    const { policy } = csp("http://localhost:3000", new Map([["/about", ["sha256-abc"]]]))("/about/");
    expect(policy.split(";")).toContain("script-src 'self' 'sha256-abc' https://scripts.example");
    expect(policy).not.toContain("'nonce-");
  });
});
