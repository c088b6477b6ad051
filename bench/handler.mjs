// `node bench/handler.mjs [--tree DIR] [--as client|admin] [--calls 1000] URL…`: one request's CPU time through
// the build's own handler, in-process (no HTTP, no load generator), on PostgreSQL with bench/http.mjs's people.
// `--tree` compares another checkout's build; `:client` in a URL is the seeded Pro client's id.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { ADMIN_URL, adminQuery, root, SEED_SQL } from "./support.mjs";

const { values: args, positionals: urls } = parseArgs({
  options: {
    tree: { type: "string", default: root },
    as: { type: "string", default: "client" },
    calls: { type: "string", default: "1000" },
  },
  allowPositionals: true,
});
const tree = path.resolve(args.tree);
const calls = Number(args.calls);
const EMAILS = { client: "daniel.okafor@example.com", admin: "admin@example.com" };

const name = `bench_handler_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
const url = new URL(ADMIN_URL);
url.pathname = `/${name}`;
await adminQuery(ADMIN_URL, `CREATE DATABASE ${name}`);
const dataDir = mkdtempSync(path.join(os.tmpdir(), "bench-handler-"));
Object.assign(process.env, {
  NODE_ENV: "production",
  HOST: "127.0.0.1",
  PORT: "3000",
  DATA_DIR: dataDir,
  DATABASE_URL: url.toString(),
  LOG_LEVEL: "warn",
  SIGN_IN_RATE_LIMIT: "100000",
  MUTATION_RATE_LIMIT: "100000",
  BUILD_DIR: path.join(tree, "build"),
});
const { createRequestHandler } = await import(
  pathToFileURL(path.join(tree, "node_modules/react-router/dist/production/index.js")).href
);
const build = await import(pathToFileURL(path.join(tree, "build/server/index.js")).href);
const entry = build.entry.module;
try {
  await entry.startup();
  await adminQuery(url.toString(), SEED_SQL);
  const handle = createRequestHandler(build, "production");
  // As express-shell/main.ts passes it: a loopback peer with no proxy header, so local sign-in opens.
  const context = () =>
    entry.requestLoadContext(randomBytes(16).toString("base64"), {
      clientAddress: "127.0.0.1",
      peer: "127.0.0.1",
      headerNames: [],
    });
  const origin = "http://127.0.0.1:3000";
  const signedIn = await handle(
    new Request(`${origin}/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin },
      body: new URLSearchParams({ intent: "local", email: EMAILS[args.as], redirectTo: "/dashboard" }),
    }),
    context(),
  );
  const cookie = signedIn.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  const { rows } = await adminQuery(url.toString(), "SELECT id FROM profiles WHERE email = $1", [
    EMAILS.client,
  ]);
  for (const target of urls.map((u) => u.replace(":client", rows[0].id))) {
    const once = async () => {
      const response = await handle(
        new Request(`${origin}${target}`, { headers: { cookie, accept: "text/html" } }),
        context(),
      );
      const bytes = (await response.arrayBuffer()).byteLength;
      if (response.status !== 200) throw new Error(`${target} answered ${response.status}`);
      return bytes;
    };
    for (let i = 0; i < 100; i += 1) await once(); // warm-up: JIT, caches, prepared statements
    let bytes = 0;
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i += 1) bytes = await once();
    const cpu = process.cpuUsage(before);
    console.log(
      `${path.basename(tree)} ${target} (${args.as}): ${((cpu.user + cpu.system) / 1000 / calls).toFixed(3)} ms CPU per request, ${bytes} bytes, load average ${os.loadavg()[0].toFixed(1)}`,
    );
  }
} finally {
  await entry.shutdown();
  await adminQuery(ADMIN_URL, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
