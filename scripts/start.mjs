// `npm start`: build when the sources are newer than the build, then run the server.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const builtFile = path.join(root, "build", "server", "index.js");
const SOURCES = ["app", "public", "react-router.config.ts", "vite.config.ts", "package-lock.json"];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, name)));
  return newest;
}

const builtAt = existsSync(builtFile) ? statSync(builtFile).mtimeMs : 0;
const sourcesAt = Math.max(...SOURCES.map((s) => newestMtime(path.join(root, s))));
if (builtAt < sourcesAt) {
  console.log(builtAt ? "Sources changed: rebuilding…" : "No build yet: building…");
  const cli = path.join(root, "node_modules", ".bin", "react-router");
  const result = spawnSync(cli, ["build"], { cwd: root, stdio: "inherit" });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// Same process, so signals (SIGTERM, Ctrl-C) reach the server's graceful shutdown directly.
process.env.NODE_ENV ??= "production";
await import("../server/main.ts");
