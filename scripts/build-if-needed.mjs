// Builds the app when its sources are newer than the build; shared by `npm start`, backup and restore.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "..");
export const serverBuildFile = path.resolve(root, process.env.BUILD_DIR || "build", "server", "index.js");
const SOURCES = ["app", "public", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

/** The newest modification time of `target` or anything below it (0 when it does not exist). */
export function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

/** `quiet` sends the build's output to stderr, so stdout holds only the tool's result. */
export function buildIfNeeded({ quiet = false } = {}) {
  // The system tests test the build they were given.
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
