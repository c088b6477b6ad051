// `node bench/live.mjs`: 1,000 open event streams on PostgreSQL: memory per stream, and the time from
// NOTIFY to receipt on every entitled stream; writes its section of docs/BENCHMARKS.md.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import {
  ADMIN_URL,
  adminQuery,
  benchServerEnv,
  freePort,
  nodeBinary,
  percentile,
  requireBuild,
  root,
  rssKiB,
  sleep,
  writeBenchmarkSection,
} from "./support.mjs";

const PEOPLE = 200;
const STREAMS_PER_PERSON = 5;
const CHANGES = 100;
const CHANGE_GAP_MS = 20;
const DEADLINE_MS = 300_000;

const deadline = setTimeout(() => {
  console.error(`bench/live.mjs: not finished within ${DEADLINE_MS / 1000} s; giving up`);
  process.exit(1);
}, DEADLINE_MS);
deadline.unref();

requireBuild();

const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

function request(url, { method = "GET", headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on("data", (c) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    if (body) req.write(body);
    req.end();
  });
}

async function signIn(base, email) {
  const body = new URLSearchParams({ intent: "local", email, redirectTo: "/dashboard" }).toString();
  const res = await request(`${base}/login`, {
    method: "POST",
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "content-length": Buffer.byteLength(body),
    },
    body,
  });
  if (res.status !== 302)
    throw new Error(`sign-in of ${email}: ${res.status} ${res.body.toString().slice(0, 200)}`);
  return String(res.headers["set-cookie"]?.[0] ?? "").split(";")[0];
}

function openStream(base, cookie, onChange) {
  return new Promise((resolve, reject) => {
    const req = http.get(
      `${base}/events`,
      { headers: { cookie, accept: "text/event-stream" }, agent },
      (res) => {
        if (res.statusCode !== 200) {
          res.resume();
          reject(new Error(`/events answered ${res.statusCode}`));
          return;
        }
        res.setEncoding("utf8");
        let buffer = "";
        res.on("data", (chunk) => {
          const at = performance.now();
          buffer += chunk;
          let cut = buffer.indexOf("\n\n");
          while (cut !== -1) {
            const block = buffer.slice(0, cut);
            buffer = buffer.slice(cut + 2);
            if (block.includes("event: ready")) resolve({ close: () => req.destroy() });
            else if (block.includes("event: change")) {
              const data = JSON.parse(block.slice(block.indexOf("data: ") + 6));
              onChange(data, at);
            }
            cut = buffer.indexOf("\n\n");
          }
        });
      },
    );
    req.on("error", reject);
  });
}

// ── Run ─────────────────────────────────────────────────────────────────────────────────────────

const name = `bench_live_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
const dbUrl = new URL(ADMIN_URL);
dbUrl.pathname = `/${name}`;
await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-live-"));
const probeFile = path.join(dataDir, "memory.json");
const child = spawn(
  nodeBinary,
  ["--expose-gc", "--import", "./bench/live-probe.mjs", "express-shell/main.ts"],
  {
    cwd: root,
    env: { ...benchServerEnv({ port, dataDir, databaseUrl: dbUrl.toString() }), LIVE_PROBE_FILE: probeFile },
    stdio: ["ignore", "inherit", "inherit"],
  },
);
const base = `http://127.0.0.1:${port}`;
const streams = [];
let result;
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await request(`${base}/healthz`)).status === 200) break;
    } catch {}
    if (i > 600) throw new Error("the server did not become healthy");
    await sleep(100);
  }

  // The admin hears every client's changes.
  const emails = Array.from({ length: PEOPLE - 1 }, (_, i) => `bench-${i}@example.com`);
  const cookies = [];
  for (const email of emails) cookies.push(await signIn(base, email));
  await adminQuery(
    dbUrl.toString(),
    "UPDATE profiles SET role = 'client', plan = 'pro' WHERE email LIKE 'bench-%'",
  );
  const adminCookie = await signIn(base, "admin@example.com");
  const ids = new Map(
    (
      await adminQuery(dbUrl.toString(), "SELECT id, email FROM profiles WHERE email LIKE 'bench-%'")
    ).rows.map((r) => [r.email, r.id]),
  );
  const received = new Map(); // change index → receipt times
  const pending = new Map(); // clientId → change index in flight
  const onChange = (data, at) => {
    const index = pending.get(data.clientId);
    if (index !== undefined) received.get(index)?.push(at);
  };
  const people = [
    ...cookies.map((cookie, i) => ({ cookie, email: emails[i] })),
    { cookie: adminCookie, email: "admin" },
  ];
  const openRounds = async (rounds, into) => {
    for (let round = 0; round < rounds; round += 1) {
      for (let i = 0; i < people.length; i += 50) {
        into.push(
          ...(await Promise.all(people.slice(i, i + 50).map((p) => openStream(base, p.cookie, onChange)))),
        );
      }
    }
  };
  const settledRss = async () => {
    await sleep(1_000);
    rmSync(probeFile, { force: true });
    process.kill(child.pid, "SIGUSR2");
    for (let i = 0; i < 100 && !existsSync(probeFile); i += 1) await sleep(50);
    await sleep(50);
    const usage = JSON.parse(readFileSync(probeFile, "utf8"));
    return { rss: rssKiB(child.pid), heap: (usage.heapUsed + usage.external) / 1024 };
  };
  // Warm-up: every stream opened and closed once, so the baseline is read on a heap at working size.
  const warm = [];
  await openRounds(STREAMS_PER_PERSON, warm);
  for (const s of warm) s.close();
  await sleep(3_000);
  const rssBefore = await settledRss();
  const openStarted = performance.now();
  await openRounds(Math.floor(STREAMS_PER_PERSON / 2), streams);
  const rssHalf = await settledRss();
  const half = streams.length;
  await openRounds(STREAMS_PER_PERSON - Math.floor(STREAMS_PER_PERSON / 2), streams);
  const openMs = performance.now() - openStarted;
  const rssAfter = await settledRss();

  const publisher = new pg.Client({ connectionString: dbUrl.toString() });
  await publisher.connect();
  const latencies = [];
  let missing = 0;
  for (let i = 0; i < CHANGES; i += 1) {
    const clientId = ids.get(emails[i % emails.length]);
    pending.clear();
    pending.set(clientId, i);
    received.set(i, []);
    const sent = performance.now();
    await publisher.query("SELECT pg_notify('coach_changes', $1)", [
      JSON.stringify({ kind: "usage", clientId }),
    ]);
    const until = performance.now() + 2_000;
    while (received.get(i).length < 2 * STREAMS_PER_PERSON && performance.now() < until) await sleep(1);
    const times = received.get(i);
    missing += 2 * STREAMS_PER_PERSON - times.length;
    for (const at of times) latencies.push(at - sent);
    await sleep(CHANGE_GAP_MS);
  }
  await publisher.end();
  latencies.sort((a, b) => a - b);
  result = {
    streams: streams.length,
    openMs,
    rssBefore,
    rssHalf,
    half,
    rssAfter,
    perStreamKiB: (rssAfter.rss - rssBefore.rss) / streams.length,
    marginalKiB: (rssAfter.rss - rssHalf.rss) / (streams.length - half),
    heapPerStreamKiB: (rssAfter.heap - rssBefore.heap) / streams.length,
    deliveries: latencies.length,
    missing,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies.at(-1),
  };
} finally {
  for (const s of streams) s.close();
  child.kill("SIGTERM");
  await new Promise((resolve) => child.once("exit", resolve));
  rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
}

const date = new Date().toISOString().slice(0, 10);
const machine = `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.versions.node} (bench client), server on Node 24`;
const mib = (kib) => (kib / 1024).toFixed(1);
const ms = (x) => x.toFixed(1);
const section = `<!-- live:start -->
## Live updates: 1,000 open streams — ${date}

Measured by \`node bench/live.mjs\` on ${machine}: the built server on a fresh PostgreSQL 15 database
(loopback), ${PEOPLE} signed-in people (199 clients, 1 admin) × ${STREAMS_PER_PERSON} server-sent-event
streams each (the per-person cap). Memory is read after a full garbage collection in the server
(\`--expose-gc\` and a SIGUSR2 hook preloaded by the benchmark only, bench/live-probe.mjs): the live JS heap
plus external memory, and the resident set (\`VmRSS\`), after a warm-up round of 1,000 streams opened and
closed, then with 400 and 1,000 streams open (RSS also counts sockets and kernel-side buffers, and V8 does
not hand freed pages back at once, so it is the noisier figure); latency runs from \`pg_notify\` on another connection to the event's
arrival on each entitled stream (the client's 5 and the admin's 5), for ${CHANGES} changes ${CHANGE_GAP_MS} ms apart.

| figure | value |
|---|---|
| streams held open | ${result.streams} |
| time to open them (50 at a time, with RSS pauses) | ${(result.openMs / 1000).toFixed(1)} s |
| server RSS: no streams → ${result.half} → ${result.streams} | ${mib(result.rssBefore.rss)} → ${mib(result.rssHalf.rss)} → ${mib(result.rssAfter.rss)} MiB |
| live JS heap + external: no streams → ${result.streams} | ${mib(result.rssBefore.heap)} → ${mib(result.rssAfter.heap)} MiB |
| **memory per stream**, live heap (0 → ${result.streams}) | ${result.heapPerStreamKiB.toFixed(1)} KiB |
| memory per stream, RSS (0 → ${result.streams}) | ${result.perStreamKiB.toFixed(1)} KiB |
| memory per stream, RSS (${result.half} → ${result.streams}) | ${result.marginalKiB.toFixed(1)} KiB |
| deliveries measured (missing) | ${result.deliveries} (${result.missing}) |
| delivery latency p50 / p95 / p99 / max | ${ms(result.p50)} / ${ms(result.p95)} / ${ms(result.p99)} / ${ms(result.max)} ms |
<!-- live:end -->`;

writeBenchmarkSection("live", section);
console.log(section);
