// Response headers and the same-site rule for state-changing requests (docs/SECURITY.md).
import { createHash, randomFillSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Readable, Transform } from "node:stream";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import type { CspSources } from "../app/server/csp.server.ts";
import { isDeveloperOrigin } from "../app/server/env.server.ts";

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A foreign `Sec-Fetch-Site` or `Origin` is refused with 403 before any action runs. `signedLinks`:
 * paths whose authority is a signature (the one-click unsubscribe), which mail providers post; their Origin is removed.
 */
export function sameSiteMutations(publicOrigin: string, signedLinks?: RegExp): RequestHandler {
  const ownOrigins = sameOrigins(publicOrigin);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (signedLinks?.test(req.path)) {
      // So React Router's own origin check on document POSTs lets this one path through as well.
      delete req.headers.origin;
      return next();
    }
    const site = req.get("sec-fetch-site");
    const origin = req.get("origin");
    const foreignSite = site !== undefined && site !== "same-origin" && site !== "none";
    const foreignOrigin = origin !== undefined && !ownOrigins.has(origin);
    if (foreignSite || foreignOrigin) {
      res.status(403).json({ error: "Cross-site requests are not allowed." });
      return;
    }
    next();
  };
}

/** Never the request's Host, which the sender writes. */
function sameOrigins(publicOrigin: string): Set<string> {
  if (!isDeveloperOrigin(publicOrigin)) return new Set([publicOrigin]);
  const { port } = new URL(publicOrigin);
  const spellings = ["localhost", "127.0.0.1", "[::1]"].map(
    (host) => `http://${host}${port ? `:${port}` : ""}`,
  );
  return new Set([publicOrigin, ...spellings]);
}

export type ContentSecurity = {
  sources: CspSources;
  prerenderedScripts: ReadonlyMap<string, string[]>;
};

export function pagePath(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, "") : path;
}

export function cspNonce(res: Response): string {
  const nonce: unknown = res.locals.cspNonce;
  if (typeof nonce !== "string") throw new Error("securityHeaders() must run before the app");
  return nonce;
}

/**
 * The Content-Security-Policy with its script sources: a fresh nonce on a rendered page, or the hashes of a
 * document's inline scripts plus 'self' on one the same for everyone (pre-rendered pages, and /pricing for
 * visitors without a session: express-shell/shared-pricing.ts).
 */
export function scriptPolicies(publicOrigin: string, sources: CspSources) {
  const policy = cspTemplate({
    "default-src": ["'self'"],
    // React renders style attributes, and sonner and Radix add <style> without a nonce
    // (docs/decisions/0017-content-security-policy.md).
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...sources.connections],
    "frame-src": sources.frames.length > 0 ? sources.frames : ["'none'"],
    "form-action": ["'self'", ...sources.formTargets],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    ...(publicOrigin.startsWith("https:") ? { "upgrade-insecure-requests": [] } : {}),
  });
  return {
    nonce: (nonce: string) => policy(`'nonce-${nonce}' 'strict-dynamic'`),
    hashes: (hashes: readonly string[]) =>
      policy(["'self'", ...hashes.map((hash) => `'${hash}'`), ...sources.scripts].join(" ")),
  };
}

/**
 * Helmet's headers plus a Permissions-Policy; HSTS only on https. The CSP: nonces on rendered pages, hashes
 * plus 'self' on pre-rendered ones (docs/decisions/0017-content-security-policy.md).
 */
export function securityHeaders(publicOrigin: string, csp: ContentSecurity): RequestHandler[] {
  const https = publicOrigin.startsWith("https:");
  const policies = scriptPolicies(publicOrigin, csp.sources);
  const prerenderedPolicies = new Map(
    [...csp.prerenderedScripts].map(([page, hashes]) => [page, policies.hashes(hashes)]),
  );
  const nonces = noncePool();
  return [
    (req, res, next) => {
      const nonce = nonces.next();
      res.locals.cspNonce = nonce;
      const prerendered =
        req.method === "GET" || req.method === "HEAD"
          ? prerenderedPolicies.get(pagePath(req.path))
          : undefined;
      res.setHeader("Content-Security-Policy", prerendered ?? policies.nonce(nonce));
      next();
    },
    helmet({
      contentSecurityPolicy: false,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: https ? { maxAge: 63_072_000, includeSubDomains: true } : false,
      frameguard: { action: "deny" },
      referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    }),
    (_req, res, next) => {
      res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()");
      next();
    },
  ];
}

type Directives = Record<string, string[]>;

/** Helmet writes and checks the policy once; each request only fills in its script sources. */
function cspTemplate(directives: Directives): (scriptSources: string) => string {
  const MARKER = "'script-sources-of-this-response'";
  let written = "";
  const capture = {
    setHeader(name: string, value: string) {
      if (name.toLowerCase() === "content-security-policy") written = value;
    },
  } as unknown as ServerResponse;
  helmet.contentSecurityPolicy({
    useDefaults: false,
    directives: { ...directives, "script-src": [MARKER] },
  })({} as IncomingMessage, capture, () => {});
  const [before, after] = written.split(MARKER);
  if (after === undefined) throw new Error("The Content-Security-Policy template has no script-src");
  return (scriptSources) => `${before}${scriptSources}${after}`;
}

/** Drawn from a buffer the CSPRNG refills, rather than one call per response. */
function noncePool(): { next(): string } {
  const NONCE_BYTES = 16;
  const pool = Buffer.alloc(NONCE_BYTES * 256);
  let offset = pool.length;
  return {
    next() {
      if (offset === pool.length) {
        randomFillSync(pool);
        offset = 0;
      }
      offset += NONCE_BYTES;
      return pool.toString("base64", offset - NONCE_BYTES, offset);
    },
  };
}

const INLINE_SCRIPT = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const SRC_ATTRIBUTE = /\ssrc\s*=/i;
const TYPE_ATTRIBUTE = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;
/** Others, like application/ld+json, are data. */
const EXECUTABLE_TYPE = /^(?:|module|importmap|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/** The text between the tags, newlines normalised as the HTML parser does. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = "", text = ""] of html.matchAll(INLINE_SCRIPT)) {
    if (SRC_ATTRIBUTE.test(attributes)) continue;
    const type = TYPE_ATTRIBUTE.exec(attributes);
    if (!EXECUTABLE_TYPE.test((type?.[1] ?? type?.[2] ?? type?.[3] ?? "").trim())) continue;
    const digest = createHash("sha256").update(text.replace(/\r\n?/g, "\n"), "utf8").digest("base64");
    hashes.add(`sha256-${digest}`);
  }
  return [...hashes];
}

/** Which posts stream to the app unread (multipart ones to an upload route), and how much they may send. */
export type StreamedUploads = { paths: RegExp | null; capBytes: number };

/**
 * Every request body is read here first, whole and bounded, so nothing after (the access check, the action)
 * can be made to buffer more. Over `maxBytes` it is drained for the 413; over `dropBytes` the connection closes.
 * The one exception is a multipart post to an upload route, handed on as a stream (`streamUpload`).
 */
export function boundedBodies(
  maxBytes: number,
  dropBytes: number,
  message: string,
  uploads?: StreamedUploads,
): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    if (uploads?.paths?.test(req.path) && /^multipart\/form-data\s*;/i.test(req.get("content-type") ?? ""))
      return streamUpload(req, res, next, uploads.capBytes, message);
    const refuse = () => {
      if (!res.headersSent) res.status(413).json({ error: message });
    };
    const hangUp = () => hangUpAfter(req, res, refuse);
    const declared = Number(req.get("content-length") ?? 0);
    if (declared > dropBytes) return hangUp();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      if (size > dropBytes) return;
      size += chunk.length;
      if (size > dropBytes) return hangUp();
      if (size <= maxBytes && declared <= maxBytes) chunks.push(chunk);
    });
    req.on("end", () => {
      if (size > maxBytes || declared > maxBytes) return refuse();
      res.locals.bufferedBody = Buffer.concat(chunks, size);
      next();
    });
    req.on("error", () => req.destroy());
  };
}

/** Close a moment later: closing at once sends a reset that can discard the answer before it is read. */
function hangUpAfter(req: IncomingMessage, res: Response, answer: () => void) {
  req.pause();
  res.once("finish", () => setTimeout(() => req.socket.destroy(), 2_000).unref());
  answer();
}

/**
 * The body goes on through a counter: past `capBytes` the connection is dropped (the store refuses a file
 * long before). An answer given before the body ended (a refusal: 401/403/404 before reading, 413/415 part
 * way) is followed by reading the rest only up to the cap, and closing two seconds later, so the sender
 * sees the answer and a 2 GB upload is never read to its end.
 */
function streamUpload(
  req: IncomingMessage,
  res: Response,
  next: () => void,
  capBytes: number,
  message: string,
) {
  let size = 0;
  const overCap = () =>
    hangUpAfter(req, res, () => {
      if (!res.headersSent) res.status(413).json({ error: message });
    });
  if (Number(req.headers["content-length"] ?? 0) > capBytes) return overCap();
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > capBytes) {
        overCap();
        return done(new Error("upload over its cap"));
      }
      done(null, chunk);
    },
  });
  req.pipe(counted);
  // The sender went away part way: the app's reading fails instead of waiting.
  req.once("close", () => {
    if (!req.complete) counted.destroy(new Error("upload aborted"));
  });
  res.once("finish", () => {
    if (req.complete) return;
    req.unpipe(counted);
    counted.destroy();
    const close = setTimeout(() => req.socket.destroy(), 2_000).unref();
    // Past the cap, stop reading: the timer closes it, once the sender has had time to read the answer.
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > capBytes) req.pause();
    });
    req.once("end", () => clearTimeout(close));
    req.resume();
  });
  res.locals.streamedBody = counted;
  next();
}

export function bufferedBody(res: Response): Uint8Array<ArrayBuffer> | null {
  const body: unknown = res.locals.bufferedBody;
  return body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : null;
}

/** An upload's body, counted on its way (boundedBodies). */
export function streamedBody(res: Response): Readable | null {
  const body: unknown = res.locals.streamedBody;
  return body instanceof Readable ? body : null;
}
