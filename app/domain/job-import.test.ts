import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { describe, expect, test } from "vitest";
import {
  chosenMapping,
  detectTracker,
  guessMapping,
  MAPPING_MESSAGES,
  readDate,
  sourceOf,
  stageOf,
  trackerMapping,
} from "./job-import";

const headerOf = (name: string) =>
  (
    parse(readFileSync(`tests/fixtures/job-import/${name}.csv`, "utf8"), { bom: true, to: 1 }) as string[][]
  )[0] ?? [];

describe("which tracker wrote the file", () => {
  test("Huntr, Teal and Simplify by their fixtures' headers; a spreadsheet by none", () => {
    expect(detectTracker(headerOf("huntr"))).toBe("huntr");
    expect(detectTracker(headerOf("teal"))).toBe("teal");
    expect(detectTracker(headerOf("simplify"))).toBe("simplify");
    expect(detectTracker(headerOf("custom"))).toBeNull();
  });

  test("by name, not position or case, with a byte-order mark and spaces", () => {
    expect(detectTracker(["\uFEFFlistName", " TITLE ", "companyname", "extra"])).toBe("huntr");
    expect(detectTracker(["Status", "Company Name", "Job Title"])).toBe("simplify");
    // Teal's columns without a status column are not Teal's export.
    expect(detectTracker(["company_name", "role"])).toBeNull();
    expect(detectTracker(["company_name", "role", "status"])).toBe("teal");
  });

  test("a tracker's mapping uses the file's spelling and leaves out what it lacks", () => {
    expect(trackerMapping("simplify", ["job title", "company name", "status", "Applied Date"])).toEqual({
      company: ["company name"],
      role: ["job title"],
      appliedOn: ["Applied Date"],
      stage: ["status"],
    });
    expect(trackerMapping("teal", headerOf("teal")).appliedOn).toEqual(["applied_at", "added_at"]);
  });
});

describe("the mapping step", () => {
  test("guesses columns named like a field", () => {
    expect(guessMapping(headerOf("custom"))).toEqual({
      company: ["Employer"],
      role: ["Position"],
      url: ["Posting"],
      appliedOn: ["Applied"],
      notes: ["Comments"],
      stage: ["Status"],
    });
  });

  test("company and role are required; a column the file lacks is refused", () => {
    const header = ["A", "B", "C"];
    expect(chosenMapping(header, { company: "A", role: "B", notes: "" })).toEqual({
      ok: true,
      mapping: { company: ["A"], role: ["B"] },
    });
    expect(chosenMapping(header, { role: "B" })).toEqual({
      ok: false,
      field: "company",
      error: MAPPING_MESSAGES.company,
    });
    expect(chosenMapping(header, { company: "A" })).toEqual({
      ok: false,
      field: "role",
      error: MAPPING_MESSAGES.role,
    });
    expect(chosenMapping(header, { company: "A", role: "Z" })).toMatchObject({
      ok: false,
      field: "role",
      error: MAPPING_MESSAGES.column,
    });
  });
});

describe("a tracker's status as our stage", () => {
  test.each([
    ["Wishlist", "saved"],
    ["Applied", "applied"],
    ["Interview", "recruiter_screen"],
    ["Offer", "offer"],
    ["Rejected", "rejected"],
    ["Bookmarked", "saved"],
    ["Applying", "saved"],
    ["Interviewing", "recruiter_screen"],
    ["Negotiating", "offer"],
    ["Accepted", "accepted"],
    ["I Withdrew", "withdrawn"],
    ["Not Selected", "rejected"],
    ["APPLIED", "applied"],
    ["SAVED", "saved"],
    ["INTERVIEWING", "recruiter_screen"],
    ["WITHDRAWN", "withdrawn"],
    ["Onsite / loop", "onsite"],
    ["technical", "technical"],
    ["Technical screen or take-home", "technical"],
    ['{"name":"Applied","id":3}', "applied"],
    ["", "applied"],
  ])("%s → %s", (status, stage) => {
    expect(stageOf(status)).toBe(stage);
  });

  test("anything else is not guessed", () => {
    expect(stageOf("Archived")).toBeNull();
    expect(stageOf("Ghosted")).toBeNull();
    expect(stageOf("{not json")).toBeNull();
  });
});

describe("dates as the trackers write them", () => {
  test.each([
    ["2026-09-03", "2026-09-03"],
    ["2026-09-03T08:00:00Z", "2026-09-03"],
    ["2026-09-03 08:00:00", "2026-09-03"],
    ["2026-09-03T08:00:00.000+02:00", "2026-09-03"],
    ["2026/9/3", "2026-09-03"],
    ["9/3/2026", "2026-09-03"],
    ["12/31/2026", "2026-12-31"],
    ["2/29/2028", "2028-02-29"],
  ])("%s reads as %s", (text, date) => {
    expect(readDate(text)).toEqual({ ok: true, date });
  });

  test("blank and N/A are no date", () => {
    expect(readDate("")).toEqual({ ok: true, date: null });
    expect(readDate(" N/A ")).toEqual({ ok: true, date: null });
  });

  test.each(["31/12/2026", "2/30/2026", "Sep 3, 2026", "3.9.2026", "2026-13-01", "yesterday", "9/3/26"])(
    "%s is not read",
    (text) => {
      expect(readDate(text)).toEqual({ ok: false });
    },
  );
});

test("a source in our words or another's (kept for the notes)", () => {
  expect(sourceOf("Referral")).toEqual({ source: "referral", other: null });
  expect(sourceOf("Recruiter reached out")).toEqual({ source: "recruiter", other: null });
  expect(sourceOf("Applied directly")).toEqual({ source: "applied", other: null });
  expect(sourceOf("")).toEqual({ source: "applied", other: null });
  expect(sourceOf(" LinkedIn ")).toEqual({ source: "applied", other: "LinkedIn" });
});
