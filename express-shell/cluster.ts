// Opt-in WEB_CONCURRENCY=N (PostgreSQL only; docs/decisions/0018-performance.md). Rate-limit counts and
// the live-stream cap per person are each process's own.
import cluster from "node:cluster";
import { configOrExit } from "../app/server/env.server.ts";

/** True in the primary, which forks and supervises; workers serve. */
export function startCluster(): boolean {
  if (!cluster.isPrimary) return false;
  const { webConcurrency: workers, databaseUrl } = configOrExit();
  if (workers === 1) return false;
  if (!databaseUrl) {
    console.warn("WEB_CONCURRENCY needs DATABASE_URL (PGlite is one process only): running one process.");
    return false;
  }
  let stopping = false;
  const startedAt = new Map<number, number>();
  const fork = () => startedAt.set(cluster.fork().id, Date.now());
  for (let i = 0; i < workers; i += 1) fork();
  cluster.on("exit", (worker, code, signal) => {
    const left = Object.keys(cluster.workers ?? {}).length;
    if (stopping) {
      if (left === 0) process.exit(process.exitCode ?? 0);
      return;
    }
    if (Date.now() - (startedAt.get(worker.id) ?? 0) < 10_000) {
      // Died while starting (bad configuration, no database): the others would too.
      console.error(`a worker exited during start-up (${signal ?? code}): stopping`);
      process.exitCode = 1;
      stop("SIGTERM");
      if (left === 0) process.exit(1);
      return;
    }
    console.error(`a worker exited (${signal ?? code}): starting another`);
    fork();
  });
  function stop(signal: NodeJS.Signals) {
    if (stopping) return;
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  }
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return true;
}
