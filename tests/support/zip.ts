import type { Readable } from "node:stream";
import * as yauzl from "yauzl";

/** Every entry of a ZIP archive by name, read with yauzl (another library than the one that writes them). */
export async function readZip(archive: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(archive, { lazyEntries: true });
  const entries = new Map<string, Buffer>();
  for await (const entry of zip.eachEntry()) {
    entries.set(entry.fileName, await bytesOf(await zip.openReadStreamPromise(entry)));
  }
  return entries;
}

export async function bytesOf(body: Readable | AsyncIterable<Uint8Array>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}
