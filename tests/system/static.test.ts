import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { brotliDecompressSync, gunzipSync, zstdDecompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { scratchDatabase } from "../support/database";
import { localSignIn } from "../support/local-sign-in";
import { serversForFile } from "../support/server-file";
import {
  buildDir,
  type RunningServer,
  runServerExpectingExit,
  startServer,
  waitFor,
} from "../support/server-process";

// Static files, whole-body compression and the cluster on the built server (docs/decisions/0018-performance.md,
// 0032-rendering-cost.md).

serversForFile();

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

/** fetch would decompress the body. */
function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });
}

describe("client files and pre-rendered pages", () => {
  let server: RunningServer;
  let asset: string;
  beforeAll(async () => {
    server = await startServer();
    const html = (await get(`${server.url}/`)).body.toString();
    asset = html.match(/\/assets\/[^"'\s)]+\.js/)?.[0] ?? "";
    expect(asset, "the home page links no /assets/… script").not.toBe("");
  });
  afterAll(() => server?.stop());

  test("an asset: brotli or gzip made once, the same bytes as the file, cached for a year, 304 on its ETag", async () => {
    const onDisk = readFileSync(path.join(buildDir, "client", asset));
    // Brotli is made in the background after start.
    const br = await waitFor(
      async () => {
        const answer = await get(`${server.url}${asset}`, { "accept-encoding": "gzip, deflate, br" });
        return answer.headers["content-encoding"] === "br" && answer;
      },
      { what: "a brotli answer" },
    );
    expect(brotliDecompressSync(br.body).equals(onDisk)).toBe(true);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toMatch(/javascript/);

    const gzip = await get(`${server.url}${asset}`, { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).equals(onDisk)).toBe(true);
    expect(gzip.headers.etag).not.toBe(br.headers.etag);

    const plain = await get(`${server.url}${asset}`, { "accept-encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.equals(onDisk)).toBe(true);

    const again = await get(`${server.url}${asset}`, {
      "accept-encoding": "gzip, deflate, br",
      "if-none-match": String(br.headers.etag),
    });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
  });

  test("a pre-rendered page at its path, with or without the slash; revalidated; HEAD has no body", async () => {
    const onDisk = readFileSync(path.join(buildDir, "client", "about", "index.html"));
    for (const pathname of ["/about", "/about/"]) {
      const answer = await get(`${server.url}${pathname}`, { "accept-encoding": "identity" });
      expect(answer.status).toBe(200);
      expect(answer.body.equals(onDisk)).toBe(true);
      expect(answer.headers["cache-control"]).toBe("public, max-age=0, must-revalidate");
      expect(answer.headers["content-type"]).toMatch(/^text\/html/);
    }
    const head = await get(`${server.url}/about`, { "accept-encoding": "gzip" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body).toHaveLength(0);
    expect(Number(head.headers["content-length"])).toBeGreaterThan(0);
    const etag = String(head.headers.etag);
    expect(
      (await get(`${server.url}/about`, { "accept-encoding": "gzip", "if-none-match": etag })).status,
    ).toBe(304);
  });

  test("anything else goes on to the app", async () => {
    const missing = await get(`${server.url}/assets/no-such-file.js`);
    expect(missing.status).toBe(404);
    const page = await get(`${server.url}/login`, { "accept-encoding": "identity" });
    expect(page.status).toBe(200);
    expect(page.body.toString()).toContain("Welcome to your Client Portal");
  });

  test("a rendered page goes out as one gzip stream, smaller than per-chunk flushes made it", async () => {
    // Any session cookie has /pricing rendered for the request (docs/decisions/0041-pricing-per-currency.md).
    const perRequest = { cookie: "session=nobody" };
    const plain = await get(`${server.url}/pricing`, { ...perRequest, "accept-encoding": "identity" });
    const gzip = await get(`${server.url}/pricing`, { ...perRequest, "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const html = gunzipSync(gzip.body).toString();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
    // Compressed whole, not flushed per chunk, the page shrinks well below this (docs/BENCHMARKS.md, HTTP section).
    expect(gzip.body.length / plain.body.length).toBeLessThan(0.26);
  });
});

const decoders: Record<string, (body: Buffer) => Buffer> = {
  zstd: zstdDecompressSync,
  br: brotliDecompressSync,
  gzip: gunzipSync,
};

describe("what the app renders, compressed as the browser asks", () => {
  let server: RunningServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer();
    cookie = await localSignIn(server.url, "daniel.okafor@example.com");
  });
  afterAll(() => server?.stop());

  test("a page and its .data: zstd, brotli or gzip by Accept-Encoding (zstd first), with length and Vary", async () => {
    const plainData = await get(`${server.url}/dashboard.data`, { cookie, "accept-encoding": "identity" });
    expect(plainData.status).toBe(200);
    expect(plainData.headers["content-encoding"]).toBeUndefined();
    expect(plainData.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(plainData.headers["content-length"])).toBe(plainData.body.length);
    const cases = [
      ["zstd", "zstd"],
      ["br", "br"],
      ["gzip", "gzip"],
      ["gzip, deflate, br, zstd", "zstd"],
      ["gzip, br;q=0.5", "gzip"],
      ["deflate", undefined],
    ] as const;
    for (const [accepted, expected] of cases) {
      const data = await get(`${server.url}/dashboard.data`, { cookie, "accept-encoding": accepted });
      expect(data.headers["content-encoding"], accepted).toBe(expected);
      expect(Number(data.headers["content-length"]), accepted).toBe(data.body.length);
      const decoded = expected ? (decoders[expected] as (b: Buffer) => Buffer)(data.body) : data.body;
      expect(decoded.equals(plainData.body), accepted).toBe(true);

      const page = await get(`${server.url}/dashboard`, { cookie, "accept-encoding": accepted });
      expect(page.status).toBe(200);
      expect(page.headers["content-encoding"], accepted).toBe(expected);
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      const html = (
        expected ? (decoders[expected] as (b: Buffer) => Buffer)(page.body) : page.body
      ).toString();
      expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
      expect(html).toContain("Welcome back, Daniel");
      expect(html.trimEnd().endsWith("</html>")).toBe(true);
    }
  });

  test("HEAD of a rendered page: its headers, no body", async () => {
    const head = await get(`${server.url}/dashboard`, { cookie, "accept-encoding": "zstd" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-type"]).toMatch(/^text\/html/);
    expect(head.body).toHaveLength(0);
  });
});

describe("WEB_CONCURRENCY", () => {
  test("a value that is not a number of processes stops the server, naming it", async () => {
    const run = await runServerExpectingExit({ WEB_CONCURRENCY: "lots" });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("WEB_CONCURRENCY");
  });

  test("on PGlite it warns and serves as one process", async () => {
    const server = await startServer({ env: { WEB_CONCURRENCY: "2" } });
    expect((await get(`${server.url}/healthz`)).status).toBe(200);
    expect(server.stderr()).toContain("PGlite is one process only");
    await server.stop();
  });

  test("on PostgreSQL, two processes serve one port and share sign-in and sign-out", async () => {
    const scratch = await scratchDatabase("cluster");
    try {
      const server = await startServer({
        env: {
          WEB_CONCURRENCY: "2",
          DATABASE_URL: scratch.url,
          SESSION_SECRET: randomBytes(32).toString("hex"),
        },
      });
      const cookie = await localSignIn(server.url, "daniel.okafor@example.com");
      for (let i = 0; i < 6; i += 1) {
        expect((await get(`${server.url}/dashboard`, { cookie })).status).toBe(200);
      }
      const out = await fetch(`${server.url}/auth/sign-out`, {
        method: "POST",
        headers: { cookie, origin: server.url },
      });
      expect(out.status).toBe(200);
      await out.arrayBuffer();
      // The other worker hears it through NOTIFY; its cache held the session until then.
      await waitFor(
        async () => {
          const statuses = [];
          for (let i = 0; i < 6; i += 1)
            statuses.push((await get(`${server.url}/dashboard`, { cookie })).status);
          return statuses.every((status) => status === 302);
        },
        { what: "every worker to see the sign-out", timeoutMs: 2_000, intervalMs: 20 },
      );
      await server.stop();
    } finally {
      await scratch.drop().catch(() => {});
    }
  });
});
