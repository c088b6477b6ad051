import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "~/server/env.server";

// A real S3-compatible server (s3rver, on its own folder) on a free loopback port, with one bucket; it checks
// request signatures, so the keys below are the ones it accepts.

export type TestS3 = { config: S3Config; close(): Promise<void> };

export async function startS3(): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const bucket = "test-files";
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  return {
    config: {
      bucket,
      region: "us-east-1",
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
      forcePathStyle: true,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
