import { readFileSync } from "node:fs";
import { parse } from "csv-parse/sync";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import {
  detectTracker,
  guessMapping,
  IMPORT_LIMITS,
  type Tracker,
  trackerMapping,
} from "~/domain/job-import";
import { readRows } from "~/lib/job-import-rows";
import { csvText as toCsv } from "~/server/csv.server";
import {
  csvText,
  IMPORT_REFUSALS,
  isPreviewed,
  parseCsv,
  previewToken,
} from "~/server/entries/job-import.server";
import { EXPORT_HEADER, exportRow } from "~/server/job-export.server";
import { importApplications, ownApplicationsForExport } from "~/server/models/job-import.server";
import { createApplication } from "~/server/models/job-search.server";
import { jobApplicationMoves, jobApplications } from "~/server/schema-job-search";
import { databaseLabel } from "../support/database";
import { jobSearchClients } from "../support/job-outcomes";
import { modelRefusal } from "../support/refusal";
import { modelDatabaseForFile } from "../support/test-database";

// The job search's import and export (docs/decisions/0053-job-search.md, "Import and export") on a real
// database: each tracker's fixture read and stored with its first moves, all rows or none, the limits, and
// an export that reads back in, formula text kept as text.

const { db, refusedUnchanged } = modelDatabaseForFile();
const { client, own } = jobSearchClients(db, "basic");

const fixture = (name: string) => readFileSync(`tests/fixtures/job-import/${name}.csv`);

async function rowsOf(bytes: Buffer) {
  const csv = parseCsv(await csvText(bytes));
  const tracker = detectTracker(csv.header);
  const mapping = tracker ? trackerMapping(tracker, csv.header) : guessMapping(csv.header);
  return { tracker, ...readRows(csv.records, mapping) };
}

const applicationsOf = (clientId: string) =>
  db()
    .select()
    .from(jobApplications)
    .where(eq(jobApplications.clientId, clientId))
    .orderBy(jobApplications.company);

describe(`importing a job search, on ${databaseLabel}`, () => {
  test.each([
    [
      "huntr",
      5,
      { Acme: "applied", Globex: "saved", Initech: "recruiter_screen", Umbrella: "offer", Hooli: "rejected" },
    ],
    ["teal", 4, { Acme: "applied", Globex: "saved", Initech: "rejected", Umbrella: "recruiter_screen" }],
    ["simplify", 4, { Acme: "applied", Globex: "saved", Initech: "recruiter_screen", Hooli: "rejected" }],
  ] as const)("%s's export: every row, at its stage, with its first move", async (name, count, stages) => {
    const person = await client(`Ivy ${name}`);
    const { tracker, rows, problems } = await rowsOf(fixture(name));
    expect(tracker).toBe(name as Tracker);
    expect(problems).toEqual([]);
    expect(await importApplications(db(), own(person), rows)).toEqual({ count });
    const stored = await applicationsOf(person.id);
    expect(Object.fromEntries(stored.map((a) => [a.company.split(" ")[0], a.stage]))).toEqual(stages);
    const moves = await db()
      .select()
      .from(jobApplicationMoves)
      .where(
        inArray(
          jobApplicationMoves.applicationId,
          stored.map((a) => a.id),
        ),
      );
    expect(moves).toHaveLength(count);
    for (const app of stored) {
      expect(moves.filter((m) => m.applicationId === app.id)).toMatchObject([
        { fromStage: null, toStage: app.stage, movedBy: person.id, movedAt: app.stageChangedAt },
      ]);
    }
  });

  test("the fields as the fixtures give them: dates, links, remote, a source kept in the notes", async () => {
    const person = await client("Ivy Fields");
    await importApplications(db(), own(person), (await rowsOf(fixture("teal"))).rows);
    const [acme, globex] = await applicationsOf(person.id);
    expect(acme).toMatchObject({
      role: "Backend Engineer",
      url: "https://boards.greenhouse.io/acme/jobs/1",
      location: "Berlin, Germany",
      appliedOn: "2026-09-03",
      source: "applied",
      notes: "Source: LinkedIn",
    });
    // No applied_at: the day it was added.
    expect(globex).toMatchObject({ appliedOn: "2026-09-05", location: null, remote: true });
  });

  test("all or nothing: one row that cannot be read and none is stored, anyone's", async () => {
    const person = await client("Ivy Nothing");
    const other = await client("Oli Other");
    await createApplication(
      db(),
      own(other),
      { company: "Kept", role: "R", remote: false, source: "applied" },
      "applied",
    );
    const text = `${fixture("custom").toString("utf8")}Hooli,Engineer,,,31/12/2026,Applied,\n`;
    const { rows, problems } = await rowsOf(Buffer.from(text));
    expect(problems).toEqual([{ row: 5, message: expect.stringMatching(/^date not read: "31\/12\/2026"/) }]);
    const first = rows[0];
    if (!first) throw new Error("the custom fixture has rows");
    // The rows that were read, with one more the model refuses: the whole import is refused.
    const broken = [...rows, { ...first, row: 9, stage: "ghosted" as never }];
    await refusedUnchanged(() => importApplications(db(), own(person), broken), 400);
    await refusedUnchanged(
      () => importApplications(db(), own(person), [{ ...first, fields: { ...first.fields, company: "" } }]),
      400,
    );
    expect(await applicationsOf(person.id)).toEqual([]);
    expect((await applicationsOf(other.id)).map((a) => a.company)).toEqual(["Kept"]);
  });

  test("the limits: 5,000 rows in one import, more refused before any is read; not a CSV refused", async () => {
    const rows = (n: number) => `Company,Role\n${"Acme,Engineer\n".repeat(n)}`;
    expect(parseCsv(rows(IMPORT_LIMITS.rows)).records).toHaveLength(IMPORT_LIMITS.rows);
    const tooMany = await modelRefusal(async () => parseCsv(rows(50_000)));
    expect(tooMany).toMatchObject({ init: { status: 413 }, data: { error: IMPORT_REFUSALS.tooManyRows } });
    const pdf = Buffer.from("%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n");
    expect(await modelRefusal(() => csvText(pdf))).toMatchObject({
      init: { status: 415 },
      data: { error: IMPORT_REFUSALS.notCsvType("pdf") },
    });
    const binary = Buffer.from([0x43, 0x6f, 0x00, 0xff, 0xfe, 0x01, 0x02]);
    expect(await modelRefusal(() => csvText(binary))).toMatchObject({ init: { status: 415 } });
    expect(await modelRefusal(async () => parseCsv('Company,Role\n"Acme,Engineer\n'))).toMatchObject({
      init: { status: 415 },
    });
  });

  test("5,000 rows are stored in one go", async () => {
    const person = await client("Ivy Many");
    const { rows } = await rowsOf(
      Buffer.from(`Company,Role,Status\n${"Acme,Engineer,Applied\n".repeat(5000)}`),
    );
    expect(await importApplications(db(), own(person), rows)).toEqual({ count: 5000 });
    expect(await applicationsOf(person.id)).toHaveLength(5000);
  }, 60_000);

  test("the preview's token holds for this person, this file and this mapping only", () => {
    const bytes = fixture("custom");
    const mapping = guessMapping(["Employer", "Position"]);
    const token = previewToken("me", bytes, mapping);
    expect(isPreviewed(token, "me", bytes, mapping)).toBe(true);
    expect(isPreviewed(token, "someone else", bytes, mapping)).toBe(false);
    expect(isPreviewed(token, "me", Buffer.concat([bytes, Buffer.from("x")]), mapping)).toBe(false);
    expect(isPreviewed(token, "me", bytes, { ...mapping, notes: ["Employer"] })).toBe(false);
    expect(isPreviewed(token, "me", bytes, mapping, Date.now() + 2 * 60 * 60 * 1000)).toBe(false);
  });
});

describe(`exporting a job search, on ${databaseLabel}`, () => {
  test("every field, formula text kept as text, and it reads back in", async () => {
    const person = await client("Eve Export");
    const formula = '=HYPERLINK("https://evil.example","click")';
    await createApplication(
      db(),
      own(person),
      {
        company: formula,
        role: "+Engineer",
        url: "https://a.example/1",
        level: "Senior",
        location: "Toronto",
        remote: true,
        source: "referral",
        appliedOn: "2026-09-03",
        notes: "-1, said no",
      },
      "onsite",
    );
    const rows = await ownApplicationsForExport(db(), own(person));
    const text = toCsv([EXPORT_HEADER, ...rows.map(exportRow)]);
    const [header, row] = parse(text) as string[][];
    expect(header).toEqual([...EXPORT_HEADER]);
    expect(row?.slice(0, 9)).toEqual([
      `'${formula}`,
      "'+Engineer",
      "https://a.example/1",
      "Senior",
      "Toronto",
      "yes",
      "Referral",
      "2026-09-03",
      "Onsite / loop",
    ]);
    expect(row?.[10]).toBe("'-1, said no");

    const again = await rowsOf(Buffer.from(text));
    expect(again.tracker).toBeNull();
    expect(again.problems).toEqual([]);
    expect(again.rows[0]).toMatchObject({
      stage: "onsite",
      fields: {
        company: `'${formula}`,
        source: "referral",
        remote: true,
        appliedOn: "2026-09-03",
        level: "Senior",
      },
    });
  });
});
