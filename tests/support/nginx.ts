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

// Real nginx running the site file operators install (deploy/nginx/coach.conf), so the recommended
// deployment is the one tested.

export const NGINX = "/usr/sbin/nginx";
const OPENSSL = "/usr/bin/openssl";
export const SITE_FILE = path.join(repoRoot, "deploy", "nginx", "coach.conf");
export const SITE_HOST = "coach.example";

/** Under CI a missing nginx is an error: .ci/run installs Debian's nginx-light. */
export function nginxUnavailable(): string | undefined {
  const missing = [NGINX, OPENSSL].filter((file) => !existsSync(file));
  if (missing.length === 0) return undefined;
  const reason = `${missing.join(" and ")} not installed (Debian: apt-get install nginx-light openssl)`;
  if (process.env.CI) throw new Error(`The reverse-proxy tests need ${reason}; .ci/run installs them.`);
  console.log(`Skipping the reverse-proxy tests: ${reason}`);
  return reason;
}

type Ports = { http: number; https: number; app: number; certificate: string; key: string };

/** Each replacement must match exactly once, so the test breaks rather than drifts when the shipped file changes. */
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

export type ProxiedFetch = (path: string, init?: RequestInit) => Promise<Response>;

export type ReverseProxy = {
  httpsPort: number;
  httpPort: number;
  ca: string;
  client(localAddress?: string): ProxiedFetch;
  /** Over HTTP/2, as a browser reaches it; `protocol` is what TLS agreed on. */
  events(cookie: string): Promise<SseStream & { protocol: string | undefined }>;
  logs(): string;
  stop(): Promise<void>;
};

const running = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

export async function startProxy(appPort: number): Promise<ReverseProxy> {
  const dir = mkdtempSync(path.join(os.tmpdir(), "coach-nginx-"));
  // As root, nginx's workers run as nobody and need these folders.
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
  // What Debian's nginx.conf gives the site (gzip on, so the site's own `gzip off` is what is tested).
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

/** As fetch would send it: a ReadableStream body goes chunked, with no Content-Length. */
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
        // A body still being sent (refused early) is cut off.
        request.destroy();
      });
    });
    if (body instanceof ReadableStream) {
      const stream = Readable.fromWeb(body as import("node:stream/web").ReadableStream<Uint8Array>);
      // A refused body's rest is not sent.
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
