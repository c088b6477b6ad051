// Builds the app (react-router build) when its sources are newer than build/server/index.js
// ($BUILD_DIR instead of build/ when set, as react-router.config.ts does).
// Shared by `npm start`, `npm run backup` and `npm run restore`.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const serverBuildFile = path.resolve(root, process.env.BUILD_DIR || "build", "server", "index.js");
const SOURCES = ["app", "public", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/**
 * Runs the build if needed; exits the process when the build fails. `quiet` sends the build's
 * output to stderr, so a tool's stdout holds only its own result line.
 */
export function buildIfNeeded({ quiet = false } = {}) {
  // SKIP_BUILD=1 runs the build as it is (the system tests test the build they were given).
  if (process.env.SKIP_BUILD === "1") return;
  const builtAt = existsSync(serverBuildFile) ? statSync(serverBuildFile).mtimeMs : 0;
  const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
  if (builtAt >= sourcesAt) return;
  const say = quiet ? console.error : console.log;
  say(builtAt ? "Sources changed: rebuilding…" : "No build yet: building…");
  const cli = path.join(root, "node_modules", ".bin", "react-router");
  const stdio = quiet ? ["inherit", process.stderr.fd, process.stderr.fd] : "inherit";
  const result = spawnSync(cli, ["build"], { cwd: root, stdio });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
