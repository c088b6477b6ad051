import { Readable, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { expect, test } from "vitest";
import { FILE_TYPE_REFUSED } from "~/lib/files";
import { docx, jpeg, noise, pdf, png, WORD_CONTENT_TYPES, zip } from "../../../tests/support/sample-files";
import { FileRefusedError } from "./errors.server";
import { sniffType } from "./sniff.server";
import { zipEntryNames } from "./zip-directory.server";

/**
 * Streams `bytes` through the sniffer in small chunks, checking they come out unchanged; the type. A refusal
 * must fail the stream itself, before its end, so that no store ever completes a refused upload.
 */
async function judge(bytes: Buffer, chunkSize = 1000): Promise<string> {
  const { stream, type } = sniffType();
  const out: Buffer[] = [];
  const chunks = function* () {
    for (let at = 0; at < bytes.length; at += chunkSize) yield bytes.subarray(at, at + chunkSize);
  };
  await pipeline(
    Readable.from(chunks()),
    stream,
    new Writable({
      write(chunk: Buffer, _encoding, callback) {
        out.push(chunk);
        callback();
      },
    }),
  );
  expect(Buffer.concat(out).equals(bytes)).toBe(true);
  return type;
}

async function refusal(bytes: Buffer): Promise<FileRefusedError> {
  const { stream, type } = sniffType();
  type.catch(() => undefined);
  const error = await pipeline(
    Readable.from([bytes]),
    stream,
    new Writable({ write: (_chunk, _encoding, callback) => callback() }),
  ).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileRefusedError);
  expect((error as FileRefusedError).reason).toBe("type");
  expect((error as FileRefusedError).message).toBe(FILE_TYPE_REFUSED);
  await expect(type).rejects.toBe(error);
  return error as FileRefusedError;
}

test("PDF, PNG and JPEG are known from their first bytes", async () => {
  expect(await judge(pdf(50_000))).toBe("application/pdf");
  expect(await judge(png(50_000))).toBe("image/png");
  expect(await judge(jpeg(50_000))).toBe("image/jpeg");
});

test("a file larger than the detector's 64 KB queue passes whole, in chunks of any size", async () => {
  // Issue 42: when the detector asked for more, the waiting chunk's callback ran the next chunk's transform
  // at once, and the wake-up that chunk left was then cleared: the stream stopped for good, and an upload
  // got no answer at all. Chunks smaller than the queue show it every time.
  for (const chunkSize of [1000, 16 * 1024, 32 * 1024, 64 * 1024]) {
    const passed = judge(pdf(2 * 1024 * 1024), chunkSize);
    const stalled = new Promise<string>((resolve) => setTimeout(() => resolve("stalled"), 3_000).unref());
    expect(await Promise.race([passed, stalled]), `chunks of ${chunkSize} bytes`).toBe("application/pdf");
  }
});

test("a Word document is known wherever its [Content_Types].xml sits, compressed or not", async () => {
  const word = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";
  expect(await judge(docx())).toBe(word);
  expect(await judge(docx({ deflate: false }))).toBe(word);
  expect(await judge(docx({ contentTypesLast: true, padding: 3_000_000 }), 64 * 1024)).toBe(word);
});

test("a ZIP is refused, whatever it holds and whatever it is called", async () => {
  await refusal(zip([{ name: "notes.txt", data: "hello" }]));
  await refusal(zip([{ name: "cv.pdf", data: pdf() }], { deflate: true }));
  // Word's folder without the package's content types is not a Word document, even when a large first
  // entry stops the detector early enough that it would guess from the folder's name.
  await refusal(zip([{ name: "word/document.xml", data: "<w:document/>" }]));
  await refusal(
    zip([
      { name: "word/media/big.bin", data: noise(2_000_000) },
      { name: "word/document.xml", data: "<w:document/>" },
    ]),
  );
  // Cut short: no central directory to confirm it.
  const whole = docx({ contentTypesLast: true, padding: 2_000_000 });
  await refusal(whole.subarray(0, whole.length - 30));
  // Another Office Open XML kind.
  const sheet = WORD_CONTENT_TYPES.replace(
    "wordprocessingml.document.main+xml",
    "spreadsheetml.sheet.main+xml",
  ).replace("/word/document.xml", "/xl/workbook.xml");
  await refusal(
    zip([
      { name: "[Content_Types].xml", data: sheet },
      { name: "xl/workbook.xml", data: "<x/>" },
    ]),
  );
});

test("HTML, SVG, text, other images and empty files are refused", async () => {
  await refusal(Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>"));
  await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
  await refusal(Buffer.from("Just some text.\n".repeat(100)));
  await refusal(Buffer.concat([Buffer.from("GIF89a"), noise(100)]));
  await refusal(Buffer.alloc(0));
  await refusal(noise(10_000));
});

test("a refused type stops the stream at once, not after the whole file", async () => {
  let sent = 0;
  const endless = new Readable({
    read() {
      sent += 64 * 1024;
      this.push(Buffer.from("<html>".repeat((64 * 1024) / 6)));
    },
  });
  const { stream } = sniffType();
  const error = await pipeline(
    endless,
    stream,
    new Writable({ write: (_c, _e, callback) => callback() }),
  ).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(FileRefusedError);
  expect(sent).toBeLessThan(2 * 1024 * 1024);
});

test("the central directory's names are read from an archive's last bytes, or nothing when they are not whole", () => {
  const archive = zip([
    { name: "[Content_Types].xml", data: "x" },
    { name: "word/document.xml", data: "y" },
  ]);
  expect(zipEntryNames(archive)).toEqual(["[Content_Types].xml", "word/document.xml"]);
  expect(zipEntryNames(archive.subarray(archive.length - 60))).toBeNull();
  expect(zipEntryNames(archive.subarray(0, archive.length - 1))).toBeNull();
  expect(zipEntryNames(Buffer.concat([archive, Buffer.from("trailing")]))).toBeNull();
  expect(zipEntryNames(Buffer.alloc(10))).toBeNull();
});
