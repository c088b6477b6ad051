// What the benchmark scripts share: the build, a server or nginx to start, CPU time from /proc, the
// 5,000 people, and signing in through the local form.
import { spawn, spawnSync } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import http from "node:http";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";

export const root = path.resolve(import.meta.dirname, "..");
export const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** The seeded Pro client with usage and activity, and the seeded admin (app/server/seed.server.ts). */
export const CLIENT_EMAIL = "daniel.okafor@example.com";
export const ADMIN_EMAIL = "admin@example.com";

export function requireBuild() {
  if (existsSync(path.join(buildDir, "server", "index.js"))) return;
  console.error(`No build in ${buildDir}: run \`npx react-router build\` first.`);
  process.exit(1);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : Number.NaN;

export const median = (sorted) =>
  sorted.length % 2
    ? sorted[(sorted.length - 1) / 2]
    : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;

/** Node 24 runs express-shell/main.ts by type stripping; the machine's own Node may be older. */
export const nodeBinary =
  Number(process.versions.node.split(".")[0]) >= 24
    ? process.execPath
    : realpathSync(path.join(root, "node_modules", ".bin", "node"));

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

export async function adminQuery(url, text, values) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** Production, quiet, with limits lifted for the load. */
export function benchServerEnv({ port, dataDir, databaseUrl = "" }) {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    SIGN_IN_RATE_LIMIT: "100000",
    MUTATION_RATE_LIMIT: "100000",
    BUILD_DIR: buildDir,
  };
}

// ── CPU time from /proc ─────────────────────────────────────────────────────────────────────────

const TICK_MS = 1000 / 100; // USER_HZ is 100 on Linux

function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

export function processCpuMs(pid) {
  try {
    const fields = statFields(pid);
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

export function cpuMs(pid) {
  let total = 0;
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fields;
    try {
      fields = statFields(entry);
    } catch {
      continue;
    }
    if (Number(entry) === pid || Number(fields[1]) === pid)
      total += (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  }
  return total;
}

export async function databaseCpu(url) {
  const { rows } = await adminQuery(
    url,
    "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
  );
  return new Map(rows.map((row) => [row.pid, processCpuMs(row.pid)]));
}

/** Backends opened since `before` count from zero. */
export async function databaseCpuSince(url, before) {
  let ms = 0;
  for (const [pid, after] of await databaseCpu(url)) ms += after - (before.get(pid) ?? 0);
  return ms;
}

// ── HTTP ────────────────────────────────────────────────────────────────────────────────────────

/** No keep-alive: an idle pooled socket may be closed under us. */
export function request(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent: false }, (res) => {
      const chunks = [];
      res.on("data", (chunk) => chunks.push(chunk));
      res.on("end", () =>
        resolve({ status: res.statusCode, headers: res.headers, text: Buffer.concat(chunks).toString() }),
      );
    });
    req.on("error", reject);
    req.end(body);
  });
}

export async function signIn(base, email) {
  const body = new URLSearchParams({ intent: "local", email, redirectTo: "/dashboard" }).toString();
  const response = await request(`${base}/login`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body,
  });
  const cookie = response.headers["set-cookie"]?.[0]?.split(";")[0];
  if (response.status !== 302 || !cookie) throw new Error(`sign-in of ${email}: ${response.status}`);
  return cookie;
}

/** A bench timing GETs one at a time: `--requests N` (200), `--warm-up N` (20) first, `--no-write`; needs the build. */
export function timedGetsArgs() {
  const { values } = parseArgs({
    options: {
      requests: { type: "string", default: "200" },
      "warm-up": { type: "string", default: "20" },
      "no-write": { type: "boolean", default: false },
    },
  });
  requireBuild();
  return { requests: Number(values.requests), warmUp: Number(values["warm-up"]), write: !values["no-write"] };
}

/** Each `[label, path, cookie]` of `pages` warmed up, then timed (timedGets) and logged; each must answer 200. */
export async function timePages(base, pages, { requests, warmUp }) {
  const results = {};
  for (const [label, pathname, cookie] of pages) {
    await timedGets(`${base}${pathname}`, cookie, warmUp);
    results[label] = await timedGets(`${base}${pathname}`, cookie, requests);
    if (results[label].status !== 200) throw new Error(`${pathname}: ${results[label].status}`);
    console.log(label, results[label]);
  }
  return results;
}

/** `n` GETs of `url` one at a time as `cookie`: the last status and size, p50 and p95 in ms. */
export async function timedGets(url, cookie, n) {
  const times = [];
  let status = 0;
  let bytes = 0;
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    const response = await request(url, { headers: { cookie } });
    times.push(performance.now() - started);
    status = response.status;
    bytes = response.text.length;
  }
  times.sort((a, b) => a - b);
  return { status, bytes, p50: median(times), p95: percentile(times, 95), n };
}

// ── The server ──────────────────────────────────────────────────────────────────────────────────

export async function startServer({
  tree = root,
  dataDir,
  databaseUrl = "",
  port,
  probePath = "/",
  profileDir,
  env = {},
  phases = false,
}) {
  const started = performance.now();
  const flags = profileDir ? ["--cpu-prof", "--cpu-prof-dir", profileDir] : [];
  const treeBuild = tree === root ? buildDir : path.join(tree, "build");
  const child = spawn(nodeBinary, [...flags, "express-shell/main.ts"], {
    cwd: tree,
    env: {
      ...benchServerEnv({ port, dataDir, databaseUrl }),
      BUILD_DIR: treeBuild,
      ...(phases ? { LOG_LEVEL: "debug" } : {}),
      ...env,
    },
    stdio: ["ignore", phases ? "pipe" : "inherit", "inherit"],
  });
  // `phases`: the server's start-up lines (startupPhase in app/server/logger.server.ts): wall-clock and CPU
  // ms since its start.
  const phaseMs = {};
  if (phases) {
    let rest = "";
    child.stdout.setEncoding("utf8").on("data", (chunk) => {
      const lines = (rest + chunk).split("\n");
      rest = lines.pop();
      for (const line of lines) {
        const entry = line.startsWith("{") ? JSON.parse(line) : null;
        if (entry?.msg === "start-up") phaseMs[entry.phase] ??= { ms: entry.ms, cpuMs: entry.cpuMs };
        else if (entry?.level >= 40 || !entry) process.stdout.write(`${line}\n`);
      }
    });
  }
  let exited = false;
  child.once("exit", () => {
    exited = true;
  });
  // After its output is read whole.
  const closed = new Promise((resolve) => child.once("close", resolve));
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (exited) throw new Error("the server exited during start-up");
    try {
      if ((await request(`${url}${probePath}`)).status === 200) break;
    } catch {}
    if (performance.now() - started > 60_000) throw new Error("the server did not answer within 60 s");
    await sleep(10);
  }
  return {
    url,
    pid: child.pid,
    startMs: performance.now() - started,
    startCpuMs: phases ? cpuMs(child.pid) : undefined,
    phases: phaseMs,
    async stop() {
      if (!exited) child.kill("SIGTERM");
      await closed;
    },
  };
}

/**
 * A server on a PostgreSQL database of its own, dropped after `measure` with its data folder: a first start
 * migrates the database, `seed(databaseUrl)` fills it, and `measure({ server, databaseUrl, seeded })` gets
 * what `seed` returned.
 */
export async function withSeededServer(label, seed, measure) {
  const name = `bench_${label}_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `bench-${label}-`));
  const start = async () => startServer({ dataDir, databaseUrl, port: await freePort() });
  let server;
  try {
    await (await start()).stop();
    const seeded = await seed(databaseUrl);
    server = await start();
    return await measure({ server, databaseUrl, seeded });
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  }
}

// ── Data ────────────────────────────────────────────────────────────────────────────────────────

export const PEOPLE = 5_000;

/** What `uuidOf` computes, in SQL. */
export const benchUuid = (text) =>
  `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;

export function uuidOf(name) {
  const hex = createHash("md5").update(name).digest("hex");
  const v4 = `${hex.slice(0, 12)}4${hex.slice(13, 16)}8${hex.slice(17)}`;
  return v4.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, "$1-$2-$3-$4-$5");
}

// 2 in 5 leads, the rest clients across the plans with some usage and activity; a third with a session
// row. Ids are md5-derived (benchUuid) so a bench knows them; plain SQL runs on PGlite and PostgreSQL alike.
export const SEED_SQL = `
INSERT INTO profiles (id, email, full_name, role, plan, created_at)
SELECT ${benchUuid("'bench:' || i")}, format('bench-%s@example.com', lpad(i::text, 5, '0')), 'Bench Person ' || i,
  (CASE WHEN i % 5 < 2 THEN 'lead' ELSE 'client' END)::role,
  (CASE WHEN i % 5 < 2 THEN NULL ELSE (ARRAY['basic', 'pro', 'premium'])[1 + i % 3] END)::plan,
  now() - make_interval(mins => i)
FROM generate_series(1, ${PEOPLE}) AS i;
INSERT INTO service_usage (client_id, kind, amount, minutes)
SELECT p.id, k.kind::service_kind, 1, CASE WHEN k.kind = 'session_30m' THEN 30 END
FROM profiles p CROSS JOIN (VALUES ('resume_review'), ('mock_interview'), ('session_30m')) AS k(kind)
WHERE p.email LIKE 'bench-%' AND p.role = 'client';
INSERT INTO activities (client_id, title, details, occurred_at)
SELECT p.id, 'Mock interview', 'Practice round ' || g, now() - make_interval(days => g)
FROM profiles p CROSS JOIN generate_series(1, 2) AS g
WHERE p.email LIKE 'bench-%' AND p.role = 'client';
INSERT INTO sessions (token_hash, user_id, expires_at)
SELECT md5(p.id::text) || md5(p.email), p.id, now() + interval '20 days'
FROM profiles p WHERE p.email LIKE 'bench-%' AND right(split_part(p.email, '@', 1), 1) IN ('1', '4', '7');
ANALYZE;
`;

/** A new PGlite folder the app has migrated and seeded on a first start (docs/decisions/0005-seed.md), with `sql` run on top. */
export async function seededPglite(sql, { tree = root } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-pglite-"));
  const first = await startServer({ tree, dataDir, port: await freePort() });
  await first.stop();
  await execPglite(dataDir, sql);
  return dataDir;
}

export async function execPglite(dataDir, sql) {
  const db = await PGlite.create(path.join(dataDir, "pglite"));
  try {
    await db.exec(sql);
  } finally {
    await db.close();
  }
}

// ── nginx ───────────────────────────────────────────────────────────────────────────────────────

const NGINX = "/usr/sbin/nginx";

/** Null when nginx is there (installing nginx-light as root if need be), else why it is skipped. */
export function ensureNginx() {
  if (existsSync(NGINX)) return null;
  if (process.getuid?.() !== 0) return "nginx is not installed and this is not root: skipped";
  const install = spawnSync("apt-get", ["install", "-y", "nginx-light"], { stdio: "inherit" });
  return install.status === 0 && existsSync(NGINX) ? null : "nginx-light could not be installed: skipped";
}

/** With the same gzip body the app sends (express-shell/static.ts), served by gzip_static. */
export async function startNginx(page) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "bench-nginx-"));
  const port = await freePort();
  const html = readFileSync(path.join(buildDir, "client", page, "index.html"));
  const site = path.join(dir, "site");
  mkdirSync(site);
  writeFileSync(path.join(site, "index.html"), html);
  writeFileSync(path.join(site, "index.html.gz"), gzipSync(html, { level: 9 }));
  chmodSync(dir, 0o755);
  writeFileSync(
    path.join(dir, "nginx.conf"),
    `daemon off;
worker_processes auto;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  gzip on;
  gzip_comp_level 6;
  gzip_vary on;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${site};
    location = ${page} { try_files /index.html =404; }
  }
}
`,
  );
  const child = spawn(NGINX, ["-c", path.join(dir, "nginx.conf"), "-p", dir], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}${page}`;
  const stop = async () => {
    child.kill("SIGQUIT");
    await new Promise((resolve) => child.once("exit", resolve));
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; ; i += 1) {
    try {
      if ((await request(url)).status === 200) break;
    } catch {}
    if (i > 200) {
      await stop();
      throw new Error("nginx did not start");
    }
    await sleep(50);
  }
  return { url, pid: child.pid, stop };
}

/**
 * Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` in docs/BENCHMARKS.md; a new
 * section goes after `after` or before `before` (markers of other sections), else at the end.
 */
export function writeBenchmarkSection(name, section, { before, after } = {}) {
  const file = path.join(root, "docs", "BENCHMARKS.md");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "# Benchmarks\n";
  const pattern = new RegExp(`<!-- ${name}:start -->[\\s\\S]*<!-- ${name}:end -->`);
  let next;
  if (pattern.test(current)) next = current.replace(pattern, () => section);
  else if (after && current.includes(after)) next = current.replace(after, () => `${after}\n\n${section}`);
  else if (before && current.includes(before))
    next = current.replace(before, () => `${section}\n\n${before}`);
  else next = `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
}

/** A process's resident memory now, in KiB (Linux's /proc): what bench/live.mjs and bench/business.mjs watch. */
export function rssKiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(status.match(/^VmRSS:\s+(\d+) kB/m)?.[1] ?? Number.NaN);
}
