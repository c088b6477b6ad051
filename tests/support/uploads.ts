import http from "node:http";

// Multipart uploads over real HTTP, as a browser sends them (RFC 7578), with the file's bytes from a
// generator so a test can offer gigabytes without holding them.

export type UploadPart = { name: string; filename: string; type?: string; bytes: Iterable<Buffer> };

export type UploadOutcome = {
  /**
   * The answer's status; "dropped" when the connection closed with no answer; "no answer" when none came
   * within the caller's `timeoutMs` (the server neither answered nor hung up).
   */
  status: number | "dropped" | "no answer";
  body: string;
  /** Body bytes the client managed to hand to the socket before the answer (or the drop). */
  sent: number;
  headers: http.IncomingHttpHeaders;
};

const BOUNDARY = "----coachUploadBoundary7MA4YWxkTrZu0gW";

function fieldPart(name: string, value: string): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    "utf8",
  );
}

function fileHead(part: UploadPart): Buffer {
  return Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename.replace(/"/g, "%22")}"\r\n` +
      `Content-Type: ${part.type ?? "application/octet-stream"}\r\n\r\n`,
    "utf8",
  );
}

type UploadRequest = {
  cookie?: string;
  fields?: Record<string, string>;
  files: UploadPart[];
  headers?: Record<string, string>;
  /** Give up waiting for an answer after this long (the outcome is "no answer"). */
  timeoutMs?: number;
};

const MULTIPART_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** The form's bytes in order: its fields, then each file's head, bytes and end, then the closing boundary. */
function* multipartBody(fields: Record<string, string>, files: UploadPart[]): Generator<Buffer> {
  for (const [name, value] of Object.entries(fields)) yield fieldPart(name, value);
  for (const file of files) {
    yield fileHead(file);
    yield* file.bytes;
    yield Buffer.from("\r\n");
  }
  yield Buffer.from(`--${BOUNDARY}--\r\n`);
}

/**
 * The same multipart POST sent by `fetch` (undici): chunked, no Content-Length, on the process's keep-alive
 * connection pool, as a client program sends a form whose size it does not know beforehand.
 */
export async function fetchUpload(
  url: string,
  { cookie, fields = {}, files, headers = {}, timeoutMs = 60_000 }: UploadRequest,
): Promise<Omit<UploadOutcome, "sent" | "headers">> {
  const pieces = multipartBody(fields, files);
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces.next();
      if (next.done) controller.close();
      else controller.enqueue(new Uint8Array(next.value));
    },
  });
  const init: RequestInit & { duplex: "half" } = {
    method: "POST",
    body,
    duplex: "half",
    headers: { "content-type": MULTIPART_TYPE, ...(cookie ? { cookie } : {}), ...headers },
    signal: AbortSignal.timeout(timeoutMs),
  };
  try {
    const answer = await fetch(url, init);
    // The server closes an upload it refused part way two seconds after its answer (express-shell/security.ts);
    // on a busy machine the reset can come before the body is read, but the status had arrived.
    return { status: answer.status, body: await answer.text().catch(() => "") };
  } catch (error) {
    if ((error as Error).name === "TimeoutError") return { status: "no answer", body: "" };
    return { status: "dropped", body: "" };
  }
}

/** A multipart POST streamed chunk by chunk, stopping as soon as an answer arrives. */
export function postUpload(
  url: string,
  { cookie, fields = {}, files, headers = {}, timeoutMs }: UploadRequest,
): Promise<UploadOutcome> {
  return new Promise((resolve) => {
    let sent = 0;
    let settled = false;
    const request = http.request(url, {
      method: "POST",
      headers: {
        "content-type": MULTIPART_TYPE,
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
    });
    if (timeoutMs !== undefined) {
      const timer = setTimeout(() => {
        if (!settled) resolve({ status: "no answer", body: "", sent, headers: {} });
        settled = true;
        request.destroy();
      }, timeoutMs);
      request.once("close", () => clearTimeout(timer));
    }
    request.on("response", (answer) => {
      const chunks: Buffer[] = [];
      answer.on("data", (chunk: Buffer) => chunks.push(chunk));
      answer.on("end", () => {
        settled = true;
        resolve({
          status: answer.statusCode ?? 0,
          body: Buffer.concat(chunks).toString("utf8"),
          sent,
          headers: answer.headers,
        });
        request.destroy();
      });
      answer.on("error", () => undefined);
    });
    request.on("error", () => {
      if (!settled) resolve({ status: "dropped", body: "", sent, headers: {} });
      settled = true;
    });
    const pieces = multipartBody(fields, files);
    const pump = () => {
      for (let next = pieces.next(); !next.done; next = pieces.next()) {
        if (request.destroyed || settled) return;
        sent += next.value.length;
        if (!request.write(next.value)) return void request.once("drain", pump);
      }
      if (!request.destroyed) request.end();
    };
    pump();
  });
}

/** `total` bytes: `head` first (a file's signature), then filler, in 1 MB chunks made once. */
export function* bytesOf(head: Buffer, total: number): Generator<Buffer> {
  yield head;
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let left = total - head.length;
  while (left > 0) {
    const size = Math.min(left, chunk.length);
    yield size === chunk.length ? chunk : chunk.subarray(0, size);
    left -= size;
  }
}
