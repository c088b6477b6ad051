import type { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  paginateListObjectsV2,
  S3Client,
} from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import type { S3Config } from "../env.server";
import { FileNotFoundError } from "./errors.server";
import { type Backend, checkedKey, createFileStore, type FileStore, type StoredEntry } from "./store.server";

// Files in an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO) under files/<key>.
// An object appears only when its upload completes (PutObject, or CompleteMultipartUpload for a larger
// file), and the upload completes only once every check has passed (store.server.ts): the multipart upload
// is the temporary place, its completion the commit (docs/decisions/0043-file-storage.md).

const PREFIX = "files/";
/** S3's smallest part; one part in flight, so an upload holds at most 5 MB of memory. */
const PART_SIZE = 5 * 1024 * 1024;

export function s3FileStore(config: S3Config): FileStore {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint ?? undefined,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
  });
  const Bucket = config.bucket;
  const remove = async (Key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  };

  const backend: Backend = {
    kind: "s3",
    begin(key) {
      const Key = PREFIX + key;
      return {
        async write(body) {
          const upload = new Upload({
            client,
            params: { Bucket, Key, Body: body, ContentType: "application/octet-stream" },
            partSize: PART_SIZE,
            queueSize: 1,
          });
          await upload.done();
        },
        // Completing the upload was the commit.
        commit: async () => {},
        // The upload may have completed before a later step failed.
        discard: () => remove(Key),
      };
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: PREFIX + checkedKey(key) }));
        // In Node the SDK's body is an http.IncomingMessage (a Readable).
        return { body: answer.Body as Readable, size: answer.ContentLength ?? 0 };
      } catch (error) {
        if (error instanceof NoSuchKey) throw new FileNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await remove(PREFIX + checkedKey(key));
    },
    async *entries(): AsyncIterable<StoredEntry> {
      for await (const page of paginateListObjectsV2({ client }, { Bucket, Prefix: PREFIX })) {
        for (const object of page.Contents ?? []) {
          const Key = object.Key;
          if (!Key) continue;
          yield {
            key: Key.slice(PREFIX.length),
            modifiedAt: object.LastModified ?? new Date(0),
            remove: () => remove(Key),
          };
        }
      }
    },
    close: () => client.destroy(),
  };
  return createFileStore(backend);
}
