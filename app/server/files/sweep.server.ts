import type { FileStore } from "./store.server";

// Keeps the store and the database in agreement after a crash (docs/decisions/0043-file-storage.md):
// removes what an interrupted upload left in the temporary place, and stored objects no row names.
// Anything younger than `graceMs` stays: an upload may still be streaming, or its row not yet written.

export type SweepOptions = {
  /** Whether a row names this key; asked only about objects older than the grace period. */
  isKnown(key: string): boolean | Promise<boolean>;
  graceMs?: number;
  now?: Date;
};

export type SweepReport = { removedTemporary: number; removedOrphans: number; kept: number };

/** An hour: far longer than the slowest upload of the largest file, far shorter than anyone would notice. */
export const SWEEP_GRACE_MS = 60 * 60 * 1000;

export async function sweepFiles(store: FileStore, options: SweepOptions): Promise<SweepReport> {
  const cutoff = (options.now ?? new Date()).getTime() - (options.graceMs ?? SWEEP_GRACE_MS);
  const report: SweepReport = { removedTemporary: 0, removedOrphans: 0, kept: 0 };
  for await (const entry of store.entries()) {
    if (entry.modifiedAt.getTime() > cutoff) {
      report.kept += 1;
    } else if (entry.key === null) {
      await entry.remove();
      report.removedTemporary += 1;
    } else if (!(await options.isKnown(entry.key))) {
      await entry.remove();
      report.removedOrphans += 1;
    } else {
      report.kept += 1;
    }
  }
  return report;
}

export type FileSweeper = { stop(): Promise<void> };

/**
 * Sweeps a minute after start, then every `everyMs`; timers are unref'd so they never hold the process
 * open, and `stop` waits for a sweep under way. A failed sweep is logged and tried again next time.
 */
export function startFileSweep(
  store: FileStore,
  options: SweepOptions & {
    everyMs?: number;
    firstAfterMs?: number;
    onError?(error: unknown): void;
    onReport?(report: SweepReport): void;
  },
): FileSweeper {
  const everyMs = options.everyMs ?? SWEEP_GRACE_MS;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = sweepFiles(store, { isKnown: options.isKnown, graceMs: options.graceMs })
        .then(
          (report) => options.onReport?.(report),
          (error: unknown) => options.onError?.(error),
        )
        .finally(() => {
          running = undefined;
          schedule(everyMs);
        });
    }, delay);
    timer.unref();
  };
  schedule(options.firstAfterMs ?? 60_000);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
