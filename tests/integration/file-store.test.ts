import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { FILE_TYPE_REFUSED, fileTooLargeMessage } from "~/lib/files";
import { parseConfig } from "~/server/env.server";
import { diskFileStore } from "~/server/files/disk-store.server";
import { FileNotFoundError, FileRefusedError } from "~/server/files/errors.server";
import { openFileStore } from "~/server/files/open.server";
import { s3FileStore } from "~/server/files/s3-store.server";
import type { FileStore } from "~/server/files/store.server";
import { sweepFiles } from "~/server/files/sweep.server";
import { startS3, type TestS3 } from "../support/s3";
import { docx, jpeg, noise, pdf, png, zip } from "../support/sample-files";

// One contract, two stores: local disk, and S3 through the official SDK against a real S3-compatible server
// on loopback (docs/decisions/0043-file-storage.md).

const MB = 1024 * 1024;
const LIMITS = { maxBytes: 20 * MB };

type Subject = { store: FileStore; close(): Promise<void> };

const subjects: Record<"disk" | "s3", () => Promise<Subject>> = {
  async disk() {
    const dataDir = await mkdtemp(path.join(tmpdir(), "files-"));
    const store = diskFileStore(dataDir);
    return { store, close: () => rm(dataDir, { recursive: true, force: true }) };
  },
  async s3() {
    const server: TestS3 = await startS3();
    const store = s3FileStore(server.config);
    return {
      store,
      async close() {
        store.close();
        await server.close();
      },
    };
  },
};

async function bytesOf(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function everything(store: FileStore) {
  const found: { key: string | null; modifiedAt: Date }[] = [];
  for await (const { key, modifiedAt } of store.entries()) found.push({ key, modifiedAt });
  return found;
}

/** `head`, then noise in 64 KB chunks up to `total` bytes, made as they are read; `sent` counts them. */
function generated(head: Buffer, total: number, { stallAfter = Number.POSITIVE_INFINITY } = {}) {
  const counter = { sent: 0 };
  const block = noise(64 * 1024);
  const stream = new Readable({
    read() {
      if (counter.sent >= stallAfter) return; // a person's upload that stopped moving
      if (counter.sent >= total) return void this.push(null);
      const next = counter.sent === 0 ? head : block;
      counter.sent += next.length;
      this.push(next);
    },
  });
  return { stream, counter };
}

const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

describe.each(["disk", "s3"] as const)("the %s store", (kind) => {
  let subject: Subject;
  let store: FileStore;
  beforeAll(async () => {
    subject = await subjects[kind]();
    store = subject.store;
  });
  afterAll(() => subject.close());

  async function expectEmpty() {
    expect(await everything(store)).toEqual([]);
  }

  async function refusedWith(promise: Promise<unknown>): Promise<FileRefusedError> {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(FileRefusedError);
    return error as FileRefusedError;
  }

  test("each accepted type goes in and comes back byte for byte, with its size, hash and type", async () => {
    const samples = [
      [pdf(1000), "application/pdf"],
      [docx(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
      [png(1000), "image/png"],
      [jpeg(1000), "image/jpeg"],
      // Larger than one S3 part: a multipart upload.
      [pdf(12 * MB), "application/pdf"],
    ] as const;
    for (const [bytes, type] of samples) {
      const stored = await store.put(Readable.from([bytes]), LIMITS);
      expect(stored).toEqual({ key: expect.any(String), size: bytes.length, sha256: sha256(bytes), type });
      const { body, size } = await store.read(stored.key);
      expect(size).toBe(bytes.length);
      expect(sha256(await bytesOf(body))).toBe(sha256(bytes));
      await store.delete(stored.key);
    }
    await expectEmpty();
  });

  test("a web stream (a Request's body) is taken as well", async () => {
    const bytes = png(5000);
    const stored = await store.put(new Blob([new Uint8Array(bytes)]).stream(), LIMITS);
    expect(stored.size).toBe(bytes.length);
    await store.delete(stored.key);
  });

  test("an upload past the limit is cut off while streaming and leaves nothing", async () => {
    // What a 2 GB upload would send; it is made only as fast as it is read.
    const { stream, counter } = generated(pdf(), 2 * 1024 * MB);
    const error = await refusedWith(store.put(stream, { maxBytes: 6 * MB }));
    expect(error.reason).toBe("too-large");
    expect(error.message).toBe(fileTooLargeMessage(6 * MB));
    expect(counter.sent).toBeLessThan(6 * MB + 2 * MB);
    await expectEmpty();
    // The caller may word it for a quota.
    const quota = await refusedWith(
      store.put(Readable.from([pdf(5000)]), { maxBytes: 4000, tooLargeMessage: "Your files are full." }),
    );
    expect(quota.message).toBe("Your files are full.");
    await expectEmpty();
  });

  test("a file of another type is refused and leaves nothing, whatever it is called", async () => {
    for (const bytes of [
      Buffer.from("<!doctype html><title>x</title><script>alert(1)</script>"),
      zip([{ name: "cv.pdf", data: pdf() }]),
      Buffer.alloc(0),
    ]) {
      const error = await refusedWith(store.put(Readable.from([bytes]), LIMITS));
      expect(error).toMatchObject({ reason: "type", message: FILE_TYPE_REFUSED });
    }
    // A ZIP large enough to be read to its end, past one S3 part.
    const big = zip([{ name: "video.bin", data: noise(7 * MB) }]);
    expect((await refusedWith(store.put(Readable.from([big]), LIMITS))).reason).toBe("type");
    await expectEmpty();
  });

  test("a deleted file is gone; deleting again is fine; a key this store never made is not found", async () => {
    const stored = await store.put(Readable.from([pdf()]), LIMITS);
    await store.delete(stored.key);
    await expect(store.read(stored.key)).rejects.toBeInstanceOf(FileNotFoundError);
    await store.delete(stored.key);
    for (const key of ["../../etc/passwd", "", "files/x", stored.key.toUpperCase()]) {
      await expect(store.read(key)).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(store.delete(key)).rejects.toBeInstanceOf(FileNotFoundError);
    }
    await expectEmpty();
  });

  test("an upload cut off half-way leaves nothing once swept; the sweep spares young and known files", async () => {
    const known = await store.put(Readable.from([pdf()]), LIMITS);
    const orphan = await store.put(Readable.from([png()]), LIMITS);
    // Past one S3 part, then the upload stops moving.
    const { stream, counter } = generated(pdf(), 20 * MB, { stallAfter: 7 * MB });
    const upload = store.put(stream, LIMITS).then(
      () => "stored",
      () => "failed",
    );
    await vi.waitFor(() => expect(counter.sent).toBeGreaterThanOrEqual(7 * MB), { timeout: 20_000 });
    const isKnown = (key: string) => key === known.key;

    // Everything is younger than the grace period: nothing goes.
    const early = await sweepFiles(store, { isKnown });
    expect(early).toMatchObject({ removedTemporary: 0, removedOrphans: 0 });

    // Later (as if the process had died an hour ago): the orphan and any temporary leftover go.
    const later = await sweepFiles(store, { isKnown, now: new Date(Date.now() + 2 * 60 * 60 * 1000) });
    expect(later.removedOrphans).toBe(1);
    // On S3 the unfinished upload is a multipart upload, never an object (the bucket's lifecycle rule ends it).
    expect(later.removedTemporary).toBe(kind === "disk" ? 1 : 0);
    expect((await everything(store)).map((entry) => entry.key)).toEqual([known.key]);

    stream.destroy(new Error("the person closed the page"));
    expect(await upload).toBe("failed");
    expect((await everything(store)).map((entry) => entry.key)).toEqual([known.key]);
    await expect(store.read(orphan.key)).rejects.toBeInstanceOf(FileNotFoundError);
    await store.delete(known.key);
    await expectEmpty();
  });

  test("concurrent uploads each keep their own bytes under their own key", async () => {
    const files = Array.from({ length: 8 }, (_, i) => (i % 2 ? png(10_000 + i) : pdf(20_000 + i)));
    const stored = await Promise.all(files.map((bytes) => store.put(Readable.from([bytes]), LIMITS)));
    expect(new Set(stored.map((s) => s.key)).size).toBe(files.length);
    for (const [i, s] of stored.entries()) {
      expect(sha256(await bytesOf((await store.read(s.key)).body))).toBe(sha256(files[i] as Buffer));
    }
    const keys = (await everything(store)).map((entry) => entry.key).sort();
    expect(keys).toEqual(stored.map((s) => s.key).sort());
    await Promise.all(stored.map((s) => store.delete(s.key)));
    await expectEmpty();
  });
});

test("the configuration picks the store: disk under DATA_DIR with none, S3 with the four settings", async () => {
  const dataDir = await mkdtemp(path.join(tmpdir(), "files-"));
  const disk = openFileStore(parseConfig({ DATA_DIR: dataDir }));
  expect(disk.kind).toBe("disk");
  const server = await startS3();
  const { bucket, region, endpoint, accessKeyId, secretAccessKey } = server.config;
  const s3 = openFileStore(
    parseConfig({
      DATA_DIR: dataDir,
      S3_BUCKET: bucket,
      S3_REGION: region,
      S3_ENDPOINT: endpoint ?? "",
      S3_ACCESS_KEY_ID: accessKeyId,
      S3_SECRET_ACCESS_KEY: secretAccessKey,
    }),
  );
  expect(s3.kind).toBe("s3");
  try {
    for (const store of [disk, s3]) {
      const stored = await store.put(Readable.from([pdf()]), LIMITS);
      expect(await bytesOf((await store.read(stored.key)).body)).toEqual(pdf());
    }
    expect(await readdir(path.join(dataDir, "files", "objects"))).toHaveLength(1);
  } finally {
    s3.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});
