import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { activities, homework, lessons, resources } from "~/server/schema";
import { databaseNow, rowsOf } from "../support/database";
import {
  CHECK_VIOLATION,
  constraintRowsForFile,
  expectRefused,
  findPgError,
  INVALID_TEXT,
  NOT_NULL_VIOLATION,
} from "../support/pg-constraints";

// Homework, titles, resources and server-set times: their rules are schema constraints; raw SQL tries
// values the types would not allow.

const { db, exec, countWhere, makeProfile } = constraintRowsForFile();

const homeworkCount = (clientId: string) => countWhere(homework, eq(homework.clientId, clientId));

test("a homework status outside assigned/submitted/reviewed is refused, and nothing is written", async () => {
  const client = await makeProfile();
  for (const status of ["done", "Assigned", ""]) {
    await expectRefused(
      () =>
        exec(sql`INSERT INTO homework (client_id, title, status, submitted_at, reviewed_at)
                 VALUES (${client.id}, 'Write a cover letter', ${status}, now(), now())`),
      INVALID_TEXT,
    );
  }
  expect(await homeworkCount(client.id)).toBe(0);
});

test("homework 'submitted' without a submission time is refused, and nothing is written", async () => {
  const client = await makeProfile();
  await expectRefused(
    () =>
      exec(sql`INSERT INTO homework (client_id, title, status)
               VALUES (${client.id}, 'Write a cover letter', 'submitted')`),
    CHECK_VIOLATION,
    "homework_status_times",
  );
  expect(await homeworkCount(client.id)).toBe(0);
});

test("homework 'reviewed' without a review time is refused, and nothing is written", async () => {
  const client = await makeProfile();
  await expectRefused(
    () =>
      exec(sql`INSERT INTO homework (client_id, title, status, submitted_at)
               VALUES (${client.id}, 'Write a cover letter', 'reviewed', now())`),
    CHECK_VIOLATION,
    "homework_status_times",
  );
  await expectRefused(
    () =>
      exec(sql`INSERT INTO homework (client_id, title, status, reviewed_at)
               VALUES (${client.id}, 'Write a cover letter', 'reviewed', now())`),
    CHECK_VIOLATION,
    "homework_status_times",
  );
  expect(await homeworkCount(client.id)).toBe(0);
});

test("new homework is assigned by default, and moves through submitted and reviewed with their times", async () => {
  const client = await makeProfile();
  const coach = await makeProfile("coach");
  const [row] = await db()
    .insert(homework)
    .values({ clientId: client.id, assignedBy: coach.id, title: "Practise two-pointer problems" })
    .returning();
  expect(row).toMatchObject({ status: "assigned", submittedAt: null, reviewedAt: null, links: [] });
  const id = row?.id ?? "";

  await expectRefused(
    () => exec(sql`UPDATE homework SET status = 'submitted' WHERE id = ${id}`),
    CHECK_VIOLATION,
    "homework_status_times",
  );
  expect((await db().select().from(homework).where(eq(homework.id, id)))[0]?.status).toBe("assigned");

  const submittedAt = new Date();
  await db().update(homework).set({ status: "submitted", submittedAt }).where(eq(homework.id, id));
  await expectRefused(
    () => exec(sql`UPDATE homework SET status = 'reviewed' WHERE id = ${id}`),
    CHECK_VIOLATION,
    "homework_status_times",
  );
  await db()
    .update(homework)
    .set({ status: "reviewed", reviewedAt: new Date(), reviewedBy: coach.id, feedback: "Good" })
    .where(eq(homework.id, id));
  const [stored] = await db().select().from(homework).where(eq(homework.id, id));
  expect(stored?.status).toBe("reviewed");
  expect(stored?.submittedAt?.getTime()).toBe(submittedAt.getTime());
  expect(stored?.reviewedAt).toBeInstanceOf(Date);
});

/** A table whose rows need only a client and a title, checked by its `<name>_title_present` constraint. */
function titledTable(table: typeof activities | typeof lessons | typeof homework, name: string) {
  return {
    table: name,
    constraint: `${name}_title_present`,
    insert: (clientId: string, title: string) =>
      exec(sql`INSERT INTO ${table} (client_id, title) VALUES (${clientId}, ${title})`),
    count: (clientId: string) => countWhere(table, eq(table.clientId, clientId)),
  };
}

const TITLED_TABLES = [
  titledTable(activities, "activities"),
  titledTable(lessons, "lessons"),
  titledTable(homework, "homework"),
  {
    table: "resources",
    constraint: "resources_title_present",
    insert: (clientId: string, title: string) =>
      exec(sql`INSERT INTO resources (client_id, kind, title, url)
               VALUES (${clientId}, 'article', ${title}, 'https://example.com/a')`),
    count: (clientId: string) => countWhere(resources, eq(resources.clientId, clientId)),
  },
];

for (const target of TITLED_TABLES) {
  test(`${target.table}: a blank title ('' or spaces) is refused, a real one accepted`, async () => {
    const client = await makeProfile();
    for (const title of ["", "   "]) {
      await expectRefused(() => target.insert(client.id, title), CHECK_VIOLATION, target.constraint);
    }
    await expectRefused(() => target.insert(client.id, null as unknown as string), NOT_NULL_VIOLATION);
    expect(await target.count(client.id)).toBe(0);
    await target.insert(client.id, "  Mock interview debrief  ");
    expect(await target.count(client.id)).toBe(1);
  });
}

// btrim() strips spaces only; tabs or line breaks are just as blank to a reader and to the forms.
test("a title of only tabs, line breaks or Unicode spaces is refused as blank on activities, lessons, homework and resources", async () => {
  const client = await makeProfile();
  const accepted: string[] = [];
  for (const target of TITLED_TABLES) {
    for (const title of ["\t", "\n", " \r\n\t ", "\u00a0", "\u3000\u2003", "\ufeff"]) {
      const error = await target.insert(client.id, title).then(
        () => undefined,
        (caught: unknown) => findPgError(caught),
      );
      if (!error) accepted.push(`${target.table}: ${JSON.stringify(title)}`);
      else expect([error.code, error.constraint]).toEqual([CHECK_VIOLATION, target.constraint]);
    }
  }
  expect(accepted, "blank titles the database accepted").toEqual([]);
  for (const target of TITLED_TABLES) expect(await target.count(client.id)).toBe(0);
});

test("an invalid resource kind is refused as invalid enum text, and nothing is written", async () => {
  const client = await makeProfile();
  await expectRefused(
    () =>
      exec(sql`INSERT INTO resources (client_id, kind, title, url)
               VALUES (${client.id}, ${"podcast"}, 'System design primer', 'https://example.com/p')`),
    INVALID_TEXT,
  );
  expect(await countWhere(resources, eq(resources.clientId, client.id))).toBe(0);
});

test("resource tags default to an empty list", async () => {
  const client = await makeProfile();
  const [row] = await db()
    .insert(resources)
    .values({
      clientId: client.id,
      kind: "guide",
      title: "Behavioural answers",
      url: "https://example.com/g",
    })
    .returning();
  expect(row?.tags).toEqual([]);
  const [raw] = rowsOf<{ n: number | null; empty: boolean }>(
    await exec(
      sql`SELECT cardinality(tags) AS n, tags = '{}'::text[] AS empty FROM resources WHERE id = ${row?.id}`,
    ),
  );
  expect(raw).toEqual({ n: 0, empty: true });
  const [tagged] = await db()
    .insert(resources)
    .values({
      clientId: client.id,
      kind: "practice",
      title: "Graphs",
      url: "https://example.com/graphs",
      tags: ["dsa", "graphs"],
    })
    .returning();
  expect(tagged?.tags).toEqual(["dsa", "graphs"]);
});

// Between two readings of the database's clock: no bound on how long a slow machine's insert takes.

test("activities.occurred_at is set by the server when omitted", async () => {
  const client = await makeProfile();
  const before = await databaseNow(db());
  const [row] = await db()
    .insert(activities)
    .values({ clientId: client.id, title: "Resume reviewed" })
    .returning();
  const after = await databaseNow(db());
  expect(row?.occurredAt).toBeInstanceOf(Date);
  expect(row?.occurredAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
  expect(row?.occurredAt.getTime()).toBeLessThanOrEqual(after.getTime());
  expect(row).toMatchObject({ details: null, kind: null, links: [] });
  const [check] = rowsOf<{ recent: boolean }>(
    await exec(sql`SELECT occurred_at BETWEEN ${before.toISOString()}::timestamptz AND now() AS recent
                   FROM activities WHERE id = ${row?.id}`),
  );
  expect(check?.recent).toBe(true);
});

test("resources.created_at is set by the server when omitted", async () => {
  const client = await makeProfile();
  const before = await databaseNow(db());
  const [row] = await db()
    .insert(resources)
    .values({ clientId: client.id, kind: "video", title: "STAR method", url: "https://example.com/v" })
    .returning();
  const after = await databaseNow(db());
  expect(row?.createdAt).toBeInstanceOf(Date);
  expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
  expect(row?.createdAt.getTime()).toBeLessThanOrEqual(after.getTime());
  const [check] = rowsOf<{ recent: boolean }>(
    await exec(sql`SELECT created_at BETWEEN ${before.toISOString()}::timestamptz AND now() AS recent
                   FROM resources WHERE id = ${row?.id}`),
  );
  expect(check?.recent).toBe(true);
});
