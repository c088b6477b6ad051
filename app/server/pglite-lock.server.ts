import { closeSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import os from "node:os";

// PGlite takes no lock of its own, and a second opener silently reads stale data: a marker file beside
// the folder makes it fail with a message naming the holder.

export class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
}

type Holder = { pid: number; host: string; since: string };

const heldHere = new Set<string>();

function readHolder(file: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, "utf8")) as Partial<Holder>;
    return typeof holder.pid === "number"
      ? { pid: holder.pid, host: String(holder.host ?? ""), since: String(holder.since ?? "") }
      : undefined;
  } catch {
    return undefined; // unreadable or half-written: treated as stale
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A lock whose process no longer runs (including a restarted container's same pid) is taken over. */
export function lockPgliteFolder(folder: string): () => void {
  const file = `${folder}.lock`;
  if (heldHere.has(file)) {
    throw new DatabaseInUseError(`The embedded database ${folder} is already open in this process.`);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(file, "wx");
      try {
        const holder: Holder = { pid: process.pid, host: os.hostname(), since: new Date().toISOString() };
        writeSync(fd, `${JSON.stringify(holder)}\n`);
      } finally {
        closeSync(fd);
      }
      heldHere.add(file);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        heldHere.delete(file);
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = readHolder(file);
      const held =
        holder !== undefined &&
        holder.pid !== process.pid &&
        holder.host === os.hostname() &&
        isRunning(holder.pid);
      if (held) {
        throw new DatabaseInUseError(
          `The embedded database ${folder} is in use by process ${holder.pid} (since ${holder.since}). ` +
            "A PGlite folder can be open in one process only: stop the server first.",
        );
      }
      rmSync(file, { force: true }); // stale: its process is gone
    }
  }
  throw new DatabaseInUseError(`Could not lock the embedded database ${folder} (${file}).`);
}
