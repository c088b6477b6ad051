// CSV files a person opens in a spreadsheet: the job search's export (issue 44) and the
// accountant's files (issue 45). csv-stringify does the quoting; we add the formula guard
// and the streaming, so a 100,000-row file is written as it is read, never held whole.
import { Readable } from "node:stream";
import { stringify } from "csv-stringify/sync";

// A spreadsheet reads a text cell starting with one of these as a formula
// (OWASP "CSV Injection"): such text gets a leading apostrophe, which every spreadsheet
// shows as text. Numbers stay numbers, so a refund of -12.5 is still summable.
const FORMULA_START = /^[=+\-@\t\r]/;

export type CsvCell = string | number | boolean | Date | null | undefined;
export type CsvRow = readonly CsvCell[];

export function spreadsheetSafe(cell: CsvCell): string | number {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return cell;
  if (typeof cell === "boolean") return cell ? "yes" : "no";
  if (cell instanceof Date) return cell.toISOString();
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** Rows as CSV text, CRLF line ends as RFC 4180 says; every cell through spreadsheetSafe. */
export function csvText(rows: Iterable<CsvRow>): string {
  return stringify(
    Array.from(rows, (row) => row.map(spreadsheetSafe)),
    // A bare \n inside a cell is quoted too: csv-stringify only quotes its own delimiter.
    { record_delimiter: "windows", quoted_match: /[\r\n]/ },
  );
}

/**
 * A download streamed from rows read in pages: `pages` yields arrays of rows (e.g. a keyset
 * query of 1,000 at a time), so memory holds one page, whatever the file's length.
 * The byte-order mark lets Excel read UTF-8 names (é, ü) right.
 */
export function csvResponse(
  filename: string,
  header: readonly string[],
  pages: AsyncIterable<readonly CsvRow[]>,
  headers: Record<string, string> = {},
): Response {
  async function* chunks() {
    yield Buffer.from(`\uFEFF${csvText([header])}`);
    for await (const page of pages) if (page.length > 0) yield Buffer.from(csvText(page));
  }
  const body = Readable.toWeb(Readable.from(chunks())) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}
