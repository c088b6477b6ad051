// React Router writes a streamed page chunk by chunk (React hands over ~2 KB pieces) and calls
// res.flush() after each one, which the compression middleware turns into a zlib sync flush: many tiny
// deflate writes and blocks and as many socket writes, the largest server cost on rendered pages
// (docs/decisions/0018-performance.md). Here what is written in one turn of the event loop is gathered
// and handed on as one write and one flush, on the next turn: the page still streams (a chunk that
// arrives later, such as deferred data, still goes out at once), with a fraction of the work.
// Only HTML pages are gathered; everything else (event streams, JSON) passes straight through.
import type { NextFunction, Request, Response } from "express";

type Flushable = Response & { flush?: () => void };
type Write = (
  chunk: unknown,
  encoding?: BufferEncoding,
  callback?: (error?: Error | null) => void,
) => boolean;
type End = (chunk?: unknown, encoding?: BufferEncoding, callback?: () => void) => Response;

/** Only rendered pages are gathered: other answers (JSON, event streams, files) pass straight through. */
const isPage = (res: Response) => /^text\/html/i.test(String(res.getHeader("Content-Type") ?? ""));

function toBuffer(chunk: unknown, encoding: unknown): Buffer {
  if (typeof chunk === "string")
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  if (chunk instanceof Uint8Array) return Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new TypeError("the response body must be a string or bytes");
}

export function coalesceWrites(_req: Request, res: Flushable, next: NextFunction) {
  const write = res.write.bind(res) as Write;
  const end = res.end.bind(res) as End;
  const flush = typeof res.flush === "function" ? res.flush.bind(res) : undefined;
  let pending: Buffer[] = [];
  let scheduled = false;

  const takePending = () => {
    const body = pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending);
    pending = [];
    return body;
  };
  const writePending = () => {
    scheduled = false;
    if (pending.length === 0 || res.writableEnded) return;
    write(takePending());
    flush?.();
  };

  res.write = ((chunk: unknown, encoding?: unknown, callback?: unknown) => {
    if (typeof encoding === "function" || typeof callback === "function" || !isPage(res)) {
      if (pending.length) write(takePending());
      return write(chunk, encoding as BufferEncoding, callback as () => void);
    }
    pending.push(toBuffer(chunk, encoding));
    if (!scheduled) {
      scheduled = true;
      setImmediate(writePending);
    }
    // Always "go on": a writer told to wait for "drain" could miss it, as the real write comes a turn
    // later. What is gathered is one page's worth; the compression stream buffers the rest.
    return true;
  }) as Response["write"];

  res.end = ((chunk?: unknown, encoding?: unknown, callback?: unknown) => {
    if (pending.length) {
      if (typeof chunk === "function") return end(takePending(), undefined, chunk as () => void);
      if (chunk !== undefined && chunk !== null) pending.push(toBuffer(chunk, encoding));
      const cb = typeof encoding === "function" ? encoding : callback;
      return end(takePending(), undefined, cb as () => void);
    }
    return end(chunk, encoding as BufferEncoding, callback as () => void);
  }) as Response["end"];

  // Each gathered write flushes once; the per-chunk flushes are no longer needed.
  if (flush) res.flush = () => {};
  next();
}
