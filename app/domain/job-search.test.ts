import { describe, expect, test } from "vitest";
import {
  byStageColumns,
  daysInStage,
  ENDED_STAGES,
  isJobSource,
  isJobStage,
  JOB_STAGES,
  listed,
  listQueryString,
  PIPELINE_STAGES,
  planMove,
  readListQuery,
  SOURCE_LABELS,
  STAGE_LABELS,
  stageAfter,
} from "./job-search";

// docs/decisions/0053-job-search.md, written out: the stages in order, their words, the sources.

describe("stages", () => {
  test("in the order a search goes, the pipeline then the three ends, with the words the page shows", () => {
    expect(JOB_STAGES.map((stage) => STAGE_LABELS[stage])).toEqual([
      "Saved",
      "Applied",
      "Recruiter screen",
      "Technical screen or take-home",
      "Onsite / loop",
      "Offer",
      "Accepted",
      "Declined",
      "Rejected",
      "Withdrawn",
    ]);
    expect([...PIPELINE_STAGES, ...ENDED_STAGES]).toEqual([...JOB_STAGES]);
  });

  test("sources in words", () => {
    expect(SOURCE_LABELS).toEqual({
      applied: "Applied directly",
      referral: "Referral",
      recruiter: "Recruiter reached out",
    });
    expect(isJobSource("referral")).toBe(true);
    expect(isJobSource("linkedin")).toBe(false);
  });

  test("only the known stages are stages", () => {
    expect(isJobStage("onsite")).toBe(true);
    for (const value of ["Onsite", "hired", "", null, 3, "__proto__", "toString"])
      expect(isJobStage(value)).toBe(false);
  });
});

describe("moves", () => {
  test("any stage to any other is a move, skipping forward and reopening back alike", () => {
    for (const from of JOB_STAGES)
      for (const to of JOB_STAGES)
        expect(planMove(from, to)).toEqual(from === to ? { kind: "same" } : { kind: "move", from, to });
  });

  test("the stage is the last move's, whatever order the history is read in", () => {
    expect(stageAfter([])).toBeNull();
    const moves = [
      { toStage: "onsite" as const, movedAt: "2026-03-10T10:00:00Z" },
      { toStage: "saved" as const, movedAt: "2026-03-01T10:00:00Z" },
      { toStage: "applied" as const, movedAt: "2026-03-02T10:00:00Z" },
    ];
    expect(stageAfter(moves)).toBe("onsite");
  });

  test("days in a stage are whole days since the move", () => {
    const now = new Date("2026-03-10T12:00:00Z");
    expect(daysInStage("2026-03-10T11:00:00Z", now)).toBe(0);
    expect(daysInStage("2026-03-09T12:00:00Z", now)).toBe(1);
    expect(daysInStage("2026-02-28T13:00:00Z", now)).toBe(9);
    // A clock a little behind the database's never reads as negative.
    expect(daysInStage("2026-03-10T12:00:05Z", now)).toBe(0);
  });
});

describe("the list and the board", () => {
  const row = (
    company: string,
    stage: (typeof JOB_STAGES)[number],
    appliedOn: string,
    created = "2026-01-01",
  ) => ({
    company,
    stage,
    appliedOn,
    createdAt: `${created}T00:00:00Z`,
  });
  const rows = [
    row("beta", "onsite", "2026-02-01"),
    row("Acme", "applied", "2026-03-01"),
    row("acme", "rejected", "2026-01-15"),
    row("Zeta", "applied", "2026-03-01", "2026-03-02"),
  ];

  test("the URL's view, sort and stage; anything else is the default", () => {
    expect(readListQuery(new URLSearchParams(""))).toEqual({ view: "board", sort: "date", stage: null });
    expect(readListQuery(new URLSearchParams("view=list&sort=company&stage=onsite"))).toEqual({
      view: "list",
      sort: "company",
      stage: "onsite",
    });
    expect(readListQuery(new URLSearchParams("view=grid&sort=salary&stage=hired"))).toEqual({
      view: "board",
      sort: "date",
      stage: null,
    });
    expect(listQueryString({ view: "board", sort: "date", stage: null })).toBe("");
    expect(listQueryString({ view: "list", sort: "stage", stage: "offer" })).toBe(
      "?view=list&sort=stage&stage=offer",
    );
  });

  test("by date: newest first, the later-added first on the same day", () => {
    expect(listed(rows, { sort: "date", stage: null }).map((r) => r.company)).toEqual([
      "Zeta",
      "Acme",
      "beta",
      "acme",
    ]);
  });

  test("by company: A to Z, case aside; by stage: the search's order", () => {
    expect(listed(rows, { sort: "company", stage: null }).map((r) => r.company)).toEqual([
      "Acme",
      "acme",
      "beta",
      "Zeta",
    ]);
    expect(listed(rows, { sort: "stage", stage: null }).map((r) => r.stage)).toEqual([
      "applied",
      "applied",
      "onsite",
      "rejected",
    ]);
  });

  test("a stage filter keeps that stage only, and leaves the input as it was", () => {
    const copy = [...rows];
    expect(listed(rows, { sort: "company", stage: "applied" }).map((r) => r.company)).toEqual([
      "Acme",
      "Zeta",
    ]);
    expect(rows).toEqual(copy);
  });

  test("the board has a column for every stage, each in the list's order", () => {
    const columns = byStageColumns(listed(rows, { sort: "date", stage: null }));
    expect(Object.keys(columns)).toEqual([...JOB_STAGES]);
    expect(columns.applied.map((r) => r.company)).toEqual(["Zeta", "Acme"]);
    expect(columns.offer).toEqual([]);
  });
});
