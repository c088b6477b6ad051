import { Transform } from "node:stream";
import { fileTypeFromStream } from "file-type";
import { type AcceptedFileType, FILE_TYPE_REFUSED, isAcceptedFileType } from "~/lib/files";
import { FileRefusedError } from "./errors.server";
import { zipEntryNames } from "./zip-directory.server";

// The type is judged from the bytes by `file-type` while they stream past: PDF, PNG and JPEG from their
// first bytes; a DOCX is a ZIP whose [Content_Types].xml names a Word main document, which may sit anywhere
// in the archive, so the detector reads along (through a side branch, with backpressure) until it knows.
// On a stream of unknown length the detector may guess a DOCX from a `word/` folder alone, so a DOCX is
// also checked at its end: its central directory must list [Content_Types].xml and a part under word/.

export type TypeSniffer = {
  /** Passes the bytes through unchanged; fails with FileRefusedError("type") once the type is refused. */
  stream: Transform;
  /** The accepted type, known by the time `stream` ends. */
  type: Promise<AcceptedFileType>;
};

const DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
/** Enough for the central directory of a DOCX with thousands of parts, and the longest ZIP comment. */
const TAIL_BYTES = 256 * 1024;

export function sniffType(): TypeSniffer {
  // The detector's side of the stream: a web stream fed chunk by chunk, which asks for more when it has
  // room (pull) and stops asking once it has decided (cancel).
  let decided = false;
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  let wake: (() => void) | undefined;
  // Cleared before it is called: the callback may run the next chunk's transform at once, which can set a
  // new `wake` that must survive (clearing after lost it and stalled the upload for good: issue 42).
  const resume = () => {
    const waiting = wake;
    wake = undefined;
    waiting?.();
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
  const detected = fileTypeFromStream(branch)
    // A file so malformed that the detector trips on it is not one of the accepted types either.
    .catch(() => undefined)
    .then((found) => {
      decided = true;
      resume();
      return isAcceptedFileType(found?.mime) ? found.mime : null;
    });

  let accept: (type: AcceptedFileType) => void = () => {};
  let refuse: (error: Error) => void = () => {};
  const type = new Promise<AcceptedFileType>((resolve, reject) => {
    accept = resolve;
    refuse = reject;
  });
  type.catch(() => undefined); // the upload may stop before anyone asks

  const tail = new Tail(TAIL_BYTES);
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      tail.add(chunk);
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
      void detected.then((mime) => {
        if (mime && (mime !== DOCX || isWordPackage(tail.bytes()))) {
          accept(mime);
          return callback();
        }
        callback(refusal());
      });
    },
  });
  stream.on("close", () => {
    // The upload failed for another reason (the person left): the detector stops too.
    if (!decided) controller?.error(new Error("The upload stopped"));
    refuse(new Error("The upload stopped before its type was judged"));
  });
  // Refused on the first bytes (HTML, an image of another kind): stop now, not after 20 MB.
  void detected.then((mime) => {
    if (!mime) stream.destroy(refusal());
  });
  stream.on("error", refuse);
  return { stream, type };
}

function refusal(): FileRefusedError {
  return new FileRefusedError("type", FILE_TYPE_REFUSED);
}

function isWordPackage(tail: Buffer): boolean {
  const names = zipEntryNames(tail);
  return Boolean(names?.includes("[Content_Types].xml") && names.some((name) => name.startsWith("word/")));
}

/** The last `size` bytes that passed (at least; whole chunks are kept). */
class Tail {
  private chunks: Buffer[] = [];
  private length = 0;
  constructor(private readonly size: number) {}
  add(chunk: Buffer) {
    this.chunks.push(chunk);
    this.length += chunk.length;
    while (this.chunks.length > 1 && this.length - (this.chunks[0]?.length ?? 0) >= this.size) {
      this.length -= this.chunks.shift()?.length ?? 0;
    }
  }
  bytes(): Buffer {
    return Buffer.concat(this.chunks);
  }
}
