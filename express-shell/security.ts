// Response headers and the same-site rule for state-changing requests (ARCHITECTURE: security model).
import { createHash, randomFillSync } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import type { CspSources } from "../app/server/csp.server.ts";
import { isDeveloperOrigin } from "../app/server/env.server.ts";

export const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A state-changing request must come from the site itself: a foreign `Sec-Fetch-Site` or `Origin`
 * (one that is not PUBLIC_ORIGIN) is refused with 403 before any action runs, even with a valid session cookie (which SameSite=Lax
 * already keeps off most cross-site posts). `signedLinks` matches the paths whose authority is a
 * signature in the URL rather than a session (the one-click unsubscribe link, docs/SECURITY.md): a
 * mail provider posts those from its own servers or pages. Their `Origin` header is removed.
 */
export function sameSiteMutations(publicOrigin: string, signedLinks?: RegExp): RequestHandler {
  const ownOrigins = sameOrigins(publicOrigin);
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    if (signedLinks?.test(req.path)) {
      // The signature is the authority here, and a provider's Origin says nothing about it: dropped, so
      // React Router's own origin check on document POSTs lets this one path through as well.
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

/**
 * The site's own origins: PUBLIC_ORIGIN, and for a developer's http://localhost:PORT its loopback
 * spellings on the same port (127.0.0.1, [::1]). Never the request's Host, which the sender writes.
 */
function sameOrigins(publicOrigin: string): Set<string> {
  if (!isDeveloperOrigin(publicOrigin)) return new Set([publicOrigin]);
  const { port } = new URL(publicOrigin);
  const spellings = ["localhost", "127.0.0.1", "[::1]"].map(
    (host) => `http://${host}${port ? `:${port}` : ""}`,
  );
  return new Set([publicOrigin, ...spellings]);
}

export type ContentSecurity = {
  /** Other sites the pages use, by kind (app/server/csp.server.ts). */
  sources: CspSources;
  /** Pre-rendered pages by path (as `pagePath` writes it), with their inline scripts' hash sources. */
  prerenderedScripts: ReadonlyMap<string, string[]>;
};

/** A page's path as the pre-rendered files are looked up: no trailing slash, except for "/". */
export function pagePath(path: string): string {
  return path.length > 1 ? path.replace(/\/$/, "") : path;
}

/** This response's CSP nonce, for the app's load context (server-rendered pages). */
export function cspNonce(res: Response): string {
  const nonce: unknown = res.locals.cspNonce;
  if (typeof nonce !== "string") throw new Error("securityHeaders() must run before the app");
  return nonce;
}

/**
 * Helmet's headers (nosniff, a strict referrer policy, no framing, cross-origin isolation of this
 * site's windows) plus a Permissions-Policy. HSTS and upgrade-insecure-requests only when the public
 * origin is https.
 *
 * The Content-Security-Policy (docs/decisions/0017): server-rendered pages run only scripts carrying
 * this response's fresh nonce, and what those load ('strict-dynamic'). Pre-rendered pages are the
 * same files for everyone, so they list the sha256 of each of their inline scripts instead, plus
 * 'self' for the modules under /assets: a hashed inline module's imports carry no nonce, so under
 * 'strict-dynamic' they would load only when a modulepreload link happened to fetch them first.
 */
export function securityHeaders(publicOrigin: string, csp: ContentSecurity): RequestHandler[] {
  const https = publicOrigin.startsWith("https:");
  const { sources } = csp;
  const policy = cspTemplate({
    "default-src": ["'self'"],
    // Inline styles stay allowed (the decision record says why): React renders style
    // attributes, and sonner and Radix's scroll lock add <style> elements without a nonce.
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'", ...sources.connections],
    "frame-src": sources.frames.length > 0 ? sources.frames : ["'none'"],
    "form-action": ["'self'", ...sources.formTargets],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
    ...(https ? { "upgrade-insecure-requests": [] } : {}),
  });
  // Each pre-rendered page's whole policy, written once: the same file goes to everyone.
  const prerenderedPolicies = new Map(
    [...csp.prerenderedScripts].map(([page, hashes]) => [
      page,
      policy(["'self'", ...hashes.map((hash) => `'${hash}'`), ...sources.scripts].join(" ")),
    ]),
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
      res.setHeader("Content-Security-Policy", prerendered ?? policy(`'nonce-${nonce}' 'strict-dynamic'`));
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

/**
 * The Content-Security-Policy for these directives with a request's `script-src` put in: helmet writes
 * (and checks) the policy once, with a marker where the script sources go, and each request fills that
 * in. Helmet's own per-request middleware would rebuild the whole policy for every answer.
 */
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

/**
 * Fresh CSP nonces (128 random bits each, base64), drawn from a buffer the system's CSPRNG refills
 * every 256 nonces rather than one call to it per response.
 */
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
/** Types a browser runs (and CSP checks); others, like application/ld+json, are data. */
const EXECUTABLE_TYPE = /^(?:|module|importmap|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/**
 * The CSP hash sources (`sha256-…`) of the inline scripts a browser would run in this HTML: exactly
 * the text between the tags, newlines normalised as the HTML parser does. Meant for our own build's
 * pre-rendered pages, whose markup React writes.
 */
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

/**
 * Every request body the app may read (any method but GET and HEAD) is read here first, whole and
 * bounded, however it is sent: declared with Content-Length or streamed chunked. Within `maxBytes` it
 * is kept (`bufferedBody`) and the app reads that copy, so nothing after this point (the access check
 * that reads a form's intent, the action) can be made to buffer more. Over it, the rest is read and
 * dropped, then 413 (a browser keeps sending and would miss an early answer), unless it declares or
 * sends more than `dropBytes`: then the 413 comes at once, reading stops and the connection closes.
 */
export function boundedBodies(maxBytes: number, dropBytes: number, message: string): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const refuse = () => {
      if (!res.headersSent) res.status(413).json({ error: message });
    };
    // Stop reading, answer at once, and close a moment later: the client gets time to read the 413 while
    // it is still sending (closing at once sends a reset that can discard the answer it has not read).
    // The request is unfinished, so no client reuses this connection meanwhile.
    const hangUp = () => {
      req.pause();
      res.once("finish", () => setTimeout(() => req.socket.destroy(), 2_000).unref());
      refuse();
    };
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

/** The body `boundedBodies` read for this request, or null (a GET, a HEAD). */
export function bufferedBody(res: Response): Uint8Array<ArrayBuffer> | null {
  const body: unknown = res.locals.bufferedBody;
  return body instanceof Uint8Array ? (body as Uint8Array<ArrayBuffer>) : null;
}
