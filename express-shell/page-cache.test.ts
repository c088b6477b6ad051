import { randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import type { RenderedPage } from "../app/server/page-cache.server.ts";
import { gzipPage, splitAt } from "./page-cache.ts";

const nonceOf = () => Buffer.from(randomBytes(16).toString("base64"));

function pageFrom(html: string, nonce: Buffer): RenderedPage {
  return { headers: [], parts: splitAt(Buffer.from(html), nonce) };
}

describe("splitAt", () => {
  test("cuts where the separator stands, keeping empty pieces at the ends and between neighbours", () => {
    const cut = (text: string) => splitAt(Buffer.from(text), Buffer.from("NN")).map(String);
    expect(cut('<script nonce="NN">a</script><b nonce="NN">')).toEqual([
      '<script nonce="',
      '">a</script><b nonce="',
      '">',
    ]);
    expect(cut("NNxNNNN")).toEqual(["", "x", "", ""]);
    expect(cut("no separator")).toEqual(["no separator"]);
  });
});

describe("gzipPage", () => {
  test("is a gzip body of the page with the new nonce wherever the old one stood", () => {
    const old = nonceOf();
    const html = `<!DOCTYPE html><html><head><script nonce="${old}">x()</script></head><body>Café — 東京 ✓<script nonce="${old}">y()</script></body></html>`;
    const page = pageFrom(html, old);
    const fresh = nonceOf();
    const body = gzipPage(page, fresh);
    // gunzip checks the CRC-32 and the length in the trailer too.
    expect(gunzipSync(body).toString()).toBe(html.replaceAll(old.toString(), fresh.toString()));
    expect(body.includes(old)).toBe(false);
  });

  test("compresses each part once and splices in a different nonce on every answer", () => {
    const old = nonceOf();
    const html = `${"<p>the same paragraph again</p>".repeat(2_000)}<script nonce="${old}"></script>`;
    const page = pageFrom(html, old);
    const first = nonceOf();
    const second = nonceOf();
    const a = gzipPage(page, first);
    const compressed = page.gzip?.parts;
    const b = gzipPage(page, second);
    expect(page.gzip?.parts).toBe(compressed);
    expect(a.length).toBeLessThan(html.length / 10);
    expect(gunzipSync(a).toString()).toContain(`nonce="${first}"`);
    expect(gunzipSync(b).toString()).toContain(`nonce="${second}"`);
    expect(gunzipSync(b).toString()).not.toContain(first.toString());
  });

  test("compresses like the whole page in one stream, but for the nonces themselves", () => {
    const old = nonceOf();
    const links = Array.from(
      { length: 30 },
      (_, i) => `<link rel="modulepreload" href="/assets/chunk-${i}-a1b2c3.js" nonce="${old}"/>`,
    ).join("");
    const rows = Array.from({ length: 60 }, (_, i) => `<li class="row">Mock interview ${i} of 60</li>`).join(
      "",
    );
    const html = `<html><head>${links}</head><body><ul>${rows}</ul><script nonce="${old}">go()</script></body></html>`;
    const body = gzipPage(pageFrom(html, old), nonceOf());
    // What it costs: each of the 31 nonces travels as its own stored block (5 + 24 bytes) after a sync
    // flush (5 bytes) instead of as a back-reference; everything else compresses as one stream would
    // (without the page before each part as its dictionary, every link would cost ~60 bytes more).
    expect(body.length - gzipSync(html).length).toBeLessThan(31 * (5 + 24 + 5 + 4));
  });

  test("a part holding a NUL byte is compressed without the page before it, and still comes out whole", () => {
    const old = nonceOf();
    const html = `<p>before</p><script nonce="${old}"></script><p>${"\u0000".repeat(40)} after</p>`;
    const fresh = nonceOf();
    expect(gunzipSync(gzipPage(pageFrom(html, old), fresh)).toString()).toBe(
      html.replace(old.toString(), fresh.toString()),
    );
  });

  test("holds for any page and any places of the nonce, including the ends and side by side", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "grapheme", maxLength: 300 }), { maxLength: 8 }), (pieces) => {
        const old = nonceOf();
        const html = pieces.join(old.toString());
        const fresh = nonceOf();
        const body = gzipPage(pageFrom(html, old), fresh);
        expect(gunzipSync(body).toString()).toBe(pieces.join(fresh.toString()));
      }),
      { numRuns: 200 },
    );
  });
});
