// The React Router app on Express: a finite body is read whole, compressed in one call and sent with its
// length; server-sent events and downloads (a body whose length the app gave) stream
// (docs/decisions/0032-rendering-cost.md, 0043-file-storage.md).
import { Readable } from "node:stream";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import Negotiator from "negotiator";
import { createRequestHandler, type RouterContextProvider, type ServerBuild } from "react-router";
import { bufferedBody, streamedBody } from "./security.ts";

/** Below this, compressing saves nothing a person would notice. */
const COMPRESS_FROM_BYTES = 1024;
const COMPRESSIBLE_TYPE =
  /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json)|image\/svg)/i;

const ENCODINGS = ["zstd", "br", "gzip"] as const;
type Encoding = (typeof ENCODINGS)[number];

/** The browser's best (q-values); among equals zstd, then brotli at a fast setting, then gzip. */
function chooseEncoding(req: Request): Encoding | null {
  const [best] = new Negotiator(req).encodings(ENCODINGS, { preferred: ENCODINGS });
  return ENCODINGS.find((encoding) => encoding === best) ?? null;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  // Level 1, with a context sized for the body (docs/decisions/0033-warm-cost.md).
  if (encoding === "zstd")
    return zlib.zstdCompressSync(body, {
      pledgedSrcSize: body.length,
      params: { [zlib.constants.ZSTD_c_compressionLevel]: 1 },
    });
  if (encoding === "br")
    return zlib.brotliCompressSync(body, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  return zlib.gzipSync(body, { level: 6 });
}

function webRequest(req: Request, res: Response): globalThis.Request {
  // req.headers, not rawHeaders: security.ts drops the Origin of a signed unsubscribe link's POST.
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (value) for (const one of value) headers.append(name, one);
  }
  // Express has worked out the host and protocol (trust proxy).
  const url = `${req.protocol}://${req.host || "localhost"}${req.originalUrl}`;
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit = {
    method: req.method,
    headers,
    signal: controller.signal,
  };
  if (req.method === "GET" || req.method === "HEAD") return new Request(url, init);
  // An upload streams, counted (security.ts boundedBodies); any other body was read whole and bounded.
  const streamed = streamedBody(res);
  if (streamed) {
    // `duplex` is Node's (undici) and the fetch standard's, not yet in TypeScript's RequestInit.
    const upload: RequestInit & { duplex: "half" } = {
      ...init,
      body: Readable.toWeb(streamed) as ReadableStream<Uint8Array>,
      duplex: "half",
    };
    return new Request(url, upload);
  }
  const body = bufferedBody(res);
  if (body) init.body = body;
  return new Request(url, init);
}

async function send(req: Request, res: Response, answer: globalThis.Response): Promise<void> {
  if (res.destroyed || res.writableEnded) {
    await answer.body?.cancel();
    return;
  }
  res.status(answer.status);
  for (const [name, value] of answer.headers) {
    // The app may repeat a header the shell set (a download's nosniff): once is enough.
    if (name !== "set-cookie" && res.getHeader(name) !== value) res.append(name, value);
  }
  for (const cookie of answer.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  const type = answer.headers.get("Content-Type") ?? "";
  if (!answer.body) {
    res.end();
    return;
  }
  // Server-sent events, and a file the app gave its length (a download), stream as they come.
  if (/^text\/event-stream/i.test(type) || answer.headers.has("Content-Length")) {
    if (req.method === "HEAD") {
      await answer.body.cancel();
      res.end();
      return;
    }
    res.flushHeaders();
    const events = Readable.fromWeb(answer.body as import("node:stream/web").ReadableStream);
    events.on("error", () => res.destroy());
    events.pipe(res);
    return;
  }
  let body: Buffer = Buffer.from(await answer.arrayBuffer());
  if (COMPRESSIBLE_TYPE.test(type) && !/no-transform/i.test(answer.headers.get("Cache-Control") ?? "")) {
    res.vary("Accept-Encoding");
    const encoding = body.length >= COMPRESS_FROM_BYTES ? chooseEncoding(req) : null;
    if (encoding && !answer.headers.has("Content-Encoding")) {
      body = compress(body, encoding);
      res.setHeader("Content-Encoding", encoding);
    }
  }
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

export function appHandler(
  build: ServerBuild,
  mode: string,
  loadContext: (req: Request, res: Response) => RouterContextProvider,
) {
  const handle = createRequestHandler(build, mode);
  return (req: Request, res: Response, next: NextFunction) => {
    handle(webRequest(req, res), loadContext(req, res))
      .then((answer) => send(req, res, answer))
      .catch(next);
  };
}
