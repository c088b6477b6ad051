import fc from "fast-check";
import { expect, test } from "vitest";
import {
  cleanFileName,
  FILE_NAME_MAX_LENGTH,
  fileQuotaMessage,
  fileTooLargeMessage,
  formatBytes,
  isAcceptedFileType,
} from "./files";

test("a name is shown as the person gave it", () => {
  expect(cleanFileName("Résumé – Jane Doe (final) v2.pdf")).toBe("Résumé – Jane Doe (final) v2.pdf");
  expect(cleanFileName("履歴書.docx")).toBe("履歴書.docx");
  expect(cleanFileName('<img src=x onerror="x()">.pdf')).toBe('<img src=x onerror="x()">.pdf');
  expect(cleanFileName("👩‍💻 portfolio.png")).toBe("👩‍💻 portfolio.png");
});

test("path parts are dropped, whichever separator the browser used", () => {
  expect(cleanFileName("../../etc/passwd")).toBe("passwd");
  expect(cleanFileName("C:\\Users\\jane\\Desktop\\cv.pdf")).toBe("cv.pdf");
  expect(cleanFileName("/tmp/")).toBe("file");
  expect(cleanFileName("..")).toBe("file");
  expect(cleanFileName(".")).toBe("file");
});

test("control and direction-changing characters are removed, so the shown extension is the real one", () => {
  expect(cleanFileName("invoice\u202Efdp.exe")).toBe("invoicefdp.exe");
  expect(cleanFileName("cv\u2066\u2067\u2068\u2069\u200E\u200F\u061C.pdf")).toBe("cv.pdf");
  expect(cleanFileName("a\u0000b\u0007c\u001Fd\u007Fe\u0085f.pdf")).toBe("abcdef.pdf");
  expect(cleanFileName("line\nbreak\r\ttab.pdf")).toBe("line break tab.pdf");
  expect(cleanFileName("\uFEFFbom\u200B.pdf")).toBe("bom.pdf");
  expect(cleanFileName("\u202E\u0000")).toBe("file");
});

test("spaces are collapsed and trailing dots dropped", () => {
  expect(cleanFileName("  my    cv .pdf  ")).toBe("my cv .pdf");
  expect(cleanFileName("cv.pdf. . .")).toBe("cv.pdf");
});

test("a long name is cut to the limit with its extension kept", () => {
  const long = `${"a".repeat(300)}.docx`;
  const cleaned = cleanFileName(long);
  expect(Array.from(cleaned)).toHaveLength(FILE_NAME_MAX_LENGTH);
  expect(cleaned.endsWith("….docx")).toBe(true);
  // No extension worth keeping: just cut.
  expect(Array.from(cleanFileName("b".repeat(500)))).toHaveLength(FILE_NAME_MAX_LENGTH);
  // Astral characters count once and are never split.
  const emoji = cleanFileName(`${"😀".repeat(200)}.pdf`);
  expect(Array.from(emoji)).toHaveLength(FILE_NAME_MAX_LENGTH);
  expect(emoji.isWellFormed()).toBe(true);
});

// Any code point, lone surrogates included, with the troublesome ones often: built from integers because
// fast-check's "binary" string unit takes seconds per hundred names.
const troublesome = fc.constantFrom(
  ..."/\\.\u0000\u001f\u007f\u009f\u202e\u2066\u2028\ufeff\ud800 \t\n"
    .split("")
    .map((c) => c.codePointAt(0) ?? 0),
);
const anyName = fc
  .array(fc.oneof(fc.integer({ min: 0, max: 0x10ffff }), troublesome), { maxLength: 400 })
  .map((points) => String.fromCodePoint(...points));

test("any name comes out bounded, single-line, free of path separators and direction tricks", () => {
  fc.assert(
    fc.property(anyName, (given) => {
      const cleaned = cleanFileName(given);
      expect(cleaned.length).toBeGreaterThan(0);
      expect(Array.from(cleaned).length).toBeLessThanOrEqual(FILE_NAME_MAX_LENGTH);
      // biome-ignore lint/suspicious/noControlCharactersInRegex: checking none is left
      expect(cleaned).not.toMatch(/[/\\\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(cleaned).toBe(cleaned.trim());
      expect(cleanFileName(cleaned)).toBe(cleaned);
    }),
  );
});

test("only PDF, DOCX, PNG and JPEG are accepted types", () => {
  expect(isAcceptedFileType("application/pdf")).toBe(true);
  expect(isAcceptedFileType("application/vnd.openxmlformats-officedocument.wordprocessingml.document")).toBe(
    true,
  );
  expect(isAcceptedFileType("image/png")).toBe(true);
  expect(isAcceptedFileType("image/jpeg")).toBe(true);
  for (const other of [
    "application/zip",
    "text/html",
    "image/svg+xml",
    "image/apng",
    "toString",
    undefined,
  ]) {
    expect(isAcceptedFileType(other)).toBe(false);
  }
});

test("sizes are written as people read them", () => {
  expect(formatBytes(20 * 1024 * 1024)).toBe("20 MB");
  expect(formatBytes(1536)).toBe("1.5 KB");
  expect(formatBytes(900)).toBe("900 bytes");
  expect(fileTooLargeMessage(20 * 1024 * 1024)).toBe(
    "This file is larger than 20 MB, the most one file may be.",
  );
});

test("the quota's refusal says how much room is left, or that there is none", () => {
  const quota = 200 * 1024 * 1024;
  expect(fileQuotaMessage(3 * 1024 * 1024, quota)).toBe(
    "This file is larger than the 3 MB left of your 200 MB for files: delete one to make room.",
  );
  expect(fileQuotaMessage(0, quota)).toBe(
    "Your files already use all of your 200 MB: delete one to make room.",
  );
  expect(fileQuotaMessage(-5, quota)).toBe(fileQuotaMessage(0, quota));
});
