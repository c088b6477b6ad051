// What the benchmark scripts share: where the build is, Node 24 to run the server, a free port, a
// pause, and one statement on the PostgreSQL server.
import { existsSync, realpathSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import pg from "pg";

export const root = path.resolve(import.meta.dirname, "..");
export const buildDir = path.resolve(root, process.env.BUILD_DIR || "build");
export const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";

/** Stops the script unless the app has been built (into `$BUILD_DIR`, else build/). */
export function requireBuild() {
  if (existsSync(path.join(buildDir, "server", "index.js"))) return;
  console.error(`No build in ${buildDir}: run \`npx react-router build\` first.`);
  process.exit(1);
}

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Node 24 runs express-shell/main.ts by type stripping; the machine's own Node may be older. */
export const nodeBinary =
  Number(process.versions.node.split(".")[0]) >= 24
    ? process.execPath
    : realpathSync(path.join(root, "node_modules", ".bin", "node"));

/** A TCP port that was free a moment ago on 127.0.0.1. */
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

/** One statement on its own connection. */
export async function adminQuery(url, text, values) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, values);
  } finally {
    await client.end();
  }
}

/** The environment a benchmarked server runs with: production, quiet, limits lifted for the load. */
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
