import { text } from "node:stream/consumers";
import { expect, test } from "vitest";
import { isRefusal } from "../refusal.server";
import { multipartBoundary } from "./part-headers.server";
import { receiveUpload, UPLOAD_MESSAGES } from "./upload.server";

// receiveUpload with real busboy, the body arriving in chunks of every size so that a delimiter or a part's
// headers can fall across any two of them (part-headers.server.ts holds back what might be a delimiter).

const BOUNDARY = "----WebKitFormBoundaryX7bq3Zk9";

/** A form as Chromium sends it: the name's control bytes raw (only `"`, CR and LF escaped). */
function form(files: { name: string; bytes: Buffer }[], fields: Record<string, string> = { kind: "resume" }) {
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  for (const file of files) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/pdf\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(parts);
}

function post(body: Buffer, chunkSize: number, contentType = `multipart/form-data; boundary=${BOUNDARY}`) {
  let at = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (at >= body.length) return controller.close();
      controller.enqueue(new Uint8Array(body.subarray(at, at + chunkSize)));
      at += chunkSize;
    },
  });
  return new Request("http://localhost/files", {
    method: "POST",
    body: stream,
    duplex: "half",
    headers: { "content-type": contentType },
  } as RequestInit);
}

async function received(request: Request) {
  const { fields, results } = await receiveUpload(request, {
    fileField: "file",
    onFile: async (file) => ({ name: file.name, bytes: Buffer.from(await text(file.body), "latin1") }),
  });
  return { kind: fields.get("kind"), files: results };
}

async function refusedWith(request: Request): Promise<{ status: number | undefined; error: string }> {
  const caught = await received(request).then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(isRefusal(caught), "receiveUpload must refuse this request").toBe(true);
  const refusal = caught as { init: { status: number } | null; data: { error: string } };
  return { status: refusal.init?.status, error: refusal.data.error };
}

// Body bytes that look like the parser's own: control bytes, a blank line, a delimiter's first half.
const tricky = Buffer.concat([
  Buffer.from("%PDF-1.7\n\u0007\u0000\u001b\u007f\r\n\r\n\r\n--", "latin1"),
  Buffer.from(BOUNDARY.slice(0, 12)),
  Buffer.from("\r\n-\r\n--\u0007 end", "latin1"),
]);

test("control characters in a file's name reach the name cleaning; names, fields and bytes come through whole", async () => {
  const names = ["Bell\u0007 notes.pdf", "Esc\u001b and del\u007f.pdf", "Tab\there.pdf", "Résumé.pdf"];
  const body = form(names.map((name) => ({ name, bytes: tricky })));
  for (const chunkSize of [1, 2, 3, 7, 16, 41, 64, 1000, body.length]) {
    const { kind, files } = await received(post(body, chunkSize));
    expect(kind, `chunks of ${chunkSize}`).toBe("resume");
    expect(
      files.map((file) => file.name),
      `chunks of ${chunkSize}`,
    ).toEqual(names);
    for (const file of files) expect(file.bytes.equals(tricky), `chunks of ${chunkSize}`).toBe(true);
  }
});

test("a body that cannot be read says so in a person's words: not busboy's, not a media type", async () => {
  const good = form([{ name: "cv.pdf", bytes: tricky }]);
  const cases = [
    // A multipart type without its boundary.
    { request: post(good, 64, "multipart/form-data; charset=utf-8"), error: UPLOAD_MESSAGES.unreadable },
    // A part header no browser sends: a space in its name.
    {
      request: post(
        Buffer.from(good.toString("latin1").replace("Content-Type:", "Content Type:"), "latin1"),
        64,
      ),
      error: UPLOAD_MESSAGES.unreadable,
    },
    // Cut off part way through the file.
    { request: post(good.subarray(0, good.length - 40), 64), error: UPLOAD_MESSAGES.unfinished },
  ];
  for (const { request, error } of cases) {
    expect(await refusedWith(request)).toEqual({ status: 400, error });
  }
});

test("the boundary is read as busboy reads it, quoted or not", () => {
  expect(multipartBoundary(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
  expect(multipartBoundary('multipart/form-data; boundary="a b;c"; charset=utf-8')).toBe("a b;c");
  expect(multipartBoundary("multipart/form-data; BOUNDARY=x1;charset=utf-8")).toBe("x1");
  expect(multipartBoundary("multipart/form-data")).toBeNull();
});
