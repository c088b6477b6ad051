import type { Config } from "../env.server";
import { diskFileStore } from "./disk-store.server";
import { s3FileStore } from "./s3-store.server";
import type { FileStore } from "./store.server";

/** S3 when the S3_* settings are given, else local disk under DATA_DIR (docs/decisions/0043-file-storage.md). */
export function openFileStore(config: Pick<Config, "dataDir" | "files">): FileStore {
  return config.files.s3 ? s3FileStore(config.files.s3) : diskFileStore(config.dataDir);
}
