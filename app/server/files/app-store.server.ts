import { getConfig } from "../env.server";
import { openFileStore } from "./open.server";
import type { FileStore } from "./store.server";

// The process's one file store, opened on first use from the settings (disk or S3) and closed at shutdown
// by app/server/lifecycle.server.ts.

let current: FileStore | undefined;

export function getFileStore(): FileStore {
  current ??= openFileStore(getConfig());
  return current;
}

export function closeFileStore(): void {
  current?.close();
  current = undefined;
}

/** FILE_MAX_BYTES and FILE_QUOTA_BYTES. */
export function fileLimits(): FileLimits {
  const { maxBytes, quotaBytes } = getConfig().files;
  return { maxBytes, quotaBytes };
}

export type FileLimits = { maxBytes: number; quotaBytes: number };
