import { createHash } from "node:crypto";
import type { Readable } from "node:stream";
import { CsvError, parse } from "csv-parse/sync";
import { fileTypeFromBuffer } from "file-type";
import { IMPORT_FILE_FIELD, IMPORT_LIMITS } from "~/domain/job-import";
import { invalid } from "../action-result.server";
import { receiveUpload } from "../files/upload.server";
import { refusal } from "../refusal.server";
import { signToken, verifyToken } from "../signed-token.server";

// Reading an import's CSV (docs/decisions/0053-job-search.md, "Import and export"). The file comes through
// the upload path (app/server/files/upload.server.ts: the route streams, busboy parses), is held in memory up
// to IMPORT_LIMITS.bytes and refused past it (413, at once: the rest is never read), judged as text before it
// is parsed (415 for a PDF, an image or any binary), and parsed by csv-parse.

const MB = IMPORT_LIMITS.bytes / (1024 * 1024);

export const IMPORT_REFUSALS = {
  tooLarge: `That file is larger than ${MB} MB, the most one import takes. Export fewer jobs, or split the file.`,
  tooManyRows: `That file has more than ${IMPORT_LIMITS.rows.toLocaleString("en")} rows; one import takes at most ${IMPORT_LIMITS.rows.toLocaleString("en")}. Split it into smaller files.`,
  notCsv:
    "That file is not a CSV: it is not text in rows and columns. Export a CSV from your tracker, or save your spreadsheet as CSV (comma-separated values).",
  notCsvType: (ext: string) =>
    `That file is a ${ext.toUpperCase()}, not a CSV. Export a CSV from your tracker, or save your spreadsheet as CSV (comma-separated values).`,
  unreadable: (line: number) =>
    `The file could not be read as CSV near line ${line}: check that every quoted cell is closed, or save it again as CSV.`,
  noFile: "Choose a CSV file to import.",
  empty: "That file is empty.",
  stale: "This is not the file that was previewed, or the preview is over an hour old. Preview it again.",
} as const;

const tooLarge = (error: string) =>
  refusal({ ok: false as const, error }, { status: 413, statusText: "Content Too Large" });
const notCsv = (error: string) =>
  refusal({ ok: false as const, error }, { status: 415, statusText: "Unsupported Media Type" });

/** The file's bytes, cut off (and refused) past the limit. */
async function readCapped(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IMPORT_LIMITS.bytes) throw tooLarge(IMPORT_REFUSALS.tooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** The import form's fields and its file, if one was chosen. */
export async function receiveImport(request: Request): Promise<{ fields: FormData; file: Buffer | null }> {
  let file: Buffer | null = null;
  const { fields } = await receiveUpload(request, {
    fileField: IMPORT_FILE_FIELD,
    maxFiles: 1,
    onFile: async (part) => {
      file = await readCapped(part.body);
    },
  });
  return { fields, file };
}

/** Text, or a 415: a type the bytes name (PDF, ZIP, PNG…), bytes that are not UTF-8, or a NUL. */
export async function csvText(bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw invalid(IMPORT_REFUSALS.empty);
  const found = await fileTypeFromBuffer(bytes.subarray(0, 64 * 1024)).catch(() => undefined);
  // file-type reads CSV as nothing; the XML it may name is still text.
  if (found && found.mime !== "application/xml") throw notCsv(IMPORT_REFUSALS.notCsvType(found.ext));
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw notCsv(IMPORT_REFUSALS.notCsv);
  }
  if (text.includes("\u0000")) throw notCsv(IMPORT_REFUSALS.notCsv);
  return text;
}

export type ParsedCsv = { header: string[]; records: Record<string, string>[] };

/** The header and each row keyed by it; more than IMPORT_LIMITS.rows rows is a 413. */
export function parseCsv(text: string): ParsedCsv {
  let lines: string[][];
  try {
    lines = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // The header, the limit, and one more to know the limit is passed: the rest is never parsed.
      to: IMPORT_LIMITS.rows + 2,
    }) as string[][];
  } catch (error) {
    if (error instanceof CsvError)
      throw notCsv(IMPORT_REFUSALS.unreadable((error as { lines?: number }).lines ?? 1));
    throw error;
  }
  const [first, ...rows] = lines;
  if (!first) throw invalid(IMPORT_REFUSALS.empty);
  if (rows.length > IMPORT_LIMITS.rows) throw tooLarge(IMPORT_REFUSALS.tooManyRows);
  const header = first.map((name) => name.trim());
  const records = rows
    .filter((row) => row.some((cell) => cell.trim() !== ""))
    .map((row) => Object.fromEntries(header.map((name, i) => [name, row[i] ?? ""])));
  return { header, records };
}

// The preview and the confirm: the browser sends the same file twice (it keeps the chosen file between the
// steps; without scripts the person chooses it again). The preview signs what it showed — the person, the
// file's hash and the mapping — and the confirm stores only that, re-read and re-checked from the bytes.

const PURPOSE = "job-import";
const HOUR_S = 60 * 60;

function digest(clientId: string, bytes: Buffer, mapping: object): string {
  return createHash("sha256")
    .update(clientId)
    .update("\0")
    .update(bytes)
    .update("\0")
    .update(JSON.stringify(mapping))
    .digest("base64url");
}

export function previewToken(clientId: string, bytes: Buffer, mapping: object, now = Date.now()): string {
  const expires = Math.floor(now / 1000) + HOUR_S;
  return signToken(PURPOSE, `${digest(clientId, bytes, mapping)}|${expires}`);
}

/** Whether `token` was given for this person, these bytes and this mapping, within the hour. */
export function isPreviewed(
  token: string,
  clientId: string,
  bytes: Buffer,
  mapping: object,
  now = Date.now(),
) {
  const text = verifyToken(PURPOSE, token);
  const [hash, expires] = text?.split("|") ?? [];
  return hash === digest(clientId, bytes, mapping) && Number(expires) * 1000 > now;
}
