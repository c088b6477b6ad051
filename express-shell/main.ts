// The one Node process (docs/decisions/0001-process-and-build.md), run by Node 24 directly (type stripping).
import "./compile-cache.ts";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import express from "express";
import { rateLimit } from "express-rate-limit";
import { createRequestHandler, type ServerBuild } from "react-router";
import { configOrExit } from "../app/server/env.server.ts";
import type { Webhook } from "../app/server/webhooks.server.ts";
import { appHandler } from "./app-handler.ts";
import { startCluster } from "./cluster.ts";
import {
  boundedBodies,
  cspNonce,
  inlineScriptHashes,
  pagePath,
  SAFE_METHODS,
  sameSiteMutations,
  scriptPolicies,
  securityHeaders,
} from "./security.ts";
import { sharedPricing } from "./shared-pricing.ts";
import { clientFiles } from "./static.ts";

type AppEntry = typeof import("../app/entry.server.tsx");

// Node's start and the shell's own modules (express, React Router, zod) end here.
const shellLoaded = [performance.now(), process.cpuUsage()] as const;

if (startCluster()) await new Promise<never>(() => {});

const root = path.resolve(import.meta.dirname, "..");
// `serving`: a public site without its sign-in stops here with one line.
const buildDir = path.resolve(root, configOrExit(process.env, { serving: true }).buildDir);
const serverBuildPath = path.join(buildDir, "server", "index.js");

if (!existsSync(serverBuildPath)) {
  console.error("No build found: run `npm run build` first (npm start does it for you).");
  process.exit(1);
}

const build = (await import(serverBuildPath)) as ServerBuild;
const entry = build.entry.module as unknown as AppEntry;
entry.startupPhase("shell loaded", ...shellLoaded);
entry.startupPhase("build loaded");

let config: ReturnType<AppEntry["getConfig"]>;
try {
  config = entry.getConfig();
} catch (error) {
  if (error instanceof entry.ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const { logger } = entry;

// Opening the database starts before the app is composed, which needs none of it: on PostgreSQL the open is
// mostly waiting on the network (docs/decisions/0040-cold-start.md). If it is down, keep serving (healthz
// says 503) and let a later request open it.
const databaseReady = entry.startup().then(
  (database) => {
    entry.startupPhase("database ready");
    logger.info({ database: database.kind }, "database ready");
  },
  (error: Error) => logger.error({ err: error.message }, "database not ready at start"),
);

const app = express();
app.disable("x-powered-by");
// Only for the address rate limits, sessions and logs use; no decision of who may do what reads it
// (docs/decisions/0035-behind-a-proxy.md).
app.set("trust proxy", config.trustProxy);

app.use((req, res, next) => {
  if (!logger.isLevelEnabled("info")) return next();
  const started = process.hrtime.bigint();
  // Read now: a mounted middleware strips its prefix from req.path.
  const requestPath = req.path;
  res.on("finish", () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    logger.info({
      ip: req.ip,
      method: req.method,
      path: requestPath,
      status: res.statusCode,
      ms: Math.round(ms * 10) / 10,
    });
  });
  next();
});

// The same file goes to everyone, so its CSP lists hashes rather than a nonce.
const clientDir = path.join(buildDir, "client");
const prerenderedScripts = new Map(
  prerenderedPaths(clientDir).map((page) => [
    page,
    inlineScriptHashes(readFileSync(path.join(clientDir, page, "index.html"), "utf8")),
  ]),
);

app.use(securityHeaders(config.publicOrigin, { sources: entry.cspSources(), prerenderedScripts }));
// The signature covers the raw bytes, so webhooks are answered here, ahead of every parser, the same-site
// check and the per-address limit (docs/decisions/0027-payments.md, 0028-bookings.md; app/server/webhooks.server.ts).
webhook("/webhooks/stripe", entry.stripeWebhook);
webhook("/webhooks/cal", entry.calWebhook);

app.use(sameSiteMutations(config.publicOrigin, entry.UNSUBSCRIBE_PATH));
// Upload routes are found in the build by their `streamsUploads` export (app/server/files/upload.server.ts).
app.use(
  boundedBodies(entry.FORM_LIMITS.bytes, entry.FORM_LIMITS.drain, entry.FORM_MESSAGES.tooLarge, {
    paths: entry.uploadPathPattern(build.routes),
    capBytes: entry.uploadBodyCap(config.files.maxBytes),
  }),
);

// Pre-rendered pages are revalidated, so a deploy shows at once (express-shell/static.ts).
const client = clientFiles(clientDir, prerenderedScripts.keys(), pagePath);
app.use(client.middleware);
// Visitors without a session get /pricing as it was rendered once for their currency (docs/decisions/0041-pricing-per-currency.md).
app.use(
  sharedPricing({
    entry,
    render: createRequestHandler(build, config.nodeEnv),
    policy: scriptPolicies(config.publicOrigin, entry.cspSources()).hashes,
    send: client.send,
  }),
);

// Sign-in is limited inside the app, where a route is known however its URL is spelled; nothing here is
// mounted on a path the router also answers (docs/SECURITY.md, "Rate limits").

// Per client address, changes only: reads never pass the limiter, which cost every page CPU
// (docs/decisions/0033-warm-cost.md).
const changeLimit = rateLimit({
  windowMs: 60_000,
  limit: config.mutationRateLimit,
  standardHeaders: "draft-8",
  legacyHeaders: false,
  message: { error: entry.TOO_MANY_CHANGES },
});
app.use((req, res, next) => (SAFE_METHODS.has(req.method) ? next() : changeLimit(req, res, next)));

// Mounted without a path: everything that got this far is the router's.
app.use(
  appHandler(build, config.nodeEnv, (req, res) =>
    entry.requestLoadContext(cspNonce(res), {
      clientAddress: req.ip,
      peer: req.socket.remoteAddress,
      headerNames: Object.keys(req.headers),
    }),
  ),
);

entry.startupPhase("app composed");
// Node loads its fetch classes (Request, Headers), which every rendered answer needs, on first use: here,
// while the database opens, rather than in the first request.
new Headers();
await databaseReady;

const server = app.listen(config.port, config.host, () => {
  entry.startupPhase("listening");
  logger.info({ url: config.publicOrigin, host: config.host, port: config.port }, "listening");
});
server.on("error", (error) => {
  logger.fatal({ err: error.message }, "cannot listen");
  process.exit(1);
});

function webhook(mountPath: string, { signatureHeader, handle }: Webhook) {
  const answer = (res: express.Response, status: number, body: unknown) =>
    res.status(status).set("Cache-Control", "no-store").json(body);
  app.post(
    mountPath,
    express.raw({ type: () => true, limit: entry.WEBHOOK_BODY_LIMIT }),
    (req: express.Request, res: express.Response, next: express.NextFunction) => {
      handle(req.body, req.get(signatureHeader)).then(({ status, body }) => answer(res, status, body), next);
    },
    // The sender's mistake: a 4xx in the webhook's own words, not Express's HTML page and stack trace.
    (
      error: { status?: number; type?: string },
      _req: express.Request,
      res: express.Response,
      next: express.NextFunction,
    ) => {
      const status = error?.status;
      if (typeof status !== "number" || status < 400 || status >= 500) return next(error);
      logger.warn({ path: mountPath, status, reason: error.type }, "webhook body refused");
      answer(res, status, { error: status === 413 ? "Body too large." : "The body could not be read." });
    },
  );
}

function prerenderedPaths(dir: string, prefix = ""): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    if (entry.isFile() && entry.name === "index.html") found.push(prefix === "" ? "/" : prefix);
    if (entry.isDirectory() && entry.name !== "assets")
      found.push(...prerenderedPaths(dir, `${prefix}/${entry.name}`));
  }
  return found;
}

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down");
  const force = setTimeout(() => {
    logger.error("in-flight requests did not finish in 10 s; exiting");
    process.exit(1);
  }, 10_000);
  force.unref();
  entry.stopLiveUpdates();
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
  });
  await entry.shutdown();
  logger.info("stopped");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
