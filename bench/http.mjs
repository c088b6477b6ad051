// `node bench/http.mjs`: HTTP throughput, latency and cold start of the built server on PGlite and PostgreSQL,
// with nginx serving the home page as the ceiling; writes its section of docs/BENCHMARKS.md.
// Options: --only pglite,postgres,cluster,nginx,cold  --duration 10  --warmup 3  --json FILE  --no-write
// --server-env K=V  --cpu-prof DIR  --pages dashboard,admin  --encoding identity  --cold-rounds 5
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  ADMIN_EMAIL,
  ADMIN_URL,
  adminQuery,
  buildDir,
  CLIENT_EMAIL,
  cpuMs,
  databaseCpu,
  databaseCpuSince,
  ensureNginx,
  execPglite,
  freePort,
  median,
  nodeBinary,
  PEOPLE,
  request,
  requireBuild,
  root,
  SEED_SQL,
  signIn,
  startServer as startBuiltServer,
  startNginx,
  writeBenchmarkSection,
} from "./support.mjs";

const CONNECTIONS = 50;
const PRERENDERED_PAGE = "/";

const { values: args } = parseArgs({
  options: {
    only: { type: "string", default: "pglite,postgres,cluster,nginx,cold" },
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "3" },
    json: { type: "string" },
    "no-write": { type: "boolean", default: false },
    "server-env": { type: "string", multiple: true, default: [] },
    "cpu-prof": { type: "string" },
    pages: { type: "string", default: "" },
    encoding: { type: "string", default: "gzip, deflate" },
    "cold-rounds": { type: "string", default: "5" },
  },
});
// Less brotli: nginx-light has none, and both sides must send the same bytes.
const ACCEPT = { "accept-encoding": args.encoding, accept: "text/html" };
const only = new Set(args.only.split(","));
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const serverEnv = Object.fromEntries(
  args["server-env"].map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
);

requireBuild();

// ── The server ──────────────────────────────────────────────────────────────────────────────────

function startServer({ profileDir, env = {}, ...options }) {
  return startBuiltServer({ ...options, profileDir, env: { ...env, ...serverEnv } });
}

// ── Load ────────────────────────────────────────────────────────────────────────────────────────

function load(url, headers, pid) {
  const before = pid ? cpuMs(pid) : 0;
  const child = spawnSync(
    nodeBinary,
    [
      path.join(root, "bench", "load.mjs"),
      JSON.stringify({ url, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, headers }),
    ],
    { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
  );
  if (child.status !== 0) throw new Error(`autocannon failed on ${url}`);
  const result = JSON.parse(child.stdout.trim().split("\n").at(-1));
  // Warm-up and run together: a close estimate, as the warm-up runs at the same rate.
  if (pid) {
    const serverMs = cpuMs(pid) - before;
    result.serverCpuMsPerRequest = serverMs / ((result.total * (DURATION + WARMUP)) / DURATION);
  }
  result.loadCpuMsPerRequest = result.loadCpuMs / result.total;
  return result;
}

async function check(url, headers, expect) {
  const response = await request(url, { headers: { ...headers, "accept-encoding": "identity" } });
  if (response.status !== 200 || (expect && !response.text.includes(expect))) {
    throw new Error(`${url} answered ${response.status} without "${expect}"`);
  }
}

/** `seed` adds the 5,000 people (PostgreSQL: once per database). */
async function measureApp(kind, databaseUrl, { env = {}, label = kind, paths = null, seed = true } = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-http-"));
  const port = await freePort();
  let server;
  const rows = [];
  try {
    if (kind === "pglite") {
      server = await startServer({ dataDir, port });
      await server.stop();
      await execPglite(dataDir, SEED_SQL);
    }
    server = await startServer({
      dataDir,
      databaseUrl,
      port,
      env,
      profileDir: args["cpu-prof"] ? path.join(args["cpu-prof"], label) : undefined,
    });
    if (kind === "postgres" && seed) await adminQuery(databaseUrl, SEED_SQL);
    const client = await signIn(server.url, CLIENT_EMAIL);
    const admin = await signIn(server.url, ADMIN_EMAIL);
    const targets = [
      { page: `${PRERENDERED_PAGE} (pre-rendered)`, path: PRERENDERED_PAGE, headers: ACCEPT },
      // Kept per currency for visitors without a session (docs/decisions/0041-pricing-per-currency.md).
      { page: "/pricing (no cookie)", path: "/pricing", headers: ACCEPT, expect: "Loading prices…" },
      {
        page: "/pricing (currency=CAD)",
        path: "/pricing",
        headers: { ...ACCEPT, cookie: "currency=CAD" },
        expect: 'checked="" value="CAD"',
      },
      {
        page: "/pricing (client, rendered)",
        path: "/pricing",
        headers: { ...ACCEPT, cookie: client },
        expect: "Sign out",
      },
      {
        page: "/dashboard (client)",
        path: "/dashboard",
        headers: { ...ACCEPT, cookie: client },
        expect: "Welcome back",
      },
      {
        page: "/admin/clients (admin)",
        path: "/admin/clients",
        headers: { ...ACCEPT, cookie: admin },
        expect: "bench-00001@example.com",
      },
    ];
    const pages = args.pages ? args.pages.split(",") : [];
    const chosen = targets.filter(
      (t) => (!paths || paths.includes(t.path)) && (!pages.length || pages.some((p) => t.path.includes(p))),
    );
    for (const target of chosen) {
      await check(`${server.url}${target.path}`, target.headers, target.expect);
      const dbBefore = kind === "postgres" ? await databaseCpu(databaseUrl) : null;
      const result = load(`${server.url}${target.path}`, target.headers, server.pid);
      if (dbBefore) {
        // Backends opened during the run count from zero; the pool keeps them open afterwards.
        const ms = await databaseCpuSince(databaseUrl, dbBefore);
        result.databaseCpuMsPerRequest = ms / ((result.total * (DURATION + WARMUP)) / DURATION);
      }
      rows.push({ page: target.page, database: label, ...result });
      console.log(label.replace(/ .*/, ""), target.page, JSON.stringify(result));
    }
  } finally {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return rows;
}

// ── nginx ───────────────────────────────────────────────────────────────────────────────────────

async function measureNginx() {
  const nginx = await startNginx(PRERENDERED_PAGE);
  try {
    const result = load(nginx.url, ACCEPT, nginx.pid);
    console.log("nginx", JSON.stringify(result));
    return { page: `${PRERENDERED_PAGE} (nginx)`, database: "—", ...result };
  } finally {
    await nginx.stop();
  }
}

// ── Cold start ──────────────────────────────────────────────────────────────────────────────────

// The server's start-up lines (startupPhase), in the order a start passes them.
const PHASES = [
  ["shell loaded", "Node started, the shell's modules loaded (express, React Router, zod)"],
  ["build loaded", "server build imported (the app and its packages)"],
  ["PGlite template unpacked", "PGlite template unpacked (empty folder only)"],
  ["app composed", "Express app composed while the database opens"],
  ["database opened", "database opened (PGlite started; PostgreSQL: first connection)"],
  ["migrated", "migrations checked or applied"],
  ["prepared", "seed checked or written"],
  ["database ready", "live bus and mail worker started"],
  ["listening", "listening"],
];
const COLD_CASES = [
  { key: "pglite existing", label: "PGlite, existing data folder", goal: 1000 },
  { key: "pglite empty", label: "PGlite, empty data folder (template unpacked, seeded)", goal: null },
  { key: "postgres existing", label: "PostgreSQL, existing database", goal: 1000 },
  { key: "postgres new", label: "PostgreSQL, new empty database (migrated, seeded)", goal: 2000 },
];

/** Each round starts all four, interleaved, so a busy moment on the shared machine spreads over them. */
async function measureColdStart(rounds) {
  const runs = Object.fromEntries(COLD_CASES.map(({ key }) => [key, []]));
  const loadBefore = os.loadavg();
  const start = async (key, options) => {
    const profileDir = args["cpu-prof"] ? path.join(args["cpu-prof"], key.replace(" ", "-")) : undefined;
    // The login page is rendered per request: the app, not only a static file, is up.
    const server = await startServer({ ...options, profileDir, probePath: "/login", phases: true });
    await server.stop();
    runs[key].push({ ms: server.startMs, cpuMs: server.startCpuMs, phases: server.phases });
  };
  for (let i = 0; i < rounds; i += 1) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-cold-"));
    const name = `bench_cold_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
    const databaseUrl = new URL(ADMIN_URL);
    databaseUrl.pathname = `/${name}`;
    try {
      const port = await freePort();
      await start("pglite empty", { dataDir, port });
      await start("pglite existing", { dataDir, port });
      await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
      await start("postgres new", { dataDir, port, databaseUrl: databaseUrl.toString() });
      await start("postgres existing", { dataDir, port, databaseUrl: databaseUrl.toString() });
    } finally {
      await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const middle = (xs) => median([...xs].sort((a, b) => a - b));
  const cases = COLD_CASES.map(({ key, ...rest }) => {
    const phases = {};
    for (const [phase] of PHASES) {
      const seen = runs[key].map((run) => run.phases[phase]).filter(Boolean);
      if (seen.length)
        phases[phase] = { ms: middle(seen.map((p) => p.ms)), cpuMs: middle(seen.map((p) => p.cpuMs)) };
    }
    const all = runs[key];
    return {
      key,
      ...rest,
      runs: all.map((run) => run.ms),
      cpuRuns: all.map((run) => run.cpuMs),
      ms: middle(all.map((run) => run.ms)),
      cpuMs: middle(all.map((run) => run.cpuMs)),
      phases,
    };
  });
  for (const { key, runs: all, cpuMs: cpu, phases } of cases)
    console.log("cold start", key, JSON.stringify({ runs: all.map(Math.round), cpuMs: cpu, phases }));
  return { rounds, cases, load: [loadBefore[0], os.loadavg()[0]] };
}

// ── Run ─────────────────────────────────────────────────────────────────────────────────────────

const results = { date: new Date().toISOString().slice(0, 10), rows: [], nginx: null, cold: null, notes: [] };

if (only.has("pglite")) results.rows.push(...(await measureApp("pglite", "")));
if (only.has("postgres")) {
  const name = `bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
  try {
    results.rows.push(...(await measureApp("postgres", dbUrl.toString())));
    if (only.has("cluster"))
      results.rows.push(
        ...(await measureApp("postgres", dbUrl.toString(), {
          env: { WEB_CONCURRENCY: "2" },
          label: "postgres, 2 processes",
          paths: ["/dashboard", "/admin/clients"],
          seed: false,
        })),
      );
  } finally {
    await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  }
}
if (only.has("nginx")) {
  const skipped = ensureNginx();
  if (skipped) results.notes.push(skipped);
  else results.nginx = await measureNginx();
}
if (only.has("cold")) results.cold = await measureColdStart(Number(args["cold-rounds"]));

if (args.json) writeFileSync(args.json, JSON.stringify(results, null, 2));
if (!args["no-write"]) {
  if (results.rows.length || results.nginx) writeSection(results);
  if (results.cold) writeColdSection(results);
}

function writeSection({ date, rows, nginx, notes }) {
  const ms = (x) => (x === undefined ? "—" : `${Math.round(x)}`);
  const bold = (text, ok) => (ok ? text : `**${text}**`);
  const find = (page, database) => rows.find((r) => r.page.startsWith(page) && r.database === database);
  const line = (r) =>
    `| ${r.page} | ${r.database} | ${Math.round(r.rps)} | ${ms(r.p50)} | ${ms(r.p97_5)} | ${ms(r.p99)} | ${r.errors} / ${r.non2xx} | ${(r.bytesPerResponse / 1024).toFixed(1)} | ${r.serverCpuMsPerRequest?.toFixed(2) ?? "—"} | ${r.databaseCpuMsPerRequest?.toFixed(2) ?? "—"} | ${r.loadCpuMsPerRequest.toFixed(2)} |`;
  const table = [
    "| page | database | req/s | p50 ms | p97.5 ms | p99 ms | errors / non-2xx | KB per response | server CPU ms/req | PostgreSQL CPU ms/req | autocannon CPU ms/req |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
    ...rows.map(line),
    ...(nginx ? [line(nginx)] : []),
  ].join("\n");

  const targets = [];
  const dashboard = find("/dashboard", "postgres");
  if (dashboard)
    targets.push(
      `| signed-in /dashboard on PostgreSQL | ≥ 1,500 req/s, p99 ≤ 40 ms | ${bold(`${Math.round(dashboard.rps)} req/s`, dashboard.rps >= 1500)}, ${bold(`p99 ${dashboard.p99} ms`, dashboard.p99 <= 40)} |`,
    );
  const dashboard2 = find("/dashboard", "postgres, 2 processes");
  if (dashboard2)
    targets.push(
      `| signed-in /dashboard on PostgreSQL, WEB_CONCURRENCY=2 | ≥ 1,500 req/s, p99 ≤ 40 ms | ${bold(`${Math.round(dashboard2.rps)} req/s`, dashboard2.rps >= 1500)}, ${bold(`p99 ${dashboard2.p99} ms`, dashboard2.p99 <= 40)} |`,
    );
  for (const database of ["postgres", "postgres, 2 processes", "pglite"]) {
    const list = find("/admin/clients", database);
    if (list)
      targets.push(
        `| /admin/clients, ${PEOPLE.toLocaleString("en")} profiles, ${database} | p99 ≤ 60 ms | ${bold(`p99 ${list.p99} ms`, list.p99 <= 60)} |`,
      );
  }
  const versusNginx = (label, page, goal) =>
    `| ${label} vs nginx | ≥ ${goal} of nginx's req/s | ${bold((page.rps / nginx.rps).toFixed(2), page.rps / nginx.rps >= goal)} (${Math.round(page.rps)} / ${Math.round(nginx.rps)}) |`;
  for (const database of ["pglite", "postgres"]) {
    const page = find(PRERENDERED_PAGE, database);
    if (page && nginx)
      targets.push(versusNginx(`pre-rendered ${PRERENDERED_PAGE} (app on ${database})`, page, 0.25));
    for (const visitor of ["no cookie", "currency=CAD"]) {
      const pricing = find(`/pricing (${visitor})`, database);
      if (pricing && nginx)
        targets.push(versusNginx(`/pricing, ${visitor} (app on ${database})`, pricing, 0.5));
    }
  }

  const machine = machineLine();
  const section = `<!-- http:start -->
## HTTP throughput and latency — ${date}

Measured by \`npm run bench\` (bench/http.mjs) on ${machine}, server on Node 24, the build in \`${path.relative(root, buildDir)}\`.
autocannon, ${CONNECTIONS} connections, ${WARMUP} s warm-up then ${DURATION} s, in its own process on the **same
2 cores** as the server (its CPU share is the last column). Requests send \`Accept-Encoding: gzip, deflate\`
(what a browser sends, less brotli, which Debian's nginx-light lacks), so the app and nginx send the same
compressed page. The server runs with \`LOG_LEVEL=warn\` (no per-request log line; see "what we changed"
for what the info-level line costs). Data: the seed plus ${PEOPLE.toLocaleString("en")} people (2 in 5 leads, the
rest clients across the three plans with usage and activity rows, a third with a session row); the client is
a seeded Pro client, signed in through the local sign-in form, as is the admin. PostgreSQL 15 on loopback,
a fresh database, pool of 10; PGlite in the server's process. nginx: Debian's nginx-light, \`worker_processes
auto\`, no access log, serving the same index.html with the same gzip body the app sends (level 9, made
once: \`gzip_static on\`, as the app serves it from memory); the app's answer is larger by its security
headers (the Content-Security-Policy of a pre-rendered page lists its scripts' hashes). "server CPU ms/req" is the server's CPU time (all its processes and threads) divided by the
requests served, from /proc; "PostgreSQL CPU ms/req" the same for the database's backends (PGlite runs
inside the server, so its share is in the server's column). Rendered pages (\`/dashboard\`, \`/admin/clients\`,
\`/pricing\` for a signed-in client) are rendered on every request (there is no page cache: docs/decisions/0031);
\`/pricing\` for a visitor without a session is one of a few documents rendered once per process and kept
(docs/decisions/0041-pricing-per-currency.md). One URL
and one cookie over and over is not what people do: bench/people.mjs (the People section) is.

${table}
${notes.length ? `\n${notes.map((n) => `- ${n}`).join("\n")}\n` : ""}
| target (2 cores) | goal | measured |
|---|---|---|
${targets.join("\n")}

Bold marks a missed target; what limits each is measured under "What limits the HTTP figures" below.
<!-- http:end -->`;

  writeBenchmarkSection("http", section);
  console.log(section);
}

function writeColdSection({ date, cold }) {
  const seconds = (ms) => (ms === undefined ? "—" : (ms / 1000).toFixed(2));
  const bold = (text, ok) => (ok ? text : `**${text}**`);
  const starts = cold.cases.map(
    ({ label, ms, cpuMs: cpu, runs, goal }) =>
      `| ${label} | ${bold(seconds(ms), goal === null || ms <= goal)} | ${seconds(cpu)} | ${runs.map(seconds).join(", ")} | ${goal === null ? "as low as it goes" : `≤ ${goal / 1000} s`} |`,
  );
  const cell = (p) => (p ? `${p.ms} / ${p.cpuMs}` : "—");
  const phases = PHASES.filter(([phase]) => cold.cases.some((c) => c.phases[phase])).map(
    ([phase, what]) => `| ${what} | ${cold.cases.map((c) => cell(c.phases[phase])).join(" | ")} |`,
  );
  const section = `<!-- cold:start -->
## Cold start — ${date}

Measured by \`node bench/http.mjs --only cold\` on ${machineLine()}, server on Node 24; load average (1 min) ${cold.load.map((x) => x.toFixed(1)).join(" at the start, ")} at the end.
A start is spawn of \`node express-shell/main.ts\` (the build in \`${path.relative(root, buildDir)}\`) to the first 200 from \`/login\`,
which the app renders, so the database is open: the server listens only once it is migrated and seeded.
Each of ${cold.rounds} rounds starts all four in turn: PGlite on an empty data folder (it unpacks the build's template
and seeds), again on that folder, then PostgreSQL 15 (loopback) on a new empty database (it migrates and
seeds), and again on it. Median, then every run.

| start | median (s) | server CPU to it, median (s) | runs (s) | goal |
|---|---|---|---|---|
${starts.join("\n")}

Where a start spends its time: the server's \`start-up\` lines at \`LOG_LEVEL=debug\` (\`startupPhase\`,
app/server/logger.server.ts), when each phase ended, as median ms since the process started: wall clock /
the process's CPU time (all its threads), which a busy machine stretches less. The last row is the
bench's own clock, from spawn, and the server's CPU time from /proc.

| phase ended | ${cold.cases.map((c) => c.label.replace(/ \(.*\)$/, "")).join(" | ")} |
|---|${cold.cases.map(() => "---").join("|")}|
${phases.join("\n")}
| first 200 from /login | ${cold.cases.map((c) => `${Math.round(c.ms)} / ${Math.round(c.cpuMs)}`).join(" | ")} |

Bold marks a missed goal.
<!-- cold:end -->`;
  writeBenchmarkSection("cold", section);
  console.log(section);
}

function machineLine() {
  return `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
}
