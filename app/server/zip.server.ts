import type { Readable } from "node:stream";
import { finished } from "node:stream/promises";
import * as yauzl from "yauzl";
import { ZipFile } from "yazl";
import { logger } from "./logger.server";

// ZIP archives for a person's data export and for backups (docs/decisions/0043-file-storage.md): written with
// yazl and read with yauzl, streamed both ways, so a file's bytes pass through and are never held whole.

export type ZipWriter = {
  /**
   * Adds `body` as it is (stored, not compressed: PDFs, DOCX and images are compressed already) and resolves
   * once the archive has read all of it, so the caller opens one source at a time. `size` is checked.
   */
  addStream(path: string, body: Readable, options: { size: number; mtime?: Date }): Promise<void>;
  /** A small entry made here (JSON), compressed. */
  addBuffer(path: string, data: Buffer, options?: { mtime?: Date }): void;
};

/**
 * The archive, produced as `fill` adds entries and ended when it resolves. A failure of `fill` or of the
 * archive destroys the output with that error; the output closing early (a download cancelled) destroys the
 * stream being added, so `fill` stops there.
 */
export function zipStream(fill: (zip: ZipWriter) => Promise<void>): Readable {
  const zip = new ZipFile();
  const output = zip.outputStream as Readable;
  let reading: Readable | undefined;
  output.once("close", () => reading?.destroy());
  zip.on("error", (error: Error) => output.destroy(error));
  const writer: ZipWriter = {
    async addStream(path, body, { size, mtime }) {
      if (output.destroyed) {
        body.destroy();
        throw new Error("the archive was closed");
      }
      reading = body;
      zip.addReadStream(body, path, { compress: false, size, mtime });
      try {
        await finished(body);
      } finally {
        reading = undefined;
      }
    },
    addBuffer(path, data, options) {
      zip.addBuffer(data, path, { mtime: options?.mtime });
    },
  };
  fill(writer).then(
    () => zip.end(),
    (error: unknown) => {
      // A reader that went away is not a failure worth a log line; anything else is.
      if (!output.destroyed) logger.error({ err: error }, "a ZIP archive stopped half-way");
      output.destroy(error as Error);
    },
  );
  return output;
}

export type ZipReader = {
  /** Entry names and their sizes, from the archive's central directory. */
  readonly sizes: ReadonlyMap<string, number>;
  /** The entry's bytes, decompressed; rejects for a name not in the archive. */
  open(path: string): Promise<Readable>;
  close(): void;
};

/** Opens an archive on disk for reading its entries in any order. */
export async function openZip(file: string): Promise<ZipReader> {
  const zip = await yauzl.openPromise(file, { lazyEntries: true, autoClose: false });
  const entries = new Map<string, yauzl.Entry>();
  try {
    for await (const entry of zip.eachEntry()) entries.set(entry.fileName, entry);
  } catch (error) {
    zip.close();
    throw error;
  }
  return {
    sizes: new Map([...entries].map(([name, entry]) => [name, entry.uncompressedSize])),
    async open(path) {
      const entry = entries.get(path);
      if (!entry) throw new Error(`${path} is not in the archive`);
      return zip.openReadStreamPromise(entry);
    },
    close: () => zip.close(),
  };
}
