import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, realpathSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { newestMtime } from "../../scripts/build-if-needed.mjs";

// The real built server as a child process; every child is tracked so `stopAllServers()` (or a last-resort
// exit hook) kills whatever is left.

export const repoRoot = path.resolve(import.meta.dirname, "..", "..");
export const buildDir = path.resolve(repoRoot, process.env.BUILD_DIR || "build");
export const serverBuildFile = path.join(buildDir, "server", "index.js");
const serverEntry = path.join(repoRoot, "express-shell", "main.ts");

/** Everything else is set explicitly. */
const INHERITED = ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "TZ", "SYSTEMROOT"];

export type Env = Record<string, string | undefined>;

/** A public site's settings with a provider that is never asked: enough to refuse developer doors. */
export const PUBLIC_SITE_ENV: Env = {
  PUBLIC_ORIGIN: "https://coach.example",
  AUTH_OIDC_ISSUER: "https://accounts.provider.example/tenant",
  AUTH_OIDC_CLIENT_ID: "client",
  AUTH_OIDC_CLIENT_SECRET: "secret",
  SESSION_SECRET: "system-test-session-secret-0123456789",
};
export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type RunningServer = {
  url: string;
  port: number;
  dataDir: string;
  process: ChildProcess;
  logs(): string;
  stdout(): string;
  stderr(): string;
  stop(signal?: NodeJS.Signals): Promise<Exit>;
  exited: Promise<Exit>;
};

const children = new Set<ChildProcess>();
const tempDirs = new Set<string>();

process.once("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/** Node 24 runs express-shell/main.ts by type stripping; the test runner may be on an older Node. */
export function nodeBinary(): string {
  const major = Number(process.versions.node.split(".")[0]);
  if (major >= 24) return process.execPath;
  const local = path.join(repoRoot, "node_modules", ".bin", "node");
  if (!existsSync(local))
    throw new Error(`Node 24 is needed to run express-shell/main.ts; ${local} is missing`);
  return realpathSync(local);
}

const BUILD_SOURCES = ["app", "public", "react-router.config.ts", "vite.config.ts"];
let warnedStale = false;

export function assertBuilt(): void {
  if (!existsSync(serverBuildFile)) {
    throw new Error(
      `No build at ${path.relative(repoRoot, serverBuildFile)}: run \`npx react-router build\` (with the same BUILD_DIR) before the system tests.`,
    );
  }
  if (warnedStale) return;
  const builtAt = statSync(serverBuildFile).mtimeMs;
  const changed = BUILD_SOURCES.filter((source) => newestMtime(path.join(repoRoot, source)) > builtAt);
  if (changed.length > 0) {
    warnedStale = true;
    console.log(
      `Note: ${changed.join(", ")} changed after the build; the system tests run the old build. ` +
        "Run `npx react-router build` to test the current sources.",
    );
  }
}

export function freeLocalPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no port assigned"))));
    });
  });
}

export function freshDataDir(prefix = "coach-system-"): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.add(dir);
  return dir;
}

function childEnv(overrides: Env): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const name of INHERITED) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  env.BUILD_DIR = buildDir;
  for (const [name, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }
  return env;
}

/** A production server on 127.0.0.1:`port` keeping its data in `dataDir`, with `env` on top. */
function serverEnv(port: number, dataDir: string, env: Env = {}): NodeJS.ProcessEnv {
  return childEnv({
    NODE_ENV: "production",
    LOG_LEVEL: "info",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATA_DIR: dataDir,
    ...env,
  });
}

type Spawned = {
  child: ChildProcess;
  exited: Promise<Exit>;
  logs(): string;
  stdout(): string;
  stderr(): string;
};

function spawnServer(env: NodeJS.ProcessEnv): Spawned {
  assertBuilt();
  const child = spawn(nodeBinary(), [serverEntry], { cwd: repoRoot, env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let all = "";
  let out = "";
  let err = "";
  child.stdout?.setEncoding("utf8").on("data", (chunk: string) => {
    out += chunk;
    all += chunk;
  });
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    err += chunk;
    all += chunk;
  });
  const exited = new Promise<Exit>((resolve) => {
    // "close" waits for the output streams too, so logs() is complete.
    child.once("close", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
    child.once("error", () => {
      children.delete(child);
      resolve({ code: null, signal: null });
    });
  });
  return { child, exited, logs: () => all, stdout: () => out, stderr: () => err };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function stopChild(spawned: Spawned, signal: NodeJS.Signals, graceMs: number): Promise<Exit> {
  const { child, exited } = spawned;
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
  try {
    return await exited;
  } finally {
    clearTimeout(timer);
  }
}

export type StartOptions = {
  env?: Env;
  dataDir?: string;
  timeoutMs?: number;
};

/** Resolves once /healthz answers at all; rejects with the output if it exits or times out. */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const port = await freeLocalPort();
  const dataDir = options.dataDir ?? freshDataDir();
  // The limits themselves are proven in rate-limit.test.ts.
  const spawned = spawnServer(serverEnv(port, dataDir, { MUTATION_RATE_LIMIT: "100000", ...options.env }));
  const url = `http://127.0.0.1:${port}`;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadline = Date.now() + timeoutMs;
  let exit: Exit | undefined;
  void spawned.exited.then((value) => {
    exit = value;
  });

  while (true) {
    if (exit) {
      throw new Error(
        `The server exited before answering /healthz (code ${exit.code}, signal ${exit.signal}). Output:\n${spawned.logs()}`,
      );
    }
    if (Date.now() > deadline) {
      await stopChild(spawned, "SIGKILL", 1_000);
      throw new Error(
        `The server did not answer /healthz within ${timeoutMs} ms. Output:\n${spawned.logs()}`,
      );
    }
    try {
      const response = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      break;
    } catch {
      await sleep(100);
    }
  }

  return {
    url,
    port,
    dataDir,
    process: spawned.child,
    logs: spawned.logs,
    stdout: spawned.stdout,
    stderr: spawned.stderr,
    exited: spawned.exited,
    stop: (signal = "SIGTERM") => stopChild(spawned, signal, 20_000),
  };
}

export async function runServerExpectingExit(
  env: Env,
  timeoutMs = 30_000,
): Promise<{
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}> {
  const spawned = spawnServer(serverEnv(await freeLocalPort(), freshDataDir(), env));
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    spawned.child.kill("SIGKILL");
  }, timeoutMs);
  const exit = await spawned.exited;
  clearTimeout(timer);
  if (timedOut) {
    throw new Error(`The server was still running after ${timeoutMs} ms. Output:\n${spawned.logs()}`);
  }
  return { ...exit, stdout: spawned.stdout(), stderr: spawned.stderr() };
}

/** In afterEach pass `{ keepDirs: true }` if a later test reuses a folder. */
export async function stopAllServers({ keepDirs = false } = {}): Promise<void> {
  await Promise.all(
    [...children].map(
      (child) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          child.once("close", () => resolve());
          child.kill("SIGKILL");
        }),
    ),
  );
  children.clear();
  if (keepDirs) return;
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  tempDirs.clear();
}

export function jsonLines(text: string): Record<string, unknown>[] {
  const lines: Record<string, unknown>[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim().startsWith("{")) continue;
    try {
      lines.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // a partial line still being written
    }
  }
  return lines;
}

/** The request log lines of `server` whose answer was a 5xx (none, when every error was ours to refuse). */
export function serverErrors(server: Pick<RunningServer, "stdout">): Record<string, unknown>[] {
  return jsonLines(server.stdout()).filter((line) => typeof line.status === "number" && line.status >= 500);
}

export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 10_000, intervalMs = 100, what = "condition" } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  while (Date.now() <= deadline) {
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    await sleep(intervalMs);
  }
  throw new Error(
    `Timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${String(lastError)})` : ""}`,
  );
}

export async function health(baseUrl: string): Promise<{ status: number; body: unknown; text: string }> {
  const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, body, text: `/healthz ${response.status}: ${text.slice(0, 2_000)}` };
}
