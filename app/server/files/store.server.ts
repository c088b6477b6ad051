import { createHash, randomUUID } from "node:crypto";
import { pipeline, Readable, Transform } from "node:stream";
import { type AcceptedFileType, fileTooLargeMessage } from "~/lib/files";
import { FileNotFoundError, FileRefusedError } from "./errors.server";
import { sniffType } from "./sniff.server";

// One upload path for every backend (docs/decisions/0043-file-storage.md): the bytes are counted, hashed and
// typed while they stream to a temporary place, and committed under their key only when all three pass.
// A backend says only how to write, commit, read, delete and list.

export type StoredFile = { key: string; size: number; sha256: string; type: AcceptedFileType };

export type PutLimits = {
  /** The caller's bound: FILE_MAX_BYTES, or less when the person's quota has less room left. */
  maxBytes: number;
  /** Shown when the bound is passed; by default, the per-file limit's message. */
  tooLargeMessage?: string;
};

export type FileBody = Readable | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** A stored object, or a temporary one left by an upload, as the sweep sees it (sweep.server.ts). */
export type StoredEntry = {
  /** Null for a temporary object, which has no key yet. */
  key: string | null;
  modifiedAt: Date;
  remove(): Promise<void>;
};

export interface FileStore {
  readonly kind: "disk" | "s3";
  /**
   * Streams `body` in; rejects with FileRefusedError (too large, wrong type) leaving nothing stored. The key
   * is new and random unless given: a restore puts each file back under the key its row names.
   */
  put(body: FileBody, limits: PutLimits, options?: { key?: string }): Promise<StoredFile>;
  /** Rejects with FileNotFoundError for an unknown key. */
  read(key: string): Promise<{ body: Readable; size: number }>;
  /** Idempotent: deleting a missing key succeeds. */
  delete(key: string): Promise<void>;
  /** Every stored and temporary object, for the sweep. */
  entries(): AsyncIterable<StoredEntry>;
  /** Lets go of connections (S3); the store is not used after. */
  close(): void;
}

/** What a backend does with one upload: write to a temporary place, then commit or discard. */
export type PendingWrite = {
  write(body: Readable): Promise<void>;
  commit(): Promise<void>;
  discard(): Promise<void>;
};

export type Backend = Omit<FileStore, "put"> & { begin(key: string): PendingWrite };

// Keys are ours, never a person's words: a random UUID, which also keeps paths and object names plain.
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isFileKey(key: string): boolean {
  return KEY.test(key);
}

/** Refuses a key this store could not have made before it reaches a path or a request. */
export function checkedKey(key: string): string {
  if (!isFileKey(key)) throw new FileNotFoundError(key);
  return key;
}

export function createFileStore(backend: Backend): FileStore {
  return {
    kind: backend.kind,
    read: (key) => backend.read(key),
    delete: (key) => backend.delete(key),
    entries: () => backend.entries(),
    close: () => backend.close(),
    async put(body, limits, options) {
      const key = options?.key === undefined ? randomUUID() : checkedKey(options.key);
      const pending = backend.begin(key);
      const meter = measure(limits);
      const sniffer = sniffType();
      let settle: (error: Error | null | undefined) => void = () => {};
      const piped = new Promise<Error | null | undefined>((resolve) => {
        settle = resolve;
      });
      const checked = pipeline(toReadable(body), meter.stream, sniffer.stream, (error) => settle(error));
      try {
        await pending.write(checked);
        const failure = await piped;
        if (failure) throw failure;
        const type = await sniffer.type;
        await pending.commit();
        return { key, size: meter.size(), sha256: meter.sha256(), type };
      } catch (error) {
        checked.destroy();
        const failure = await piped;
        // Best effort: what a failed discard leaves has no row, and the sweep removes it.
        await pending.discard().catch(() => undefined);
        // A backend's own failure to abort (some S3-compatible servers) must not hide why the upload stopped.
        throw failure instanceof FileRefusedError ? failure : error;
      }
    },
  };
}

function toReadable(body: FileBody): Readable {
  if (body instanceof Readable) return body;
  if (body instanceof ReadableStream)
    return Readable.fromWeb(body as import("node:stream/web").ReadableStream);
  return Readable.from(body);
}

function measure(limits: PutLimits) {
  const hash = createHash("sha256");
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limits.maxBytes) {
        const message = limits.tooLargeMessage ?? fileTooLargeMessage(limits.maxBytes);
        return callback(new FileRefusedError("too-large", message));
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  return { stream, size: () => size, sha256: () => hash.digest("hex") };
}
