// `node bench/people.mjs`: signed-in clients and the coach behaving as browsers do (documents, `.data`
// navigations, changes, live streams), ramped until a kind's p95 passes 200 ms, nginx beside as the ceiling
// (docs/decisions/0031-people-benchmark.md). `--compare DIR` measures another checkout's build against this
// one, interleaved (docs/decisions/0033-warm-cost.md). Writes its sections of docs/BENCHMARKS.md.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import {
  ADMIN_EMAIL,
  ADMIN_URL,
  adminQuery,
  benchUuid,
  CLIENT_EMAIL,
  cpuMs,
  databaseCpu,
  databaseCpuSince,
  ensureNginx,
  freePort,
  median,
  nodeBinary,
  percentile,
  requireBuild,
  root,
  SEED_SQL,
  seededPglite,
  signIn,
  sleep,
  startNginx,
  startServer,
  uuidOf,
  writeBenchmarkSection,
} from "./support.mjs";

const TARGET_P95_MS = 200;
const CHANGE_EVERY = 20;
const DEBOUNCE_MS = 150;
const MAX_IDENTITIES = 1_000;
const STREAMS_PER_IDENTITY = 4; // under the server's cap of 5 per person, with room for a closing one
// Chromium's header; nginx-light answers gzip.
const BROWSER_ENCODING = process.env.BENCH_ENCODING ?? "gzip, deflate, br, zstd";

const { values: args } = parseArgs({
  options: {
    only: { type: "string", default: "pglite,postgres,nginx" },
    think: { type: "string", default: "5" },
    visit: { type: "string", default: "10" },
    step: { type: "string", default: "20" },
    "ramp-in": { type: "string", default: "6" },
    steps: { type: "string", default: "51,101,201,401,801,1201,1601,2401,3201,4001" },
    people: { type: "string", default: "201" },
    compare: { type: "string" },
    rounds: { type: "string", default: "2" },
    "page-cache": { type: "boolean", default: false },
    "warm-up": { type: "string", default: "30" },
    urls: { type: "string", default: "" },
    "server-env": { type: "string", multiple: true, default: [] },
    "cpu-prof": { type: "string" },
    json: { type: "string" },
    "no-write": { type: "boolean", default: false },
  },
});
const only = new Set(args.only.split(","));
const THINK_MS = Number(args.think) * 1000;
const VISIT_ACTIONS = Number(args.visit);
const STEP_MS = Number(args.step) * 1000;
const RAMP_MS = Number(args["ramp-in"]) * 1000;
const serverEnv = Object.fromEntries(
  args["server-env"].map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
);

requireBuild();

const HOMEWORK_SQL = `
INSERT INTO homework (id, client_id, title, status, description)
SELECT ${benchUuid("'hw:' || p.email")}, p.id, 'Rewrite your résumé summary', 'assigned',
  'Three sentences: who you are, what you do best, what you want next.'
FROM profiles p WHERE p.email LIKE 'bench-%' AND p.role = 'client';
ANALYZE homework;
`;

function benchClients(count) {
  const clients = [];
  for (let i = 1; clients.length < count; i += 1) {
    if (i % 5 < 2) continue;
    const email = `bench-${String(i).padStart(5, "0")}@example.com`;
    clients.push({ email, id: uuidOf(`bench:${i}`), homeworkId: uuidOf(`hw:${email}`) });
  }
  return clients;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });
const streamAgent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });

function timedRequest(url, { method = "GET", headers, body }) {
  return new Promise((resolve) => {
    const started = performance.now();
    const req = http.request(url, { method, headers, agent }, (res) => {
      let text = "";
      res.on("data", (chunk) => {
        if (res.statusCode >= 400 && text.length < 300) text += chunk;
      });
      res.on("end", () => {
        if (res.statusCode >= 400 && process.env.BENCH_DEBUG)
          console.error(method, url, res.statusCode, text);
        // A build with the page cache (docs/decisions/0020-page-cache.md) marks a remembered page.
        resolve({
          status: res.statusCode,
          ms: performance.now() - started,
          hit: res.headers["x-cache"] === "hit",
        });
      });
      res.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    });
    req.on("error", () => resolve({ status: 0, ms: performance.now() - started }));
    req.end(body);
  });
}

function openStream(url, cookie, onChange, onRefused) {
  let buffer = "";
  const req = http.get(
    url,
    { headers: { cookie, accept: "text/event-stream", "sec-fetch-site": "same-origin" }, agent: streamAgent },
    (res) => {
      if (res.statusCode !== 200) {
        onRefused(res.statusCode);
        res.resume();
        return;
      }
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        buffer += chunk;
        for (let cut = buffer.indexOf("\n\n"); cut !== -1; cut = buffer.indexOf("\n\n")) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.includes("event: change")) onChange(JSON.parse(block.slice(block.indexOf("data: ") + 6)));
          else if (block.includes("event: resync") || block.includes("event: reauth")) onChange(null);
        }
      });
      res.on("error", () => {});
    },
  );
  req.on("error", () => {});
  return { close: () => req.destroy() };
}

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const thinkTime = () => Math.min(10 * THINK_MS, Math.max(200, -Math.log(1 - Math.random()) * THINK_MS));

// `_routes`: the root and layouts keep their data.
const CLIENT_PAGES = [
  ["/dashboard", "routes/portal/dashboard"],
  ["/lessons", "routes/portal/lessons"],
  ["/homework", "routes/portal/homework"],
  ["/resources", "routes/portal/resources"],
  ["/plan", "routes/portal/plan"],
  ["/billing", "routes/portal/billing"],
];
const ADMIN_LISTS = [
  ["/admin", "routes/admin/index"],
  ["/admin/clients", "routes/admin/clients"],
  ["/admin/homework", "routes/admin/homework"],
];

async function person({ base, cookie, identity, admin, clients }, until, record, counters) {
  const headers = {
    cookie,
    "accept-encoding": BROWSER_ENCODING,
    "sec-fetch-site": "same-origin",
  };
  let page = admin ? "/admin" : "/dashboard";
  let revalidating = false;
  let timer;
  const get = async (kind, url, extra = {}) => {
    const started = performance.now();
    record(kind, started, await timedRequest(`${base}${url}`, { headers: { ...headers, ...extra } }), url);
  };
  const revalidate = () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      if (revalidating) return revalidate();
      revalidating = true;
      await get("data", `${page.replace(/(\?|$)/, ".data$1")}`);
      revalidating = false;
    }, DEBOUNCE_MS);
  };
  const shows = (change) => {
    if (change === null) return true;
    if (!admin) return change.clientId === identity.id || change.userId === identity.id;
    const path = page.split("?")[0];
    return (
      ["/admin", "/admin/clients", "/admin/payments"].includes(path) ||
      path === `/admin/clients/${change.clientId}`
    );
  };
  const navigate = async () => {
    let next;
    if (!admin) next = pick(CLIENT_PAGES.filter(([p]) => p !== page));
    else if (Math.random() < 0.4) {
      const client = pick(clients);
      next = [`/admin/clients/${client.id}`, "routes/admin/client"];
    } else if (Math.random() < 0.5) {
      const n = 1 + Math.floor(Math.random() * 10);
      next = [`/admin/clients${n > 1 ? `?page=${n}` : ""}`, "routes/admin/clients"];
    } else next = pick(ADMIN_LISTS);
    const [path, route] = next;
    const samePath = path.split("?")[0] === page.split("?")[0];
    page = path;
    const [pathname, search = ""] = path.split("?");
    const params = new URLSearchParams(search);
    // A new search asks every loader again; another page only the new route's.
    if (!samePath) params.set("_routes", route);
    const query = params.toString();
    await get("data", `${pathname}.data${query ? `?${query}` : ""}`);
  };
  const change = async () => {
    let url;
    let form;
    if (admin) {
      const client = pick(clients);
      page = `/admin/clients/${client.id}`;
      url = `${page}.data`;
      form =
        Math.random() < 0.5
          ? { intent: "add-activity", title: "Mock interview", details: "Behavioural round, notes sent." }
          : { intent: "adjust", kind: "resume_review", amount: Math.random() < 0.5 ? "1" : "-1" };
    } else {
      page = "/homework";
      url = "/homework.data";
      form = {
        homeworkId: identity.homeworkId,
        url: "https://example.com/resume.pdf",
        note: "Second draft.",
      };
    }
    const body = new URLSearchParams(form).toString();
    const started = performance.now();
    const result = await timedRequest(`${base}${url}`, {
      method: "POST",
      headers: {
        ...headers,
        origin: base,
        "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
        "content-length": Buffer.byteLength(body),
      },
      body,
    });
    record("change", started, result, `${url} ${form.intent ?? ""}`);
    // React Router's revalidation after an action.
    await get("data", url);
  };

  await sleep(Math.random() * RAMP_MS);
  while (performance.now() < until) {
    // Opened before its document, so "since now" is no later than the render (docs/decisions/0037-live-catch-up.md).
    const stream = openStream(
      `${base}/events?since=${Date.now()}`,
      cookie,
      (event) => shows(event) && revalidate(),
      () => {
        counters.streamsRefused += 1;
      },
    );
    counters.streamsOpened += 1;
    await get("document", page, { accept: "text/html,application/xhtml+xml" });
    const actions = Math.max(1, Math.round(-Math.log(1 - Math.random()) * VISIT_ACTIONS));
    for (let i = 0; i < actions && performance.now() < until; i += 1) {
      await sleep(thinkTime());
      if (performance.now() >= until) break;
      if (Math.random() < 1 / CHANGE_EVERY) await change();
      else await navigate();
    }
    clearTimeout(timer);
    stream.close();
  }
}

async function runStep(server, people, { databaseUrl }) {
  const started = performance.now();
  const windowStart = started + RAMP_MS;
  const until = windowStart + STEP_MS;
  const samples = { document: [], data: [], change: [] };
  let failed = 0;
  const failures = new Map();
  const record = (kind, at, { status, ms, hit }, url) => {
    if (at < windowStart || at >= until) return;
    samples[kind].push(ms);
    if (hit) counters.pageCacheHits += 1;
    // The admin moves quotas blindly: the server's 409 is the page's answer, not an error.
    if (kind === "change" && status === 409) counters.changesRefused += 1;
    else if (status === 0 || status >= 400) {
      failed += 1;
      const key = `${kind} ${status} ${url.replace(/[0-9a-f-]{36}/g, ":id")}`;
      failures.set(key, (failures.get(key) ?? 0) + 1);
    }
  };
  const counters = { streamsOpened: 0, streamsRefused: 0, pageCacheHits: 0, changesRefused: 0 };
  let cpuBefore = 0;
  let dbBefore = null;
  let loadBefore = null;
  const window = (async () => {
    await sleep(RAMP_MS);
    cpuBefore = cpuMs(server.pid);
    loadBefore = process.cpuUsage();
    if (databaseUrl) dbBefore = await databaseCpu(databaseUrl);
    await sleep(STEP_MS);
    const serverMs = cpuMs(server.pid) - cpuBefore;
    const load = process.cpuUsage(loadBefore);
    const dbMs = dbBefore ? await databaseCpuSince(databaseUrl, dbBefore) : null;
    return { serverMs, loadMs: (load.user + load.system) / 1000, dbMs };
  })();
  await Promise.all(people.map((p) => person(p, until, record, counters)));
  const { serverMs, loadMs, dbMs } = await window;
  const total = samples.document.length + samples.data.length + samples.change.length;
  const kinds = Object.fromEntries(
    Object.entries(samples).map(([kind, list]) => {
      const sorted = [...list].sort((a, b) => a - b);
      return [
        kind,
        {
          n: list.length,
          p50: percentile(sorted, 50),
          p95: percentile(sorted, 95),
          p99: percentile(sorted, 99),
        },
      ];
    }),
  );
  return {
    people: people.length,
    requests: total,
    rps: total / (STEP_MS / 1000),
    failed,
    failures: Object.fromEntries(failures),
    kinds,
    serverCpuMsPerRequest: serverMs / total,
    databaseCpuMsPerRequest: dbMs === null ? null : dbMs / total,
    loadCpuMsPerRequest: loadMs / total,
    ...counters,
    loadAverage: os.loadavg()[0],
  };
}

const fastEnough = (step) =>
  step.failed === 0 && Object.values(step.kinds).every((k) => k.n === 0 || k.p95 <= TARGET_P95_MS);

const pace = (step) => step.rps / step.people;
const KEEP_PACE = 0.8;
/** People wait for each answer, so a saturated server makes them ask less while its p95 looks fine. */
const keepsUp = (step, below) =>
  below.length < 2 || pace(step) >= KEEP_PACE * median(below.map(pace).sort((x, y) => x - y));
const passes = (step, below) => fastEnough(step) && keepsUp(step, below);
function verdict(steps) {
  const miss = steps.findIndex((step, i) => !passes(step, steps.slice(0, i)));
  return miss < 0
    ? { held: steps, stopped: undefined }
    : { held: steps.slice(0, miss), stopped: steps[miss] };
}

async function freshDatabase(kind, tree) {
  if (kind === "pglite") {
    const dataDir = await seededPglite(SEED_SQL + HOMEWORK_SQL, { tree });
    return { kind, dataDir, databaseUrl: "", drop: () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const name = `bench_people_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-people-"));
  const port = await freePort();
  const first = await startServer({ tree, dataDir, databaseUrl: url.toString(), port });
  await adminQuery(url.toString(), SEED_SQL + HOMEWORK_SQL);
  await first.stop();
  return {
    kind,
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    },
  };
}

async function openServer(database, { tree, env = {}, label }) {
  const port = await freePort();
  const server = await startServer({
    tree,
    dataDir: database.dataDir,
    databaseUrl: database.databaseUrl,
    port,
    env: { ...env, ...serverEnv },
    profileDir: args["cpu-prof"] ? path.join(args["cpu-prof"], label.replace(/\W+/g, "-")) : undefined,
  });
  const identities = [];
  const admin = { cookie: await signIn(server.url, ADMIN_EMAIL), identity: { id: null } };
  /** Distinct up to MAX_IDENTITIES, then shared. */
  const people = async (count) => {
    const wanted = Math.min(count - 1, MAX_IDENTITIES);
    if (count - 1 > MAX_IDENTITIES * STREAMS_PER_IDENTITY) throw new Error(`${count} people: too many`);
    const clients = benchClients(wanted);
    while (identities.length < wanted) {
      const batch = clients.slice(identities.length, identities.length + 20);
      const cookies = await Promise.all(batch.map((c) => signIn(server.url, c.email)));
      identities.push(...batch.map((c, i) => ({ identity: c, cookie: cookies[i] })));
    }
    const all = benchClients(200);
    return [
      { base: server.url, ...admin, admin: true, clients: all },
      ...Array.from({ length: count - 1 }, (_, i) => ({
        base: server.url,
        ...identities[i % wanted],
        admin: false,
        clients: all,
      })),
    ];
  };
  return { server, people };
}

async function ramp(database, options) {
  const { server, people } = await openServer(database, options);
  const steps = [];
  try {
    for (const n of args.steps.split(",").map(Number)) {
      let step = await runStep(server, await people(n), database);
      console.log(options.label, JSON.stringify(step));
      // The machine is shared: a step that misses is run once more.
      if (!passes(step, steps)) {
        await sleep(3000);
        step = await runStep(server, await people(n), database);
        step.retried = true;
        console.log(options.label, "again", JSON.stringify(step));
      }
      const held = passes(step, steps);
      steps.push(step);
      if (!held) break;
      await sleep(1000);
    }
  } finally {
    await server.stop();
  }
  return steps;
}

async function fixed(database, variants, count, rounds) {
  const results = variants.map(() => []);
  for (let r = 0; r < rounds; r += 1) {
    for (const [i, options] of variants.entries()) {
      const { server, people } = await openServer(database, options);
      try {
        const step = await runStep(server, await people(count), database);
        results[i].push(step);
        console.log(options.label, JSON.stringify(step));
      } finally {
        await server.stop();
      }
    }
  }
  return results;
}

function autocannon(url, headers, pid, { connections = 10, duration = 8, warmup = 2, rate } = {}) {
  const load = (seconds) => {
    const child = spawnSync(
      nodeBinary,
      [
        path.join(root, "bench", "load.mjs"),
        JSON.stringify({ url, connections, duration: seconds, warmup: 0, headers, rate }),
      ],
      { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] },
    );
    if (child.status !== 0) throw new Error(`autocannon failed on ${url}`);
    return JSON.parse(child.stdout.trim().split("\n").at(-1));
  };
  // The warm-up's CPU is not the timed run's.
  if (warmup) load(warmup);
  const before = cpuMs(pid);
  const result = load(duration);
  result.serverCpuMsPerRequest = (cpuMs(pid) - before) / result.total;
  result.loadCpuMsPerRequest = result.loadCpuMs / result.total;
  result.loadAverage = os.loadavg()[0];
  return result;
}

// A rate both builds keep up with, so neither is a saturated process fighting the machine.
const SINGLE_URLS = [
  { name: "/dashboard (document)", path: "/dashboard", as: "client", accept: "text/html", rate: 80 },
  { name: "/dashboard.data (revalidation)", path: "/dashboard.data", as: "client", accept: "*/*", rate: 150 },
  { name: "/admin/clients (document)", path: "/admin/clients", as: "admin", accept: "text/html", rate: 50 },
  {
    name: "/admin/clients.data (revalidation)",
    path: "/admin/clients.data",
    as: "admin",
    accept: "*/*",
    rate: 150,
  },
];

/** Every server up at once, each URL alternating builds round by round, so a shared machine's spells hit both alike. */
async function singleUrls(database, builds, rounds) {
  const rows = [];
  const wanted = args.urls ? args.urls.split(",") : [];
  const targets = SINGLE_URLS.filter((t) => !wanted.length || wanted.some((w) => t.name.includes(w)));
  const running = [];
  try {
    for (const build of builds) {
      const { server } = await openServer(database, build);
      const cookies = {
        client: await signIn(server.url, CLIENT_EMAIL),
        admin: await signIn(server.url, ADMIN_EMAIL),
      };
      const headersOf = (target) => ({
        cookie: cookies[target.as],
        accept: target.accept,
        "accept-encoding": BROWSER_ENCODING,
      });
      running.push({ build, server, headersOf });
    }
    // V8 optimises what proves hot over thousands of requests; a short warm-up flatters a build that warms
    // faster (docs/decisions/0033-warm-cost.md).
    if (Number(args["warm-up"]) > 0)
      for (const { server, headersOf } of running)
        for (const target of targets)
          autocannon(`${server.url}${target.path}`, headersOf(target), server.pid, {
            duration: Number(args["warm-up"]),
            warmup: 0,
          });
    for (let r = 0; r < rounds; r += 1) {
      for (const target of targets) {
        for (const { build, server, headersOf } of r % 2 ? [...running].reverse() : running) {
          const result = autocannon(`${server.url}${target.path}`, headersOf(target), server.pid, {
            rate: target.rate,
          });
          rows.push({ build: build.label, url: target.name, round: r, ...result });
          console.log(build.label, target.name, JSON.stringify(result));
        }
      }
    }
  } finally {
    for (const { server } of running) await server.stop();
  }
  return rows;
}

const base = args.compare
  ? { tree: path.resolve(args.compare), label: `base (${path.basename(path.resolve(args.compare))})` }
  : null;
const results = {
  date: new Date().toISOString().slice(0, 10),
  think: THINK_MS / 1000,
  ramps: {},
  nginx: null,
  pageCache: null,
  compare: null,
  notes: [],
};
const current = { tree: root, label: "this build" };

for (const kind of ["pglite", "postgres"]) {
  if (!only.has(kind)) continue;
  const database = await freshDatabase(kind, root);
  try {
    results.ramps[kind] = await ramp(database, { ...current, label: kind });
  } finally {
    await database.drop();
  }
}
if (only.has("nginx")) {
  const skipped = ensureNginx();
  if (skipped) results.notes.push(skipped);
  else {
    const nginx = await startNginx("/");
    try {
      results.nginx = autocannon(
        nginx.url,
        { "accept-encoding": "gzip, deflate", accept: "text/html" },
        nginx.pid,
        {
          connections: 50,
          duration: 10,
          warmup: 3,
        },
      );
      console.log("nginx", JSON.stringify(results.nginx));
    } finally {
      await nginx.stop();
    }
  }
}
if (args["page-cache"]) {
  const tree = base ?? current;
  const database = await freshDatabase("postgres", tree.tree);
  try {
    const [on, off] = await fixed(
      database,
      [
        { tree: tree.tree, label: `${tree.label}, PAGE_CACHE=on`, env: { PAGE_CACHE: "on" } },
        { tree: tree.tree, label: `${tree.label}, PAGE_CACHE=off`, env: { PAGE_CACHE: "off" } },
      ],
      Number(args.people),
      Number(args.rounds),
    );
    results.pageCache = { build: tree.label, on, off };
  } finally {
    await database.drop();
  }
}
if (only.has("fixed") || only.has("urls")) {
  const database = await freshDatabase("postgres", (base ?? current).tree);
  try {
    // The base build renders every request (its page cache off).
    const builds = [
      ...(base ? [{ ...base, env: { PAGE_CACHE: "off" } }] : []),
      { ...current, env: { PAGE_CACHE: "off" } },
    ];
    const people = only.has("fixed")
      ? await fixed(database, builds, Number(args.people), Number(args.rounds))
      : null;
    const urls = only.has("urls") ? await singleUrls(database, builds, Number(args.rounds)) : [];
    results.compare = {
      base: base?.label ?? null,
      before: base ? people?.[0] : null,
      after: people?.at(-1),
      urls,
    };
  } finally {
    await database.drop();
  }
}

if (args.json) writeFileSync(args.json, JSON.stringify(results, null, 2));
if (!args["no-write"]) writeSection(results);

function writeSection({ date, think, ramps, nginx, pageCache, compare, notes }) {
  const ms = (x) => (Number.isNaN(x) || x === undefined ? "—" : `${Math.round(x)}`);
  const cpu = (x) => (x === null || x === undefined ? "—" : x.toFixed(2));
  const kindCells = (step) =>
    ["document", "data", "change"]
      .map((k) => `${ms(step.kinds[k].p50)} / ${ms(step.kinds[k].p95)} / ${ms(step.kinds[k].p99)}`)
      .join(" | ");
  const stepLine = (label, step) =>
    `| ${label} | ${step.people} | ${Math.round(step.rps)} | ${kindCells(step)} | ${step.failed} | ${cpu(step.serverCpuMsPerRequest)} | ${cpu(step.databaseCpuMsPerRequest)} | ${cpu(step.loadCpuMsPerRequest)} | ${step.loadAverage.toFixed(1)} |`;
  const header = [
    "| database | people | req/s | document p50 / p95 / p99 ms | .data p50 / p95 / p99 ms | change p50 / p95 / p99 ms | errors | server CPU ms/req | PostgreSQL CPU ms/req | load generator CPU ms/req | load average |",
    "|---|---|---|---|---|---|---|---|---|---|---|",
  ];
  const rampTable = [...header];
  const most = [];
  for (const [kind, steps] of Object.entries(ramps)) {
    for (const step of steps) rampTable.push(stepLine(kind, step));
    const { held, stopped } = verdict(steps);
    const best = held.at(-1);
    most.push(
      `| ${kind} | ${best ? best.people : `fewer than ${steps[0].people}`} | ${best ? Math.round(best.rps) : "—"} | ${
        stopped
          ? `${stopped.people} (${
              Object.entries(stopped.kinds)
                .filter(([, k]) => k.p95 > TARGET_P95_MS)
                .map(([name, k]) => `${name} p95 ${ms(k.p95)} ms`)
                .join(", ") ||
              (stopped.failed
                ? `${stopped.failed} errors`
                : `${pace(stopped).toFixed(2)} requests per person per second, under ${KEEP_PACE * 100} % of the steps below: the server no longer kept up`)
            })`
          : "not reached"
      } |`,
    );
  }
  const mean = (list, f) => list.reduce((a, x) => a + f(x), 0) / list.length;
  const passing = Object.values(ramps).flatMap((steps) => verdict(steps).held);
  const perPerson = passing.length ? mean(passing, pace) : null;
  const fixedLine = (label, list) => {
    const step = {
      people: list[0].people,
      rps: mean(list, (s) => s.rps),
      failed: list.reduce((a, s) => a + s.failed, 0),
      kinds: Object.fromEntries(
        ["document", "data", "change"].map((k) => [
          k,
          {
            p50: mean(list, (s) => s.kinds[k].p50),
            p95: mean(list, (s) => s.kinds[k].p95),
            p99: mean(list, (s) => s.kinds[k].p99),
          },
        ]),
      ),
      serverCpuMsPerRequest: mean(list, (s) => s.serverCpuMsPerRequest),
      databaseCpuMsPerRequest: mean(list, (s) => s.databaseCpuMsPerRequest ?? 0),
      loadCpuMsPerRequest: mean(list, (s) => s.loadCpuMsPerRequest),
      loadAverage: mean(list, (s) => s.loadAverage),
    };
    return stepLine(label, step);
  };
  if (Object.keys(ramps).length)
    replaceSection(
      "people",
      `
## People: signed-in clients and the coach, each with a live stream — ${date}

Measured by \`npm run bench\` (bench/people.mjs) on ${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB, the built server on Node 24 (the build in \`build\`), the load generator in the bench's own process on the same cores. Data: the seed, the 5,000 people of bench/http.mjs and one piece of homework per client. Each person is signed in through the local sign-in form (the server makes the session and cookie) as a distinct client (up to ${MAX_IDENTITIES}; beyond, ${STREAMS_PER_IDENTITY} people share one) or as the admin, and behaves as a browser: a visit opens a document and the live-update stream, then navigates with \`.data\` requests (\`?_routes=\` the new page's route), ${think} s think time on average (exponential), ${VISIT_ACTIONS} actions a visit on average; one action in ${CHANGE_EVERY} is a change (a client hands in homework; the admin logs an activity or moves a quota, on a client's page: \`POST\` with \`Origin\`, then the page's loaders again), and an event on the stream about what the page shows revalidates it 150 ms later (the admin's lists hear every client's change). \`.data\` counts navigations and revalidations. Requests send \`Accept-Encoding: ${BROWSER_ENCODING}\` (Chromium's). Each step: ${RAMP_MS / 1000} s of people arriving, then ${STEP_MS / 1000} s measured (requests started in it); the number of people goes through ${args.steps.replaceAll(",", ", ")} until a kind's p95 passes ${TARGET_P95_MS} ms or the server no longer keeps up (its people's requests per person per second under ${KEEP_PACE * 100} % of the median of the steps below: people wait for each answer, so a saturated server shows as fewer requests rather than slower ones) (a step that misses is run once more, as other work on this shared machine comes and goes; the second run is the one shown). "server CPU ms/req" is the server's CPU time over the window (from /proc) per request started in it; PostgreSQL's backends apart; PGlite runs inside the server. "load average" is the 1-minute figure at the end of the step (other work on the machine shows there).

${rampTable.join("\n")}

| database | most people at p95 ≤ ${TARGET_P95_MS} ms (every kind), kept up with | req/s then | first step past it |
|---|---|---|---|
${most.join("\n")}
${nginx ? `\nnginx serving the pre-rendered home page (same run, autocannon, 50 connections, 10 s, gzip): ${Math.round(nginx.rps)} req/s, p50 ${nginx.p50} ms, p99 ${nginx.p99} ms, ${cpu(nginx.serverCpuMsPerRequest)} ms of nginx CPU per request (load average ${nginx.loadAverage.toFixed(1)}).${perPerson ? ` At these people's pace (${perPerson.toFixed(2)} requests per person per second), that rate would be ~${Math.round(nginx.rps / perPerson).toLocaleString("en")} people.` : ""}\n` : ""}${notes.length ? `\n${notes.map((n) => `- ${n}`).join("\n")}\n` : ""}`,
    );
  if (pageCache) {
    replaceSection(
      "people-cache",
      `### Page cache on and off, the same people (${pageCache.build}, PostgreSQL, mean of ${pageCache.on.length} interleaved runs)

${[...header, fixedLine("postgres, PAGE_CACHE=on", pageCache.on), fixedLine("postgres, PAGE_CACHE=off", pageCache.off)].join("\n")}

With the cache on, ${pageCache.on.reduce((a, s) => a + (s.pageCacheHits ?? 0), 0)} of ${pageCache.on.reduce((a, s) => a + s.kinds.document.n, 0)} documents (and none of the ${pageCache.on.reduce((a, s) => a + s.kinds.data.n, 0)} \`.data\` requests, which it never keeps) were answered from it.
`,
    );
  }
  if (compare?.base) {
    const urlRows = [];
    for (const url of [...new Set(compare.urls.map((r) => r.url))]) {
      const of = (build) => compare.urls.filter((r) => r.url === url && r.build === build);
      const [b, a] = [of(compare.base), of("this build")];
      const m = (list, f) => mean(list, f);
      const pairs = a
        .map((after) => [b.find((before) => before.round === after.round), after])
        .filter(([before]) => before)
        .map(([before, after]) => after.serverCpuMsPerRequest / before.serverCpuMsPerRequest)
        .sort((x, y) => x - y);
      urlRows.push(
        `| ${url} | ${cpu(m(b, (r) => r.serverCpuMsPerRequest))} → ${cpu(m(a, (r) => r.serverCpuMsPerRequest))} | ${(m(a, (r) => r.serverCpuMsPerRequest) / m(b, (r) => r.serverCpuMsPerRequest)).toFixed(2)} | ${median(pairs).toFixed(2)} (${pairs.map((x) => x.toFixed(2)).join(", ")}) | ${Math.round(m(b, (r) => r.rps))} → ${Math.round(m(a, (r) => r.rps))} | ${ms(m(b, (r) => r.p99))} → ${ms(m(a, (r) => r.p99))} | ${(m(b, (r) => r.bytesPerResponse) / 1024).toFixed(1)} → ${(m(a, (r) => r.bytesPerResponse) / 1024).toFixed(1)} | ${m(b, (r) => r.loadAverage).toFixed(1)} / ${m(a, (r) => r.loadAverage).toFixed(1)} |`,
      );
    }
    replaceSection(
      "people-compare",
      `### This build against ${compare.base}, same run, interleaved (PostgreSQL, every page rendered)

${
  compare.before
    ? `The same people (${compare.before[0].people}), mean of ${compare.before.length} runs each, builds alternating:

${[...header, fixedLine(`postgres, ${compare.base}, PAGE_CACHE=off`, compare.before), fixedLine("postgres, this build", compare.after)].join("\n")}`
    : ""
}

Single URLs, autocannon (10 connections; both servers running, each first warmed up, every URL at full speed for ${args["warm-up"]} s; then, round by round, each URL on one build and at once on the other (order flipped every round), at its fixed rate, 2 s not measured, then 8 s measured; \`Accept-Encoding: ${BROWSER_ENCODING}\`), ${Number(args.rounds)} rounds; the signed-in Pro client's \`/dashboard\`, the admin's \`/admin/clients\` (5,000 profiles):

| URL | server CPU ms/req before → after (mean) | ratio of means | ratio, median of the rounds' pairs (each round's) | req/s before → after | p99 ms before → after | KB per response before → after | load average before / after |
|---|---|---|---|---|---|---|---|
${urlRows.join("\n")}
`,
    );
  }
}

function replaceSection(name, text) {
  const section = `<!-- ${name}:start -->\n${text.trim()}\n<!-- ${name}:end -->`;
  writeBenchmarkSection(name, section, { after: "<!-- people:end -->" });
  console.log(section);
}
