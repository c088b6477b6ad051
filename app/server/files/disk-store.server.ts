import { createWriteStream } from "node:fs";
import { mkdir, open, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { FileNotFoundError } from "./errors.server";
import { type Backend, checkedKey, createFileStore, type FileStore, type StoredEntry } from "./store.server";

// Files on local disk under DATA_DIR/files: an upload is written to tmp/<key>, flushed to disk, then renamed
// into objects/<key> (one atomic step on one file system), so objects/ only ever holds complete files.

export function diskFileStore(dataDir: string): FileStore {
  const root = path.resolve(dataDir, "files");
  const objects = path.join(root, "objects");
  const temporary = path.join(root, "tmp");
  let ready: Promise<unknown> | undefined;
  const folders = () => {
    ready ??= Promise.all([mkdir(objects, { recursive: true }), mkdir(temporary, { recursive: true })]);
    return ready;
  };

  const backend: Backend = {
    kind: "disk",
    begin(key) {
      const tmpPath = path.join(temporary, key);
      return {
        async write(body) {
          await folders();
          // `flush`: fsync before close, so a crash after the rename cannot leave an empty file.
          await pipeline(body, createWriteStream(tmpPath, { flags: "wx", mode: 0o600, flush: true }));
        },
        async commit() {
          await rename(tmpPath, path.join(objects, key));
          await syncFolder(objects);
        },
        discard: () => rm(tmpPath, { force: true }),
      };
    },
    async read(key) {
      const file = path.join(objects, checkedKey(key));
      try {
        // Opened first: a delete after this point no longer affects what is being sent.
        const handle = await open(file, "r");
        const { size } = await handle.stat().catch(async (error: unknown) => {
          await handle.close();
          throw error;
        });
        return { body: handle.createReadStream(), size };
      } catch (error) {
        if (isMissing(error)) throw new FileNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await rm(path.join(objects, checkedKey(key)), { force: true });
    },
    async *entries(): AsyncIterable<StoredEntry> {
      await folders();
      yield* listFolder(objects, (name) => name);
      yield* listFolder(temporary, () => null);
    },
    close() {},
  };
  return createFileStore(backend);
}

async function* listFolder(folder: string, keyOf: (name: string) => string | null) {
  for (const name of await readdir(folder)) {
    const file = path.join(folder, name);
    const info = await stat(file).catch((error: unknown) => {
      if (isMissing(error)) return null; // removed meanwhile (a commit renamed it, another sweep)
      throw error;
    });
    if (!info?.isFile()) continue;
    yield { key: keyOf(name), modifiedAt: info.mtime, remove: () => rm(file, { force: true }) };
  }
}

/** The rename itself survives a power cut only once the folder is flushed. */
async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | null)?.code === "ENOENT";
}
