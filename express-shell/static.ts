// Client files served from memory, each compressed once when first asked for (docs/decisions/0018-performance.md).
import { createHash } from "node:crypto";
import { once } from "node:events";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";

// CommonJS, as an eval'd worker runs.
const BROTLI_WORKER = `
const { parentPort } = require("node:worker_threads");
const zlib = require("node:zlib");
parentPort.on("message", (body) => {
  const params = {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
  };
  parentPort.postMessage(zlib.brotliCompressSync(body, { params }));
});
`;

/** Bigger files are sent from disk, uncompressed. */
const MAX_IN_MEMORY_BYTES = 2 * 1024 * 1024;
const COMPRESSIBLE = /\.(html|js|mjs|css|json|data|svg|txt|xml|webmanifest|map)$/;
export const IMMUTABLE = "public, max-age=31536000, immutable";
export const REVALIDATE = "public, max-age=0, must-revalidate";

export type MemoryFile = File;

type File = {
  onDisk?: string;
  body: Buffer;
  type: string;
  etag: string;
  cacheControl: string;
  compressible: boolean;
  gzip?: Buffer;
  /** A tiny file may not shrink. */
  gzipTried?: boolean;
  br?: Buffer;
  brotliQueued?: boolean;
};

/** A body kept in memory and served like a client file: its type from `name`, compressed once, an ETag. */
export function memoryFile(name: string, body: Buffer, cacheControl: string): File {
  const hash = createHash("sha256").update(body).digest("base64url").slice(0, 27);
  return {
    body,
    type: path.extname(name) || ".txt",
    etag: `"${hash}"`,
    cacheControl,
    compressible: COMPRESSIBLE.test(name),
  };
}

function walk(dir: string, prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) found.push(...walk(dir, relative));
    else if (entry.isFile()) found.push(relative);
  }
  return found;
}

export function clientFiles(clientDir: string, pages: Iterable<string>, pagePath: (p: string) => string) {
  const files = new Map<string, File>();
  for (const relative of walk(clientDir)) {
    const full = path.join(clientDir, relative);
    const cacheControl = relative.startsWith("/assets/") ? IMMUTABLE : REVALIDATE;
    if (statSync(full).size > MAX_IN_MEMORY_BYTES) {
      const type = path.extname(relative);
      files.set(relative, {
        onDisk: relative,
        body: Buffer.alloc(0),
        type,
        etag: "",
        cacheControl,
        compressible: false,
      });
      continue;
    }
    files.set(relative, memoryFile(relative, readFileSync(full), cacheControl));
  }
  const byPage = new Map<string, File>();
  for (const page of pages) {
    const file = files.get(page === "/" ? "/index.html" : `${page}/index.html`);
    if (file) byPage.set(page, file);
  }

  // Brotli at quality 11 is slow: a worker thread makes it, off libuv's pool; until then the file goes out as gzip.
  let worker: Worker | undefined;
  const brotliQueue: File[] = [];
  let brotliBusy = false;
  function queueBrotli(file: File) {
    file.brotliQueued = true;
    brotliQueue.push(file);
    if (!brotliBusy) void makeBrotli();
  }
  async function makeBrotli() {
    brotliBusy = true;
    try {
      if (!worker) {
        worker = new Worker(BROTLI_WORKER, { eval: true });
        worker.unref();
      }
      for (let file = brotliQueue.shift(); file; file = brotliQueue.shift()) {
        const made = once(worker, "message");
        worker.postMessage(file.body);
        const [br] = (await made) as [Uint8Array];
        if (br.length < file.body.length) file.br = Buffer.from(br.buffer, br.byteOffset, br.byteLength);
      }
    } catch (error) {
      // Not fatal: the files go out as gzip.
      console.warn(`brotli bodies not made: ${(error as Error).message}`);
    } finally {
      brotliBusy = false;
    }
  }

  function send(req: Request, res: Response, next: NextFunction, file: File) {
    if (file.onDisk) {
      res.sendFile(
        file.onDisk,
        { root: clientDir, headers: { "Cache-Control": file.cacheControl } },
        (error) => {
          if (error) next(error);
        },
      );
      return;
    }
    res.type(file.type);
    res.setHeader("Cache-Control", file.cacheControl);
    let body = file.body;
    let etag = file.etag;
    if (file.compressible) {
      res.vary("Accept-Encoding");
      // Made on the first request that can use them: gzip here, brotli in the worker.
      if (!file.gzipTried && req.acceptsEncodings("gzip") === "gzip") {
        file.gzipTried = true;
        const gz = zlib.gzipSync(file.body, { level: 9 });
        if (gz.length < file.body.length) file.gzip = gz;
      }
      if (!file.brotliQueued && req.acceptsEncodings("br") === "br") queueBrotli(file);
      const encoding =
        file.br && req.acceptsEncodings("br") === "br"
          ? "br"
          : file.gzip && req.acceptsEncodings("gzip") === "gzip"
            ? "gzip"
            : null;
      const chosen = encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : undefined;
      if (chosen && encoding) {
        body = chosen;
        // Each encoding is its own representation, with its own validator.
        etag = `${file.etag.slice(0, -1)}-${encoding}"`;
        res.setHeader("Content-Encoding", encoding);
      }
    }
    res.setHeader("ETag", etag);
    // 304 on a matching If-None-Match; no body for HEAD.
    res.send(body);
  }

  function middleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    let pathname = req.path;
    try {
      if (pathname.includes("%")) pathname = decodeURIComponent(pathname);
    } catch {
      return next();
    }
    const file = files.get(pathname) ?? byPage.get(pagePath(pathname));
    if (!file) return next();
    send(req, res, next, file);
  }

  return { middleware, pages: byPage, send };
}
