import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { STALLED_DAYS_MESSAGE } from "~/lib/schemas/job-search-board";
import { createApplication, moveApplication } from "~/server/models/job-search.server";
import { coachBoard, setStalledAfterDays, stalledAfterDays } from "~/server/models/job-search-board.server";
import { authorize } from "~/server/policy.server";
import { auditEvents, bookings } from "~/server/schema";
import { jobApplications, jobInterviews } from "~/server/schema-job-search";
import { databaseLabel } from "../support/database";
import { APPLICATION_FIELDS, jobSearchClients } from "../support/job-outcomes";
import { insertPerson } from "../support/people";
import { modelDatabaseForFile } from "../support/test-database";

// The coach's board across clients (docs/decisions/0053-job-search.md, "The coach's board") on a real
// database: counts per client and stage, the quiet days, the stalled flag and its setting.

const { db, refusedUnchanged } = modelDatabaseForFile();
const DAY = 24 * 60 * 60 * 1000;

const { client, own } = jobSearchClients(db, "basic");
const add = (person: Viewer, company: string, stage: string) =>
  createApplication(db(), own(person), { ...APPLICATION_FIELDS, company }, stage);
/** Ages a client's applications as if nothing happened to them for `days`. */
const age = (person: Viewer, days: number) =>
  db()
    .update(jobApplications)
    .set({ createdAt: new Date(Date.now() - days * DAY), stageChangedAt: new Date(Date.now() - days * DAY) })
    .where(eq(jobApplications.clientId, person.id));

describe(`the coach's board, on ${databaseLabel}`, () => {
  let coach: Viewer;
  let admin: Viewer;
  beforeAll(async () => {
    coach = await insertPerson(db(), "coach", null, "Cora Coach");
    admin = await insertPerson(db(), "admin", null, "Ada Admin");
  });
  const board = async (now?: Date) => coachBoard(db(), authorize(coach, "job-search.read"), now);
  const rowOf = async (person: Viewer, now?: Date) => {
    const row = (await board(now)).rows.find((r) => r.clientId === person.id);
    if (!row) throw new Error(`${person.id} not on the board`);
    return row;
  };

  test("a client's applications are counted per stage, with what was added lately and the last activity", async () => {
    const nia = await client("Nia Board");
    await add(nia, "Acme", "applied");
    await add(nia, "Beta", "applied");
    const moved = await add(nia, "Gamma", "saved");
    await moveApplication(db(), own(nia), moved.id, "onsite");
    const row = await rowOf(nia);
    expect(row.perStage).toMatchObject({ applied: 2, onsite: 1, saved: 0, offer: 0 });
    expect(row).toMatchObject({ total: 3, addedLately: 3, quietDays: 0, stalled: false, searching: true });
  });

  test("a client with no application is listed, not started and never stalled", async () => {
    const row = await rowOf(await client("Noor Nothing"), new Date(Date.now() + 365 * DAY));
    expect(row).toMatchObject({ total: 0, lastActivityAt: null, quietDays: null, stalled: false });
  });

  test("quiet for the setting's days is stalled, flagged first; an accepted offer ends the search", async () => {
    const quiet = await client("Quinn Quiet");
    await add(quiet, "Delta", "rejected");
    await age(quiet, 15);
    const done = await client("Dana Done");
    await add(done, "Epsilon", "accepted");
    await age(done, 40);
    const { rows, stalledAfterDays: days } = await board();
    expect(days).toBe(14);
    const quietRow = rows.find((r) => r.clientId === quiet.id);
    expect(quietRow).toMatchObject({ quietDays: 15, stalled: true, addedLately: 0 });
    expect(rows.find((r) => r.clientId === done.id)).toMatchObject({ stalled: false, searching: false });
    // Every stalled row comes before every other.
    const firstCalm = rows.findIndex((r) => !r.stalled);
    expect(rows.slice(firstCalm).some((r) => r.stalled)).toBe(false);
  });

  test("the setting moves the line, is audited, and a number out of range changes nothing", async () => {
    const slow = await client("Sol Slow");
    await add(slow, "Zeta", "applied");
    await age(slow, 20);
    expect((await rowOf(slow)).stalled).toBe(true);
    await setStalledAfterDays(db(), authorize(admin, "job-search.settings"), 30);
    expect(await stalledAfterDays(db())).toBe(30);
    expect((await rowOf(slow)).stalled).toBe(false);
    const audits = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, "job-search.settings"), eq(auditEvents.actorId, admin.id)));
    expect(audits).toMatchObject([{ before: { stalledAfterDays: 14 }, after: { stalledAfterDays: 30 } }]);
    for (const days of [0, 91, 1.5, Number.NaN]) {
      await refusedUnchanged(
        () => setStalledAfterDays(db(), authorize(coach, "job-search.settings"), days),
        400,
        STALLED_DAYS_MESSAGE,
      );
    }
    expect(await stalledAfterDays(db())).toBe(30);
  });

  test("an interview within 72 hours is flagged until a mock interview is booked in the week before it", async () => {
    const ivy = await client("Ivy Interview");
    const application = await add(ivy, "Theta", "technical");
    const inHours = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000);
    await db()
      .insert(jobInterviews)
      .values([
        { applicationId: application.id, kind: "coding", startsAt: inHours(96) },
        { applicationId: application.id, kind: "onsite", startsAt: inHours(30) },
      ]);
    const flagged = await rowOf(ivy);
    expect(flagged.interviewUnprepared).toBe(true);
    expect(flagged.unpreparedInterviewAt?.getTime()).toBeCloseTo(inHours(30).getTime(), -4);
    expect((await board()).rows[0]?.clientId).toBe(ivy.id);
    // A mock a month before does not prepare it; a cancelled one neither; one booked the day before does.
    const mock = (startsAt: Date, status: "booked" | "cancelled") => ({
      uid: `mock-${ivy.id}-${startsAt.getTime()}-${status}`,
      currentUid: `mock-${ivy.id}-${startsAt.getTime()}-${status}`,
      clientId: ivy.id,
      kind: "mock_interview" as const,
      eventType: "mock-interview",
      title: "Mock interview",
      startsAt,
      endsAt: new Date(startsAt.getTime() + 60 * 60 * 1000),
      attendeeEmail: ivy.email,
      status,
    });
    await db()
      .insert(bookings)
      .values([mock(inHours(-24 * 30), "booked"), mock(inHours(6), "cancelled")]);
    expect((await rowOf(ivy)).interviewUnprepared).toBe(true);
    await db()
      .insert(bookings)
      .values(mock(inHours(6), "booked"));
    expect((await rowOf(ivy)).interviewUnprepared).toBe(false);
  });
});
