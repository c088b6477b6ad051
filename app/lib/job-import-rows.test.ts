import { describe, expect, test } from "vitest";
import { readRow, readRows } from "./job-import-rows";

const MAPPING = {
  company: ["Company"],
  role: ["Role"],
  url: ["Link"],
  location: ["Where"],
  source: ["Source"],
  appliedOn: ["Date", "Saved"],
  notes: ["Notes"],
  stage: ["Status"],
};

const row = (cells: Record<string, string>) => ({
  Company: "Acme",
  Role: "Engineer",
  Link: "",
  Where: "",
  Source: "",
  Date: "",
  Saved: "",
  Notes: "",
  Status: "",
  ...cells,
});

describe("a file's row as an application", () => {
  test("every field read through the mapping", () => {
    const read = readRow(
      row({
        Link: "https://a.example/1",
        Where: "Toronto",
        Source: "LinkedIn",
        Date: "9/3/2026",
        Notes: "Hi",
        Status: "Interviewing",
      }),
      MAPPING,
      2,
    );
    expect(read).toEqual({
      ok: true,
      value: {
        row: 2,
        stage: "recruiter_screen",
        fields: {
          company: "Acme",
          role: "Engineer",
          url: "https://a.example/1",
          level: null,
          location: "Toronto",
          remote: false,
          source: "applied",
          appliedOn: "2026-09-03",
          notes: "Hi\n\nSource: LinkedIn",
        },
      },
    });
  });

  test("the second date column when the first is N/A; Remote as the location is the flag", () => {
    const read = readRow(row({ Date: "N/A", Saved: "2026-07-20", Where: "Remote" }), MAPPING, 3);
    expect(read.ok && read.value.fields).toMatchObject({
      appliedOn: "2026-07-20",
      location: null,
      remote: true,
    });
  });

  test("a row that cannot be read says which and why", () => {
    expect(readRow(row({ Date: "Sep 3" }), MAPPING, 4)).toEqual({
      ok: false,
      problem: { row: 4, message: expect.stringMatching(/^date not read: "Sep 3"/) },
    });
    expect(readRow(row({ Status: "Ghosted" }), MAPPING, 5)).toEqual({
      ok: false,
      problem: { row: 5, message: expect.stringMatching(/^stage not known: "Ghosted"/) },
    });
    expect(readRow(row({ Company: "" }), MAPPING, 6)).toEqual({
      ok: false,
      problem: { row: 6, message: "Company is required." },
    });
    expect(readRow(row({ Link: "javascript:alert(1)" }), MAPPING, 7)).toMatchObject({
      ok: false,
      problem: { row: 7 },
    });
    expect(readRow(row({ Company: "x".repeat(121) }), MAPPING, 8)).toMatchObject({
      ok: false,
      problem: { row: 8 },
    });
  });

  test("rows are numbered as a spreadsheet shows them (the header is row 1)", () => {
    const { rows, problems } = readRows([row({}), row({ Status: "Ghosted" }), row({})], MAPPING);
    expect(rows.map((r) => r.row)).toEqual([2, 4]);
    expect(problems.map((p) => p.row)).toEqual([3]);
  });

  test("a header with no rows is a problem, not an empty import", () => {
    expect(readRows([], MAPPING).problems).toEqual([
      { row: 1, message: "The file has a header but no rows under it." },
    ]);
  });
});
