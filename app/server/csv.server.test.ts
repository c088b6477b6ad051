import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { csvResponse, csvText, spreadsheetSafe } from "./csv.server";

describe("spreadsheetSafe", () => {
  it("makes text that a spreadsheet would run as a formula plain text", () => {
    for (const risky of ['=HYPERLINK("http://x","y")', "+1+2", "-2+3", "@SUM(A1)", "\tx", "\rx"]) {
      expect(spreadsheetSafe(risky)).toBe(`'${risky}`);
    }
    expect(spreadsheetSafe("Acme = Corp")).toBe("Acme = Corp");
  });

  it("keeps numbers as numbers, negative ones too, and writes empties as nothing", () => {
    expect(spreadsheetSafe(-12.5)).toBe(-12.5);
    expect(spreadsheetSafe(null)).toBe("");
    expect(spreadsheetSafe(undefined)).toBe("");
    expect(spreadsheetSafe(new Date("2026-01-02T03:04:05Z"))).toBe("2026-01-02T03:04:05.000Z");
  });
});

describe("csvText and csvResponse", () => {
  it("quotes commas, quotes and line breaks so a reader gets the cells back", () => {
    const text = csvText([["a,b", 'say "hi"', "two\nlines", 3]]);
    expect(text.endsWith("\r\n")).toBe(true);
    expect(parse(text)).toEqual([["a,b", 'say "hi"', "two\nlines", "3"]]);
  });

  it("streams a header and each page, with a byte-order mark and a safe file name", async () => {
    async function* pages() {
      yield [["=cmd", 1]];
      yield [];
      yield [["b", -2]];
    }
    const response = csvResponse('tax "2026".csv', ["name", "amount"], pages());
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="tax__2026_.csv"');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parse(bytes.subarray(3).toString("utf8"))).toEqual([
      ["name", "amount"],
      ["'=cmd", "1"],
      ["b", "-2"],
    ]);
  });
});
