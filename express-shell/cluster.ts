// Opt-in: WEB_CONCURRENCY=N runs N copies of the server (node:cluster) sharing one port, so a rendered
// page can use more than one core (docs/decisions/0018-performance.md). PostgreSQL only: PGlite is one
// process's database; on PostgreSQL every process migrates under the same advisory lock, LISTENs for
// live updates and hears the others' NOTIFYs (sign-outs too, for the session cache). Per-process
// things multiply: the rate limiters' counts and the live-stream cap per person are each process's own.
import cluster from "node:cluster";
import { configOrExit } from "../app/server/env.server.ts";

/** Whether this process is the primary of a cluster (it forks and supervises; workers serve). */
export function startCluster(): boolean {
  if (!cluster.isPrimary) return false;
  // The whole configuration, validated here first: a wrong value stops with the one line naming it.
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
