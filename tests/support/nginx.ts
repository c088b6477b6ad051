import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import http2 from "node:http2";
import https from "node:https";
import { connect } from "node:net";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { asResponse } from "./node-response";
import { freeLocalPort, repoRoot } from "./server-process";
import { readSse, type SseStream } from "./sse";

// Real nginx in front of the built server, run from the site file operators are told to install
// (deploy/nginx/coach.conf) with a certificate made here, so the deployment the README recommends is
// the one tested. Clients reach it over TLS as `coach.example` on loopback, from any 127.x address.

export const NGINX = "/usr/sbin/nginx";
const OPENSSL = "/usr/bin/openssl";
export const SITE_FILE = path.join(repoRoot, "deploy", "nginx", "coach.conf");
/** The site's name in deploy/nginx/coach.conf and in the test certificate. */
export const SITE_HOST = "coach.example";

/**
 * Why nginx can't run here, or undefined. Outside CI a missing nginx or openssl skips (said once); under
 * CI it is an error, since .ci/run installs Debian's nginx-light.
 */
export function nginxUnavailable(): string | undefined {
  const missing = [NGINX, OPENSSL].filter((file) => !existsSync(file));
  if (missing.length === 0) return undefined;
  const reason = `${missing.join(" and ")} not installed (Debian: apt-get install nginx-light openssl)`;
  if (process.env.CI) throw new Error(`The reverse-proxy tests need ${reason}; .ci/run installs them.`);
  console.log(`Skipping the reverse-proxy tests: ${reason}`);
  return reason;
}

type Ports = { http: number; https: number; app: number; certificate: string; key: string };

/**
 * deploy/nginx/coach.conf as this test runs it: each replacement below must match exactly once, so the
 * test breaks rather than drifts when the shipped file changes. Only where it listens (loopback ports
 * instead of 80 and 443, no IPv6), the certificate and the app's port differ.
 */
export function renderSite(source: string, ports: Ports): string {
  const replacements: [string, string][] = [
    ["    listen 80;\n", `    listen 127.0.0.1:${ports.http};\n`],
    ["    listen [::]:80;\n", ""],
    ["    listen 443 ssl http2;\n", `    listen 127.0.0.1:${ports.https} ssl http2;\n`],
    ["    listen [::]:443 ssl http2;\n", ""],
    [`/etc/letsencrypt/live/${SITE_HOST}/fullchain.pem`, ports.certificate],
    [`/etc/letsencrypt/live/${SITE_HOST}/privkey.pem`, ports.key],
    ["server 127.0.0.1:3000;", `server 127.0.0.1:${ports.app};`],
  ];
  let site = source;
  for (const [from, to] of replacements) {
    const count = site.split(from).length - 1;
    if (count !== 1)
      throw new Error(`${SITE_FILE} has ${JSON.stringify(from)} ${count} times, expected once`);
    site = site.replace(from, to);
  }
  return site;
}

/** A fetch for one client of the proxied site: paths on https://coach.example, from `localAddress`. */
export type ProxiedFetch = (path: string, init?: RequestInit) => Promise<Response>;

export type ReverseProxy = {
  httpsPort: number;
  httpPort: number;
  /** The test certificate (PEM), the one authority the clients trust. */
  ca: string;
  /** A client connecting from `localAddress` (127.0.0.1 unless given), over HTTP/1.1; redirects are not followed. */
  client(localAddress?: string): ProxiedFetch;
  /** GET /events over HTTP/2, as a browser reaches it through nginx; `protocol` is what TLS agreed on. */
  events(cookie: string): Promise<SseStream & { protocol: string | undefined }>;
  /** What nginx wrote to stderr (its error log). */
  logs(): string;
  stop(): Promise<void>;
};

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Starts nginx with the shipped site in front of the app on `appPort`; resolves once it takes TLS connections. */
export async function startProxy(appPort: number): Promise<ReverseProxy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "coach-nginx-"));
  // As root, nginx's workers run as nobody: they need to reach the temp folders nginx makes here.
  chmodSync(dir, 0o755);
  const certificate = path.join(dir, "cert.pem");
  const key = path.join(dir, "key.pem");
  execFileSync(
    OPENSSL,
    [
      "req",
      ...["-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"],
      ...["-subj", `/CN=${SITE_HOST}`, "-addext", `subjectAltName=DNS:${SITE_HOST}`],
      ...["-keyout", key, "-out", certificate],
    ],
    { stdio: "ignore" },
  );
  const ca = readFileSync(certificate, "utf8");
  const httpPort = await freeLocalPort();
  let httpsPort = await freeLocalPort();
  while (httpsPort === httpPort) httpsPort = await freeLocalPort();
  writeFileSync(
    path.join(dir, "coach.conf"),
    renderSite(readFileSync(SITE_FILE, "utf8"), {
      http: httpPort,
      https: httpsPort,
      app: appPort,
      certificate,
      key,
    }),
  );
  // What Debian's /etc/nginx/nginx.conf gives the site: an http block (with gzip on, as Debian has
  // it, so the site's own `gzip off` is what is tested), here with its temp folders in this folder.
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `worker_processes 1;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  gzip on;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/coach.conf;
}
`,
  );
  const child = spawn(
    NGINX,
    [
      "-p",
      dir,
      "-c",
      path.join(dir, "nginx.conf"),
      "-g",
      `daemon off; pid ${dir}/nginx.pid; error_log stderr;`,
    ],
    { stdio: ["ignore", "ignore", "pipe"] },
  );
  running.add(child);
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const exited = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await exited;
    running.delete(child);
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 10_000;
  while (!(await accepts(httpsPort))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`nginx did not start (exit code ${child.exitCode}):\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }

  return {
    httpsPort,
    httpPort,
    ca,
    client:
      (localAddress = "127.0.0.1") =>
      (target, init) =>
        send(httpsPort, ca, localAddress, target, init),
    events: (cookie) => openEvents(httpsPort, ca, cookie),
    logs: () => stderr,
    stop,
  };
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/** A Node answer as a fetch Response, Set-Cookie lines kept apart. */
/**
 * One request through nginx, as fetch would send it: a string, form or byte body with its length; a
 * ReadableStream body chunked, with no Content-Length.
 */
function send(port: number, ca: string, localAddress: string, target: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (!headers.has("host")) headers.set("host", SITE_HOST);
  let body: Buffer | ReadableStream<Uint8Array> | undefined;
  if (init.body instanceof ReadableStream) body = init.body;
  else if (init.body instanceof URLSearchParams) {
    body = Buffer.from(init.body.toString());
    if (!headers.has("content-type"))
      headers.set("content-type", "application/x-www-form-urlencoded;charset=UTF-8");
  } else if (typeof init.body === "string" || init.body instanceof Uint8Array) body = Buffer.from(init.body);
  else if (init.body != null)
    throw new Error("send(): use a string, URLSearchParams, bytes or a ReadableStream");
  if (body instanceof Buffer) headers.set("content-length", String(body.length));

  return new Promise<Response>((resolve, reject) => {
    const request = https.request({
      host: "127.0.0.1",
      port,
      servername: SITE_HOST,
      ca,
      localAddress,
      agent: false,
      method: init.method ?? "GET",
      path: target,
      headers: Object.fromEntries(headers),
      signal: init.signal ?? AbortSignal.timeout(60_000),
    });
    request.once("error", reject);
    request.once("response", (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.once("error", reject);
      answer.once("end", () => {
        resolve(asResponse(answer.statusCode ?? 0, answer.rawHeaders, Buffer.concat(chunks)));
        // The answer is all a caller needs: a body still being sent (refused early) is cut off.
        request.destroy();
      });
    });
    if (body instanceof ReadableStream) {
      const stream = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
      // Written on until nginx answers; a refused body's rest is not sent.
      stream.once("error", () => request.destroy());
      stream.pipe(request);
    } else request.end(body);
  });
}

async function openEvents(port: number, ca: string, cookie: string) {
  const session = http2.connect(`https://127.0.0.1:${port}`, { ca, servername: SITE_HOST });
  session.on("error", () => {});
  const stream = session.request({
    ":method": "GET",
    ":path": "/events",
    ":authority": SITE_HOST,
    accept: "text/event-stream",
    cookie,
  });
  const head = await new Promise<http2.IncomingHttpHeaders>((resolve, reject) => {
    stream.once("response", resolve);
    stream.once("error", reject);
  });
  const rawHeaders = Object.entries(head).flatMap(([name, value]) =>
    name.startsWith(":") || value === undefined
      ? []
      : (Array.isArray(value) ? value : [String(value)]).flatMap((one) => [name, one]),
  );
  const response = asResponse(
    Number(head[":status"]),
    rawHeaders,
    Readable.toWeb(stream) as unknown as ReadableStream<Uint8Array>,
  );
  const close = () => {
    stream.close();
    session.close();
  };
  return Object.assign(await readSse(response, close), { protocol: session.alpnProtocol });
}
