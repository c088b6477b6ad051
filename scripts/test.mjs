// `npm test`: every check, ending with one summary line `N passed, N failed`.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";
import pg from "pg";

const root = path.resolve(import.meta.dirname, "..");
const bin = (name) => path.join(root, "node_modules", ".bin", name);
const results = path.join(root, "test-results");
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

let passed = 0;
let failed = 0;
let skipped = 0;
const lines = [];
const failures = []; // names of failed tests, repeated at the end so a truncated log still shows them

function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  lines.push(`${ok ? "ok  " : "FAIL"} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
  return ok;
}

function step(label, command, args) {
  if (!run(label, command, args)) failed += 1;
}

function vitest(label, projects, reportName, env = {}) {
  const report = path.join(results, `${reportName}.json`);
  const args = ["run", ...projects.flatMap((p) => ["--project", p])];
  args.push("--reporter=default", "--reporter=json", `--outputFile.json=${report}`);
  const ok = run(label, bin("vitest"), args, env);
  if (!existsSync(report)) {
    failed += 1;
    return;
  }
  const data = JSON.parse(readFileSync(report, "utf8"));
  passed += data.numPassedTests;
  failed += data.numFailedTests;
  skipped += (data.numPendingTests ?? 0) + (data.numTodoTests ?? 0);
  for (const file of data.testResults ?? []) {
    const name = path.relative(root, file.name);
    for (const test of file.assertionResults ?? []) {
      if (test.status === "failed")
        failures.push(`${name} › ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
    }
    if ((file.assertionResults ?? []).length === 0 && file.status === "failed") {
      failures.push(`${name}: ${firstLine(file.message)}`);
    }
  }
  if (!ok && data.numFailedTests === 0) failed += 1; // e.g. a suite that failed to load
}

function firstLine(message = "") {
  return (
    stripVTControlCharacters(String(message))
      .split("\n")
      .find((line) => line.trim())
      ?.trim()
      .slice(0, 300) ?? ""
  );
}

function playwrightFailures(suites, trail = []) {
  for (const suite of suites ?? []) {
    const here = suite.title ? [...trail, suite.title] : trail;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected") continue;
        const error = test.results?.at(-1)?.error?.message;
        failures.push(`${[...here, spec.title].join(" › ")}: ${firstLine(error)}`);
      }
    }
    playwrightFailures(suite.suites, here);
  }
}

function playwright(label) {
  const report = path.join(results, "e2e.json");
  const ok = run(label, bin("playwright"), ["test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: report });
  if (!existsSync(report)) {
    failed += 1;
    return;
  }
  const { stats, suites } = JSON.parse(readFileSync(report, "utf8"));
  playwrightFailures(suites);
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected;
  skipped += stats.skipped;
  if (!ok && stats.unexpected === 0) failed += 1;
}

async function postgresUrl() {
  const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query("SELECT 1");
    return url;
  } catch {
    return null;
  } finally {
    await client.end().catch(() => {});
  }
}

step("typecheck", bin("react-router"), ["typegen"]);
step("typecheck (tsc)", bin("tsc"), []);
step("lint", bin("biome"), ["check", "."]);
step("lint (import rules)", "npm", ["run", "--silent", "lint:imports"]);
vitest("unit + integration on PGlite", ["unit", "integration"], "vitest-pglite", { TEST_DATABASE_URL: "" });

const pgUrl = await postgresUrl();
if (pgUrl) {
  vitest("integration on PostgreSQL", ["integration"], "vitest-postgres", { TEST_DATABASE_URL: pgUrl });
} else if (process.env.CI) {
  console.log("\nPostgreSQL is not reachable at 127.0.0.1:5432; CI requires it.");
  failed += 1;
  lines.push("FAIL integration on PostgreSQL (server unreachable)");
} else {
  lines.push("skip integration on PostgreSQL (no server at 127.0.0.1:5432; set TEST_DATABASE_URL)");
}

if (run("build", bin("react-router"), ["build"])) {
  vitest("system (the built server as a process)", ["system"], "vitest-system");
  playwright("end-to-end in Chromium");
} else {
  failed += 1;
}

console.log(`\n━━ summary ━━\n${lines.join("\n")}`);
if (failures.length) console.log(`failed tests:\n${failures.map((f) => `  ✗ ${f}`).join("\n")}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(failed === 0 ? 0 : 1);
