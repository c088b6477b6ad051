// Rendered pages answered from memory for a few seconds, per visitor: the rules of what may be
// remembered and for how long live in the app (app/server/page-cache.server.ts); this middleware
// finds a page before React Router runs, and keeps the page React Router renders. It sits behind the
// compression middleware, which still compresses what it renders; a remembered page is sent gzipped
// from parts compressed once, with this response's nonce spliced in between them (`gzipPage`).
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import type { PageTicket, RenderedPage } from "../app/server/page-cache.server.ts";
import { cspNonce, SAFE_METHODS } from "./security.ts";

type PageCache = {
  lookupPage(
    url: string,
    header: (name: string) => string | undefined,
  ): { page: RenderedPage } | { ticket: PageTicket } | null;
  rememberPage(ticket: PageTicket, page: RenderedPage): void;
  forgetAllPages(): void;
};

/** Pages bigger than this are answered but not remembered. */
const MAX_PAGE_BYTES = 1024 * 1024;
/** Headers that describe one transfer of the body, not the page. */
const TRANSFER_HEADERS = new Set(["content-length", "transfer-encoding", "content-encoding", "etag"]);

export function pageCache(cache: PageCache) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!SAFE_METHODS.has(req.method)) {
      // A change made here is dropped from every remembered page before its answer is complete (the
      // live-updates bus tells the other processes, and this one too, a moment later).
      res.once("close", cache.forgetAllPages);
      return next();
    }
    // Documents only: data requests (.data) are what open pages revalidate with after a change.
    if (req.method !== "GET" || req.path.endsWith(".data")) return next();
    const found = cache.lookupPage(req.originalUrl, (name) => req.get(name));
    if (!found) return next();
    if ("page" in found) {
      const { page } = found;
      const nonce = Buffer.from(cspNonce(res));
      for (const [name, value] of page.headers) res.setHeader(name, value);
      res.setHeader("X-Cache", "hit");
      res.vary("Accept-Encoding");
      res.status(200);
      if (req.acceptsEncodings("gzip", "identity") === "gzip") {
        res.setHeader("Content-Encoding", "gzip");
        res.end(gzipPage(page, nonce));
      } else {
        res.end(Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [nonce, part]))));
      }
      return;
    }
    keepRenderedPage(res, found.ticket, cache);
    next();
  };
}

/** Collects what React Router writes, and remembers it if it is a whole, personal-to-nobody-else page. */
function keepRenderedPage(res: Response, ticket: PageTicket, cache: PageCache): void {
  const before = new Set(res.getHeaderNames());
  let headers: [string, string][] | null = null;
  let chunks: Buffer[] | null = [];
  let size = 0;

  const collect = (chunk: unknown, encoding: unknown) => {
    if (headers === null) {
      // The app's own headers, as they stand when the body starts: not those set before it ran
      // (the security headers with this response's nonce), nor any a later layer adds.
      headers = [];
      for (const name of res.getHeaderNames()) {
        if (before.has(name) || TRANSFER_HEADERS.has(name)) continue;
        const value = res.getHeader(name);
        if (typeof value === "string" || typeof value === "number") headers.push([name, String(value)]);
        else if (name !== "set-cookie" && Array.isArray(value)) headers.push([name, value.join(", ")]);
        else chunks = null;
      }
      const type = String(res.getHeader("content-type") ?? "");
      if (res.statusCode !== 200 || !/^text\/html\b/i.test(type) || res.hasHeader("set-cookie"))
        chunks = null;
      // `private` is for shared HTTP caches: this one keys a page by the visitor's whole cookie header.
      if (/no-store/i.test(String(res.getHeader("cache-control") ?? ""))) chunks = null;
    }
    if (chunks === null || chunk == null || typeof chunk === "function") return;
    const buffer = Buffer.isBuffer(chunk)
      ? chunk
      : Buffer.from(chunk as string, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
    size += buffer.length;
    if (size > MAX_PAGE_BYTES) chunks = null;
    else chunks.push(buffer);
  };

  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
  } as Response["write"];
  res.end = function (this: Response, chunk?: unknown, ...rest: unknown[]) {
    collect(chunk, rest[0]);
    if (chunks !== null && headers !== null) {
      cache.rememberPage(ticket, {
        headers,
        parts: splitAt(Buffer.concat(chunks), Buffer.from(cspNonce(res))),
      });
    }
    return (end as (...args: unknown[]) => Response).call(this, chunk, ...rest);
  } as Response["end"];
}

export function splitAt(body: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = body.indexOf(separator); at !== -1; at = body.indexOf(separator, start)) {
    parts.push(body.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(body.subarray(start));
  return parts;
}

// A gzip member (RFC 1952) around one deflate stream (RFC 1951) made of pieces: each part of the page
// compressed once and ended with a sync flush (so it ends on a byte boundary), with the nonce between
// them as a stored block, then an empty final block. Each part is compressed with the page before it
// as its dictionary, so it may refer back to it as one stream would, except at the nonce: there the
// dictionary holds NUL bytes, which a part without NULs cannot match, so no reference ever reaches
// into the nonce the browser will see instead (a part holding a NUL is compressed on its own).
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const FINAL_EMPTY_BLOCK = Buffer.from([0x03, 0x00]);
const WINDOW_BYTES = 32 * 1024;

function storedBlock(bytes: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return Buffer.concat([header, bytes]);
}

function compressParts(parts: Buffer[], nonceLength: number): Buffer[] {
  const placeholder = Buffer.alloc(nonceLength);
  let before = Buffer.alloc(0);
  return parts.map((part, i) => {
    if (i > 0) before = Buffer.concat([before, placeholder]).subarray(-WINDOW_BYTES);
    const dictionary = before.length > 0 && !part.includes(0) ? { dictionary: before } : {};
    const compressed = zlib.deflateRawSync(part, { finishFlush: zlib.constants.Z_SYNC_FLUSH, ...dictionary });
    before = Buffer.concat([before, part]).subarray(-WINDOW_BYTES);
    return compressed;
  });
}

/** The page gzipped with `nonce` in it; the parts are compressed the first time a page is sent so. */
export function gzipPage(page: RenderedPage, nonce: Buffer): Buffer {
  if (page.gzip?.nonceLength !== nonce.length) {
    page.gzip = { nonceLength: nonce.length, parts: compressParts(page.parts, nonce.length) };
  }
  const compressed = page.gzip.parts;
  const nonceBlock = storedBlock(nonce);
  const pieces: Buffer[] = [GZIP_HEADER];
  let crc = 0;
  let length = 0;
  page.parts.forEach((part, i) => {
    if (i > 0) {
      pieces.push(nonceBlock);
      crc = zlib.crc32(nonce, crc);
      length += nonce.length;
    }
    pieces.push(compressed[i] as Buffer);
    crc = zlib.crc32(part, crc);
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(length >>> 0, 4);
  pieces.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(pieces);
}
