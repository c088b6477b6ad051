import { eq, sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { JOB_STAGES } from "~/domain/job-search";
import { type ApplicationInput, JOB_MESSAGES } from "~/lib/schemas/job-search";
import { deletePerson, exportPersonData } from "~/server/models/data-rights.server";
import {
  createApplication,
  deleteApplication,
  editApplication,
  moveApplication,
} from "~/server/models/job-search.server";
import {
  applicationsOf,
  ownApplication,
  ownApplications,
  todayFor,
} from "~/server/models/job-search-read.server";
import { authorize } from "~/server/policy.server";
import { emailPreferences } from "~/server/schema";
import { jobApplicationMoves, jobApplications } from "~/server/schema-job-search";
import { databaseLabel, rowsOf } from "../support/database";
import { fileStoreForFile } from "../support/file-store";
import { jobSearchClients } from "../support/job-outcomes";
import { insertPerson } from "../support/people";
import { modelRefusal, PERMISSION, thrownBy } from "../support/refusal";
import { modelDatabaseForFile } from "../support/test-database";

// The job search's model (docs/decisions/0053-job-search.md) on a real database: the client's own
// applications, every move a row of history, refusals that store nothing, staff reading, export, deletion.

const { db, refusedUnchanged } = modelDatabaseForFile();
const files = fileStoreForFile();

const { client, own } = jobSearchClients(db, "basic");

const FIELDS: ApplicationInput = {
  company: "Acme",
  role: "Senior backend engineer",
  url: "https://jobs.example.com/acme/123",
  level: "Senior",
  location: "Toronto",
  remote: true,
  source: "referral",
  appliedOn: "2026-03-02",
  notes: "Referred by Sam.",
};

const movesOf = (applicationId: string) =>
  db()
    .select()
    .from(jobApplicationMoves)
    .where(eq(jobApplicationMoves.applicationId, applicationId))
    .orderBy(jobApplicationMoves.movedAt);

describe(`the job search, on ${databaseLabel}`, () => {
  test("an application is created with its fields and its first move, from nothing to its stage", async () => {
    const nia = await client("Nia Search");
    const created = await createApplication(db(), own(nia), FIELDS, "applied");
    expect(created).toMatchObject({ ...FIELDS, clientId: nia.id, stage: "applied" });
    const moves = await movesOf(created.id);
    expect(moves).toMatchObject([{ fromStage: null, toStage: "applied", movedBy: nia.id }]);
    expect(moves[0]?.movedAt).toEqual(created.stageChangedAt);
    expect((await ownApplications(db(), own(nia))).map((a) => a.id)).toEqual([created.id]);
  });

  test("without a date it is today in the client's time zone", async () => {
    const late = await client("Lee Late");
    await db().insert(emailPreferences).values({ profileId: late.id, timeZone: "Pacific/Kiritimati" });
    const created = await createApplication(db(), own(late), { ...FIELDS, appliedOn: "" }, "saved");
    expect(created.appliedOn).toBe(await todayFor(db(), late.id));
    // The database's own reading of that calendar, 14 hours ahead of UTC.
    const [row] = rowsOf<{ day: string }>(
      await db().execute(sql`SELECT (now() AT TIME ZONE 'Pacific/Kiritimati')::date::text AS day`),
    );
    expect(created.appliedOn).toBe(row?.day);
  });

  test("an edit changes the fields, not the stage or its history", async () => {
    const nia = await client("Nia Edit");
    const created = await createApplication(db(), own(nia), FIELDS, "saved");
    const edited = await editApplication(db(), own(nia), created.id, {
      ...FIELDS,
      company: "Acme Corp",
      url: "",
      level: "",
      remote: false,
      notes: "",
    });
    expect(edited).toMatchObject({
      company: "Acme Corp",
      url: null,
      level: null,
      remote: false,
      notes: null,
    });
    expect(edited.stage).toBe("saved");
    expect(await movesOf(created.id)).toHaveLength(1);
  });

  test("each move is a row of history; the stage is the latest; the same stage is a no-op", async () => {
    const nia = await client("Nia Moves");
    const { id } = await createApplication(db(), own(nia), FIELDS, "saved");
    // Skipping forward, then back: any stage to any other.
    expect(await moveApplication(db(), own(nia), id, "onsite")).toEqual({ moved: true, stage: "onsite" });
    expect(await moveApplication(db(), own(nia), id, "rejected")).toEqual({ moved: true, stage: "rejected" });
    expect(await moveApplication(db(), own(nia), id, "technical")).toEqual({
      moved: true,
      stage: "technical",
    });
    const before = await movesOf(id);
    expect(await moveApplication(db(), own(nia), id, "technical")).toEqual({
      moved: false,
      stage: "technical",
    });
    expect(await movesOf(id)).toEqual(before);

    const { application, moves } = await ownApplication(db(), own(nia), id);
    expect(moves.map((m) => [m.fromStage, m.toStage])).toEqual([
      [null, "saved"],
      ["saved", "onsite"],
      ["onsite", "rejected"],
      ["rejected", "technical"],
    ]);
    expect(moves.every((m) => m.movedBy === "Nia Moves")).toBe(true);
    expect(application.stage).toBe("technical");
    expect(application.stageChangedAt).toEqual(moves.at(-1)?.movedAt);
  });

  test("every stage the domain names is one the database takes", async () => {
    const nia = await client("Nia Stages");
    const { id } = await createApplication(db(), own(nia), FIELDS, "saved");
    for (const stage of JOB_STAGES.slice(1)) await moveApplication(db(), own(nia), id, stage);
    expect(await movesOf(id)).toHaveLength(JOB_STAGES.length);
  });

  test("an unknown stage is refused, on a move and on a new application, and nothing is stored", async () => {
    const nia = await client("Nia Unknown");
    const { id } = await createApplication(db(), own(nia), FIELDS, "applied");
    for (const stage of ["hired", "Onsite", "", "__proto__"]) {
      await refusedUnchanged(
        () => moveApplication(db(), own(nia), id, stage),
        400,
        JOB_MESSAGES.unknownStage,
      );
      await refusedUnchanged(
        () => createApplication(db(), own(nia), FIELDS, stage),
        400,
        JOB_MESSAGES.unknownStage,
      );
    }
  });

  test("each bad field is refused with its own message and field, and nothing is stored", async () => {
    const nia = await client("Nia Fields");
    const { id } = await createApplication(db(), own(nia), FIELDS, "applied");
    const bad: [Partial<ApplicationInput>, string, string][] = [
      [{ company: "  " }, "company", JOB_MESSAGES.company],
      [{ company: "x".repeat(121) }, "company", "Keep the company under 120 characters."],
      [{ role: "" }, "role", JOB_MESSAGES.role],
      [{ role: "r".repeat(121) }, "role", "Keep the role under 120 characters."],
      [{ url: "javascript:alert(1)" }, "url", JOB_MESSAGES.url],
      [{ url: `https://example.com/${"a".repeat(2000)}` }, "url", "Keep the link under 2,000 characters."],
      [{ level: "L".repeat(41) }, "level", "Keep the level under 40 characters."],
      [{ location: "l".repeat(121) }, "location", "Keep the location under 120 characters."],
      [{ source: "linkedin" }, "source", JOB_MESSAGES.unknownSource],
      [{ appliedOn: "03/02/2026" }, "appliedOn", JOB_MESSAGES.date],
      [{ appliedOn: "2026-02-30" }, "appliedOn", JOB_MESSAGES.date],
      [{ notes: "n".repeat(5001) }, "notes", "Keep the notes under 5,000 characters."],
      [{ company: "Acme\u0000" }, "company", "Remove the control characters from the company."],
    ];
    for (const [change, field, message] of bad) {
      const input = { ...FIELDS, ...change };
      await refusedUnchanged(() => createApplication(db(), own(nia), input, "applied"), 400, message);
      await refusedUnchanged(() => editApplication(db(), own(nia), id, input), 400, message);
      const refusal = (await modelRefusal(() => createApplication(db(), own(nia), input, "applied"))) as {
        data?: { field?: string };
      };
      expect(refusal.data?.field, message).toBe(field);
    }
  });

  test("another client's application by id is refused as not found, and nothing changes", async () => {
    const owner = await client("Olu Owner");
    const other = await client("Oda Other");
    const { id } = await createApplication(db(), own(owner), FIELDS, "applied");
    const notFound = [404, JOB_MESSAGES.notFound] as const;
    await refusedUnchanged(() => moveApplication(db(), own(other), id, "onsite"), ...notFound);
    await refusedUnchanged(
      () => editApplication(db(), own(other), id, { ...FIELDS, company: "Mine" }),
      ...notFound,
    );
    await refusedUnchanged(() => deleteApplication(db(), own(other), id), ...notFound);
    await refusedUnchanged(() => ownApplication(db(), own(other), id), ...notFound);
    // The same answer as an id that names nothing.
    const missing = crypto.randomUUID();
    await refusedUnchanged(() => moveApplication(db(), own(other), missing, "onsite"), ...notFound);
    expect(await ownApplications(db(), own(other))).toEqual([]);
  });

  test("staff read a client's applications; a client may not read as staff, nor staff keep their own", async () => {
    const nia = await client("Nia Staff");
    const { id } = await createApplication(db(), own(nia), FIELDS, "applied");
    for (const role of ["coach", "admin"] as const) {
      const person = await insertPerson(db(), role, null, `Staff ${role}`);
      const rows = await applicationsOf(db(), authorize(person, "job-search.read"), nia.id);
      expect(rows.map((row) => row.id)).toEqual([id]);
      const refused = (await thrownBy(async () => authorize(person, "job-search.own"))) as {
        data?: { error?: string };
      };
      expect(refused.data?.error).toBe(PERMISSION);
    }
    const refused = (await thrownBy(async () => authorize(nia, "job-search.read"))) as {
      data?: { error?: string };
    };
    expect(refused.data?.error).toBe(PERMISSION);
    const lead = await insertPerson(db(), "lead", null, "Lou Lead");
    await thrownBy(async () => authorize(lead, "job-search.own"));
  });

  test("deleting an application takes its history; deleting the person takes everything", async () => {
    const nia = await client("Nia Gone");
    const first = await createApplication(db(), own(nia), FIELDS, "applied");
    const second = await createApplication(db(), own(nia), { ...FIELDS, company: "Beta" }, "saved");
    await moveApplication(db(), own(nia), second.id, "technical");
    expect(await deleteApplication(db(), own(nia), first.id)).toEqual({ id: first.id, company: "Acme" });
    expect(await movesOf(first.id)).toEqual([]);
    expect((await ownApplications(db(), own(nia))).map((a) => a.id)).toEqual([second.id]);

    const admin = await insertPerson(db(), "admin", null, "Ada Admin");
    await deletePerson(db(), authorize(admin, "profile.delete"), nia.id, files.store());
    expect(await db().select().from(jobApplications).where(eq(jobApplications.clientId, nia.id))).toEqual([]);
    expect(await movesOf(second.id)).toEqual([]);
  });

  test("the data export holds every application and every move", async () => {
    const nia = await client("Nia Export");
    const { id } = await createApplication(db(), own(nia), FIELDS, "applied");
    await moveApplication(db(), own(nia), id, "recruiter_screen");
    await createApplication(db(), own(await client("Someone Else")), FIELDS, "saved");
    const { jobApplications: apps, jobApplicationMoves: moves } = await exportPersonData(
      db(),
      authorize(nia, "self.export"),
    );
    expect(apps).toMatchObject([{ id, ...FIELDS, stage: "recruiter_screen" }]);
    expect(moves.map((m) => [m.applicationId, m.fromStage, m.toStage])).toEqual([
      [id, null, "applied"],
      [id, "applied", "recruiter_screen"],
    ]);
  });

  test("500 applications come back from one read, newest first", async () => {
    const many = await client("Mo Many");
    await db()
      .insert(jobApplications)
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          clientId: many.id,
          company: `Company ${i}`,
          role: "Engineer",
          appliedOn: `2025-${String((i % 12) + 1).padStart(2, "0")}-${String((i % 28) + 1).padStart(2, "0")}`,
          stage: JOB_STAGES[i % JOB_STAGES.length] ?? "saved",
        })),
      );
    const rows = await ownApplications(db(), own(many));
    expect(rows).toHaveLength(500);
    const days = rows.map((row) => row.appliedOn);
    expect(days).toEqual([...days].sort().reverse());
  });
});
