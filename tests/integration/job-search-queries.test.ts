import { beforeAll, describe, expect, test } from "vitest";
import { JOB_STAGES, readListQuery } from "~/domain/job-search";
import type { Viewer } from "~/domain/viewer";
import { jobSearchView } from "~/routes/portal/applications/view.server";
import { provideDatabase } from "~/server/db.server";
import { createApplication, moveApplication } from "~/server/models/job-search.server";
import { coachBoard } from "~/server/models/job-search-board.server";
import { authorize } from "~/server/policy.server";
import { bookings } from "~/server/schema";
import { jobInterviews } from "~/server/schema-job-search";
import { databaseLabel } from "../support/database";
import { APPLICATION_FIELDS } from "../support/job-outcomes";
import { insertPerson } from "../support/people";
import { statementsOf } from "../support/statement-count";
import { openDatabaseForFile } from "../support/test-database";

// "Each page a fixed number of queries whatever the count" (issue 44; docs/decisions/0053-job-search.md,
// "Cost" under the board and under the coach's board): the statements each board sends to the database,
// counted at the driver (tests/support/statement-count.ts), are the same at a few rows and at many, and as
// many as the decision says. A query per application or per client would grow with the count and fail here.

/** 0053: the board and the list read the applications (one prepared statement) and today in the client's zone. */
const CLIENT_BOARD_STATEMENTS = 2;
/** 0053: the setting, the clients, the applications per client and stage, the unprepared interviews. */
const COACH_BOARD_STATEMENTS = 4;

const database = openDatabaseForFile();
const db = () => database().db;
// The client's page data reads the process's handle (getDb), as the route does.
beforeAll(() => provideDatabase(async () => database()));

const own = (client: Viewer) => authorize(client, "job-search.own");
const inHours = (hours: number) => new Date(Date.now() + hours * 60 * 60 * 1000);

/** Applications `from`…`to - 1` of `client`: every stage, some moved since, some with an interview soon. */
async function addApplications(client: Viewer, from: number, to: number) {
  for (let i = from; i < to; i++) {
    const stage = JOB_STAGES[i % JOB_STAGES.length] as string;
    const fields = { ...APPLICATION_FIELDS, company: `Company ${i}`, notes: `Notes ${i}` };
    const application = await createApplication(db(), own(client), fields, stage);
    if (i % 4 === 1) await moveApplication(db(), own(client), application.id, "onsite");
    if (i % 3 === 0)
      await db()
        .insert(jobInterviews)
        .values({ applicationId: application.id, kind: "coding", startsAt: inHours(24 + i) });
  }
}

/** The statements of the board's and the list's page data (jobSearchView, as /applications loads it). */
async function clientPages(client: Viewer) {
  const pages = [];
  for (const search of ["", "view=list&sort=company&stage=onsite"]) {
    let total = 0;
    const sent = await statementsOf(db(), async () => {
      const view = await jobSearchView(
        own(client),
        { kind: "real", plan: "pro" },
        readListQuery(new URLSearchParams(search)),
      );
      total = view.total;
    });
    pages.push({ search, total, sent });
  }
  return pages;
}

describe(`statements per page whatever the count, on ${databaseLabel}`, () => {
  test(`the coach's board: ${COACH_BOARD_STATEMENTS} statements at 2 clients and at 15`, async () => {
    const read = authorize(await insertPerson(db(), "coach", null, "Cora Coach"), "job-search.read");
    const addClients = async (count: number, label: string) => {
      for (let i = 0; i < count; i++) {
        const client = await insertPerson(db(), "client", "pro", `${label} ${i}`);
        await addApplications(client, 0, 3 + (i % 3));
        // Every other client has a mock interview booked before their interviews: not flagged.
        if (i % 2 === 1)
          await db()
            .insert(bookings)
            .values({
              uid: `mock-${client.id}`,
              currentUid: `mock-${client.id}`,
              clientId: client.id,
              kind: "mock_interview",
              eventType: "mock-interview",
              title: "Mock interview",
              startsAt: inHours(2),
              endsAt: inHours(3),
              attendeeEmail: client.email,
              status: "booked",
            });
      }
    };
    const board = async () => {
      let rows: Awaited<ReturnType<typeof coachBoard>>["rows"] = [];
      const sent = await statementsOf(db(), async () => {
        rows = (await coachBoard(db(), read)).rows;
      });
      return { rows, sent };
    };

    await addClients(2, "Few");
    const few = await board();
    await addClients(13, "More");
    const many = await board();

    // First in the file: these are the only clients yet.
    expect([few.rows.length, many.rows.length]).toEqual([2, 15]);
    // Every client's row has its data: the interview flag where no mock interview is booked before it.
    const flagged = many.rows.filter((row) => row.interviewUnprepared && row.fullName?.startsWith("More"));
    expect(flagged).toHaveLength(7);
    for (const { sent } of [few, many]) expect(sent, sent.join("\n")).toHaveLength(COACH_BOARD_STATEMENTS);
    expect([...many.sent].sort()).toEqual([...few.sent].sort());
  });

  test(`the client's board and list: ${CLIENT_BOARD_STATEMENTS} statements at 3 applications and at 40`, async () => {
    const client = await insertPerson(db(), "client", "pro", "Many Applications");
    await addApplications(client, 0, 3);
    const few = await clientPages(client);
    await addApplications(client, 3, 40);
    const many = await clientPages(client);

    expect(few.map((page) => page.total)).toEqual([3, 3]);
    expect(many.map((page) => page.total)).toEqual([40, 40]);
    for (const page of [...few, ...many])
      expect(page.sent, `?${page.search}:\n${page.sent.join("\n")}`).toHaveLength(CLIENT_BOARD_STATEMENTS);
    // The same statements, not only as many.
    expect(many.map((page) => page.sent)).toEqual(few.map((page) => page.sent));
  });
});
