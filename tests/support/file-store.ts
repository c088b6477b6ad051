import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import { diskFileStore } from "~/server/files/disk-store.server";
import type { FileStore } from "~/server/files/store.server";

/**
 * A disk file store in a new temporary folder for the calling test file, removed after it; a getter,
 * like databaseForFile. `objects()` lists the stored keys, so a test can see what is really on disk.
 */
export function fileStoreForFile(): { store(): FileStore; objects(): Promise<string[]> } {
  let dataDir: string | undefined;
  let store: FileStore | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), "files-model-"));
    store = diskFileStore(dataDir);
  });
  afterAll(async () => {
    store?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  return {
    store() {
      if (!store) throw new Error("the test file's store opens in beforeAll");
      return store;
    },
    async objects() {
      if (!dataDir) throw new Error("the test file's store opens in beforeAll");
      return (await readdir(path.join(dataDir, "files", "objects")).catch(() => [])).sort();
    },
  };
}
