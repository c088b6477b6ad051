import { Transform } from "node:stream";
import { fileTypeFromStream } from "file-type";
import { type AcceptedFileType, FILE_TYPE_REFUSED, isAcceptedFileType } from "~/lib/files";
import { FileRefusedError } from "./errors.server";

// The type is judged from the bytes by `file-type` while they stream past: PDF, PNG and JPEG from their
// first bytes; a DOCX is a ZIP whose [Content_Types].xml names a Word main document, which may sit anywhere
// in the archive, so the detector reads along (through a side branch, with backpressure) until it knows.

export type TypeSniffer = {
  /** Passes the bytes through unchanged; fails with FileRefusedError("type") as soon as the type is refused. */
  stream: Transform;
  /** The accepted type, known by the time `stream` ends. */
  type: Promise<AcceptedFileType>;
};

export function sniffType(): TypeSniffer {
  // The detector's side of the stream: a web stream fed chunk by chunk, which asks for more when it has
  // room (pull) and stops asking once it has decided (cancel).
  let decided = false;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  const branch = new ReadableStream<Uint8Array>(
    {
      start: (c) => {
        controller = c;
      },
      pull: resume,
      cancel: () => {
        decided = true;
        resume();
      },
    },
    new ByteLengthQueuingStrategy({ highWaterMark: 64 * 1024 }),
  );
  const type = fileTypeFromStream(branch)
    // A file so malformed that the detector trips on it is not one of the accepted types either.
    .catch(() => undefined)
    .then((found) => {
      decided = true;
      resume();
      if (!isAcceptedFileType(found?.mime)) throw new FileRefusedError("type", FILE_TYPE_REFUSED);
      return found.mime;
    });
  // Settled once here, so a refusal the upload never waits for is not an unhandled rejection.
  const settled = type.then(
    () => undefined,
    (error: unknown) => error,
  );

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!decided) {
        controller?.enqueue(chunk);
        if ((controller?.desiredSize ?? 1) <= 0) {
          wake = () => callback(null, chunk);
          return;
        }
      }
      callback(null, chunk);
    },
    flush(callback) {
      if (!decided) controller?.close();
      void settled.then((error) => callback(error instanceof Error ? error : null));
    },
  });
  // The upload failed for another reason (the person left): the detector stops too.
  stream.on("close", () => {
    if (!decided) controller?.error(new Error("The upload stopped"));
  });
  // Refused on the first bytes (HTML, an image of another kind): stop now, not after 20 MB.
  void settled.then((error) => {
    if (error instanceof Error) stream.destroy(error);
  });
  return { stream, type };
}
