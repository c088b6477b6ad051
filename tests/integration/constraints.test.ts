import { randomUUID } from "node:crypto";
import { and, count, eq, type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, test } from "vitest";
import {
  accounts,
  activities,
  homework,
  lessons,
  profiles,
  resources,
  serviceUsage,
  sessions,
} from "~/server/schema";
import { freshDatabase } from "../support/database";
import { thrownBy } from "../support/refusal";

// The product's rules are schema constraints; raw SQL tries values the types would not allow.

let database: Awaited<ReturnType<typeof freshDatabase>>;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.dispose());

const CHECK_VIOLATION = "23514";
const UNIQUE_VIOLATION = "23505";
const FOREIGN_KEY_VIOLATION = "23503";
const INVALID_TEXT = "22P02";
const NOT_NULL_VIOLATION = "23502";

type PgError = { code: string; constraint?: string; message?: string };

function findPgError(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 10 && current && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; cause?: unknown };
    if (typeof candidate.code === "string" && /^[0-9A-Z]{5}$/.test(candidate.code)) {
      return candidate as PgError;
    }
    current = candidate.cause;
  }
  return undefined;
}

async function refusal(run: () => Promise<unknown>): Promise<PgError> {
  const caught = await thrownBy(run, "the database accepted a statement it must refuse");
  const found = findPgError(caught);
  expect(found, `no PostgreSQL error in ${String(caught)}`).toBeDefined();
  return found as PgError;
}

async function expectRefused(run: () => Promise<unknown>, code: string, constraint?: string) {
  const error = await refusal(run);
  expect(error.code, error.message).toBe(code);
  if (constraint) expect(error.constraint).toBe(constraint);
}

const exec = (query: SQL) => database.db.execute(query);

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

async function countWhere(
  table:
    | typeof profiles
    | typeof serviceUsage
    | typeof activities
    | typeof lessons
    | typeof homework
    | typeof resources
    | typeof sessions
    | typeof accounts,
  where: SQL | undefined,
): Promise<number> {
  const [row] = await database.db.select({ n: count() }).from(table).where(where);
  return row?.n ?? 0;
}

const email = (prefix: string) => `${prefix}-${randomUUID()}@example.com`;

async function makeProfile(
  role: "lead" | "client" | "coach" | "admin" = "client",
  plan: "basic" | "pro" | "premium" | null = role === "client" ? "basic" : null,
) {
  const [row] = await database.db
    .insert(profiles)
    .values({ email: email(role), fullName: `Test ${role}`, role, plan })
    .returning();
  if (!row) throw new Error("profile not inserted");
  return row;
}

const usageCount = (clientId: string) => countWhere(serviceUsage, eq(serviceUsage.clientId, clientId));

const insertUsage = (clientId: string, kind: string, amount: number | null, minutes: number | null) =>
  exec(sql`INSERT INTO service_usage (client_id, kind, amount, minutes)
           VALUES (${clientId}, ${kind}, ${amount}, ${minutes})`);

async function databaseNow(): Promise<Date> {
  const [row] = rowsOf<{ now: string | Date }>(await exec(sql`SELECT now() AS now`));
  return new Date(row?.now ?? Number.NaN);
}

test("usage amounts 2, 0 and -2 are refused by the unit-amount check, and nothing is written", async () => {
  const client = await makeProfile();
  for (const amount of [2, 0, -2]) {
    await expectRefused(
      () => insertUsage(client.id, "resume_review", amount, null),
      CHECK_VIOLATION,
      "service_usage_amount_unit",
    );
  }
  expect(await usageCount(client.id)).toBe(0);
});

test("usage +1 and -1 are accepted and sum per kind", async () => {
  const client = await makeProfile();
  await database.db.insert(serviceUsage).values([
    { clientId: client.id, kind: "resume_review", amount: 1 },
    { clientId: client.id, kind: "mock_interview", amount: 1 },
    { clientId: client.id, kind: "mock_interview", amount: 1 },
    { clientId: client.id, kind: "mock_interview", amount: -1 },
  ]);
  const totals = await database.db
    .select({ kind: serviceUsage.kind, used: sql<number>`sum(${serviceUsage.amount})::int` })
    .from(serviceUsage)
    .where(eq(serviceUsage.clientId, client.id))
    .groupBy(serviceUsage.kind)
    .orderBy(serviceUsage.kind);
  expect(totals).toEqual([
    { kind: "resume_review", used: 1 },
    { kind: "mock_interview", used: 1 },
  ]);
  expect(await usageCount(client.id)).toBe(4);
});

test("usage without a kind or an amount is refused as not null, and nothing is written", async () => {
  const client = await makeProfile();
  await expectRefused(() => insertUsage(client.id, "resume_review", null, null), NOT_NULL_VIOLATION);
  await expectRefused(
    () => exec(sql`INSERT INTO service_usage (client_id, amount) VALUES (${client.id}, 1)`),
    NOT_NULL_VIOLATION,
  );
  expect(await usageCount(client.id)).toBe(0);
});

test("a 30-minute session added with 30 minutes is accepted", async () => {
  const client = await makeProfile();
  const [row] = await database.db
    .insert(serviceUsage)
    .values({ clientId: client.id, kind: "session_30m", amount: 1, minutes: 30 })
    .returning();
  expect(row).toMatchObject({ clientId: client.id, kind: "session_30m", amount: 1, minutes: 30 });
  expect(await usageCount(client.id)).toBe(1);
});

test("a 30-minute session added without minutes is refused, and nothing is written", async () => {
  const client = await makeProfile();
  await expectRefused(
    () => insertUsage(client.id, "session_30m", 1, null),
    CHECK_VIOLATION,
    "service_usage_minutes_rule",
  );
  expect(await usageCount(client.id)).toBe(0);
});

test("a 30-minute session added with 45 minutes is refused, and nothing is written", async () => {
  const client = await makeProfile();
  await expectRefused(
    () => insertUsage(client.id, "session_30m", 1, 45),
    CHECK_VIOLATION,
    "service_usage_minutes_rule",
  );
  expect(await usageCount(client.id)).toBe(0);
});

test("a 30-minute session removed with 30 minutes is refused, and nothing is written", async () => {
  const client = await makeProfile();
  await expectRefused(
    () => insertUsage(client.id, "session_30m", -1, 30),
    CHECK_VIOLATION,
    "service_usage_minutes_rule",
  );
  expect(await usageCount(client.id)).toBe(0);
});

test("a 30-minute session removed without minutes is accepted", async () => {
  const client = await makeProfile();
  await database.db.insert(serviceUsage).values([
    { clientId: client.id, kind: "session_30m", amount: 1, minutes: 30 },
    { clientId: client.id, kind: "session_30m", amount: -1, minutes: null },
  ]);
  const rows = await database.db
    .select({ amount: serviceUsage.amount, minutes: serviceUsage.minutes })
    .from(serviceUsage)
    .where(eq(serviceUsage.clientId, client.id))
    .orderBy(serviceUsage.amount);
  expect(rows).toEqual([
    { amount: -1, minutes: null },
    { amount: 1, minutes: 30 },
  ]);
});

test("minutes on any other kind (mock interview +1 with 30) are refused, and nothing is written", async () => {
  const client = await makeProfile();
  await expectRefused(
    () => insertUsage(client.id, "mock_interview", 1, 30),
    CHECK_VIOLATION,
    "service_usage_minutes_rule",
  );
  await expectRefused(
    () => insertUsage(client.id, "strategy_call_90m", 1, 90),
    CHECK_VIOLATION,
    "service_usage_minutes_rule",
  );
  expect(await usageCount(client.id)).toBe(0);
});

test("an unknown service kind is refused as invalid enum text, and nothing is written", async () => {
  const client = await makeProfile();
  await expectRefused(() => insertUsage(client.id, "free_lunch", 1, null), INVALID_TEXT);
  await expectRefused(() => insertUsage(client.id, "Resume_Review", 1, null), INVALID_TEXT);
  expect(await usageCount(client.id)).toBe(0);
});

test("usage for a client id that does not exist is refused by the foreign key, and nothing is written", async () => {
  const ghost = randomUUID();
  await expectRefused(
    () => insertUsage(ghost, "resume_review", 1, null),
    FOREIGN_KEY_VIOLATION,
    "service_usage_client_id_profiles_id_fk",
  );
  expect(await usageCount(ghost)).toBe(0);
});

test("usage created by a profile that does not exist is refused by the foreign key", async () => {
  const client = await makeProfile();
  await expectRefused(
    () =>
      database.db
        .insert(serviceUsage)
        .values({ clientId: client.id, kind: "resume_review", amount: 1, createdBy: randomUUID() }),
    FOREIGN_KEY_VIOLATION,
    "service_usage_created_by_profiles_id_fk",
  );
  expect(await usageCount(client.id)).toBe(0);
});

test("a usage row records who made it and when (the server's clock)", async () => {
  const client = await makeProfile();
  const admin = await makeProfile("admin");
  const before = await databaseNow();
  const [row] = await database.db
    .insert(serviceUsage)
    .values({ clientId: client.id, kind: "linkedin_review", amount: 1, createdBy: admin.id })
    .returning();
  const after = await databaseNow();
  expect(row?.createdBy).toBe(admin.id);
  expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
  expect(row?.createdAt.getTime()).toBeLessThanOrEqual(after.getTime());
  const [stored] = await database.db
    .select()
    .from(serviceUsage)
    .where(eq(serviceUsage.id, row?.id ?? ""));
  expect(stored?.createdBy).toBe(admin.id);
});

test("a second profile whose email differs only in case is refused as a duplicate", async () => {
  const local = `ana-${randomUUID()}`;
  await database.db.insert(profiles).values({ email: `${local}@example.com` });
  await expectRefused(
    () => exec(sql`INSERT INTO profiles (email) VALUES (${`${local.toUpperCase()}@Example.COM`})`),
    UNIQUE_VIOLATION,
    "profiles_email_lower_key",
  );
  await expectRefused(
    () => database.db.insert(profiles).values({ email: `${local}@example.com` }),
    UNIQUE_VIOLATION,
    "profiles_email_lower_key",
  );
  expect(await countWhere(profiles, sql`lower(${profiles.email}) = ${`${local}@example.com`}`)).toBe(1);
});

test("'Ana@Example.com' and 'ana@example.com' cannot both exist", async () => {
  await database.db.insert(profiles).values({ email: "Ana@Example.com" });
  await expectRefused(
    () => exec(sql`INSERT INTO profiles (email) VALUES ('ana@example.com')`),
    UNIQUE_VIOLATION,
    "profiles_email_lower_key",
  );
  const rows = await database.db
    .select({ email: profiles.email })
    .from(profiles)
    .where(sql`lower(${profiles.email}) = 'ana@example.com'`);
  expect(rows).toEqual([{ email: "Ana@Example.com" }]);
});

test("an invalid role is refused as invalid enum text, and nothing is written", async () => {
  const address = email("owner");
  await expectRefused(
    () => exec(sql`INSERT INTO profiles (email, role) VALUES (${address}, ${"owner"})`),
    INVALID_TEXT,
  );
  await expectRefused(
    () => exec(sql`INSERT INTO profiles (email, role) VALUES (${address}, ${"Admin"})`),
    INVALID_TEXT,
  );
  expect(await countWhere(profiles, eq(profiles.email, address))).toBe(0);
});

test("an invalid plan is refused as invalid enum text, and nothing is written", async () => {
  const address = email("gold");
  await expectRefused(
    () => exec(sql`INSERT INTO profiles (email, role, plan) VALUES (${address}, 'client', ${"gold"})`),
    INVALID_TEXT,
  );
  expect(await countWhere(profiles, eq(profiles.email, address))).toBe(0);
});

test("changing a profile to an invalid role leaves it unchanged", async () => {
  const person = await makeProfile("lead");
  await expectRefused(
    () => exec(sql`UPDATE profiles SET role = ${"owner"} WHERE id = ${person.id}`),
    INVALID_TEXT,
  );
  const [stored] = await database.db.select().from(profiles).where(eq(profiles.id, person.id));
  expect(stored?.role).toBe("lead");
});

test("a new profile is a lead with no plan by default", async () => {
  const address = email("default");
  const [row] = await database.db.insert(profiles).values({ email: address }).returning();
  expect(row).toMatchObject({
    email: address,
    role: "lead",
    plan: null,
    fullName: null,
  });
  const [raw] = rowsOf<{ role: string; plan: string | null }>(
    await exec(sql`SELECT role::text AS role, plan::text AS plan FROM profiles WHERE email = ${address}`),
  );
  expect(raw).toEqual({ role: "lead", plan: null });
});

test("malformed emails are refused by the email shape check, and nothing is written", async () => {
  const tag = randomUUID();
  const malformed = [
    `ana.${tag}.example.com`,
    `ana.${tag}@`,
    `@${tag}.example.com`,
    `ana ${tag}@example.com`,
    `ana@${tag}@example.com`,
    "",
  ];
  for (const address of malformed) {
    await expectRefused(
      () => exec(sql`INSERT INTO profiles (email) VALUES (${address})`),
      CHECK_VIOLATION,
      "profiles_email_shape",
    );
  }
  expect(
    await countWhere(profiles, sql`${profiles.email} LIKE ${`%${tag}%`} OR ${profiles.email} = ''`),
  ).toBe(0);
});

test("a profile without an email is refused as not null", async () => {
  const before = await countWhere(profiles, undefined);
  await expectRefused(
    () => exec(sql`INSERT INTO profiles (full_name) VALUES ('Nobody')`),
    NOT_NULL_VIOLATION,
  );
  expect(await countWhere(profiles, undefined)).toBe(before);
});

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
  const [row] = await database.db
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
  expect((await database.db.select().from(homework).where(eq(homework.id, id)))[0]?.status).toBe("assigned");

  const submittedAt = new Date();
  await database.db.update(homework).set({ status: "submitted", submittedAt }).where(eq(homework.id, id));
  await expectRefused(
    () => exec(sql`UPDATE homework SET status = 'reviewed' WHERE id = ${id}`),
    CHECK_VIOLATION,
    "homework_status_times",
  );
  await database.db
    .update(homework)
    .set({ status: "reviewed", reviewedAt: new Date(), reviewedBy: coach.id, feedback: "Good" })
    .where(eq(homework.id, id));
  const [stored] = await database.db.select().from(homework).where(eq(homework.id, id));
  expect(stored?.status).toBe("reviewed");
  expect(stored?.submittedAt?.getTime()).toBe(submittedAt.getTime());
  expect(stored?.reviewedAt).toBeInstanceOf(Date);
});

const TITLED_TABLES = [
  {
    table: "activities",
    constraint: "activities_title_present",
    insert: (clientId: string, title: string) =>
      exec(sql`INSERT INTO activities (client_id, title) VALUES (${clientId}, ${title})`),
    count: (clientId: string) => countWhere(activities, eq(activities.clientId, clientId)),
  },
  {
    table: "lessons",
    constraint: "lessons_title_present",
    insert: (clientId: string, title: string) =>
      exec(sql`INSERT INTO lessons (client_id, title) VALUES (${clientId}, ${title})`),
    count: (clientId: string) => countWhere(lessons, eq(lessons.clientId, clientId)),
  },
  {
    table: "homework",
    constraint: "homework_title_present",
    insert: (clientId: string, title: string) =>
      exec(sql`INSERT INTO homework (client_id, title) VALUES (${clientId}, ${title})`),
    count: (clientId: string) => countWhere(homework, eq(homework.clientId, clientId)),
  },
  {
    table: "resources",
    constraint: "resources_title_present",
    insert: (clientId: string, title: string) =>
      exec(sql`INSERT INTO resources (client_id, kind, title, url)
               VALUES (${clientId}, 'article', ${title}, 'https://example.com/a')`),
    count: (clientId: string) => countWhere(resources, eq(resources.clientId, clientId)),
  },
] as const;

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
  const [row] = await database.db
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
  const [tagged] = await database.db
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
  const before = await databaseNow();
  const [row] = await database.db
    .insert(activities)
    .values({ clientId: client.id, title: "Resume reviewed" })
    .returning();
  const after = await databaseNow();
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
  const before = await databaseNow();
  const [row] = await database.db
    .insert(resources)
    .values({ clientId: client.id, kind: "video", title: "STAR method", url: "https://example.com/v" })
    .returning();
  const after = await databaseNow();
  expect(row?.createdAt).toBeInstanceOf(Date);
  expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
  expect(row?.createdAt.getTime()).toBeLessThanOrEqual(after.getTime());
  const [check] = rowsOf<{ recent: boolean }>(
    await exec(sql`SELECT created_at BETWEEN ${before.toISOString()}::timestamptz AND now() AS recent
                   FROM resources WHERE id = ${row?.id}`),
  );
  expect(check?.recent).toBe(true);
});

async function giveClientEverything(clientId: string, staffId: string) {
  await database.db.insert(serviceUsage).values([
    { clientId, kind: "session_30m", amount: 1, minutes: 30, createdBy: staffId },
    { clientId, kind: "resume_review", amount: 1, createdBy: staffId },
  ]);
  await database.db.insert(activities).values({ clientId, title: "Kick-off call", createdBy: staffId });
  await database.db.insert(lessons).values({ clientId, coachId: staffId, title: "Behavioural interview" });
  await database.db.insert(homework).values({ clientId, assignedBy: staffId, title: "Rewrite summary" });
  await database.db.insert(resources).values({
    clientId,
    kind: "template",
    title: "Cover letter",
    url: "https://example.com/t",
    createdBy: staffId,
  });
  await database.db
    .insert(sessions)
    .values({ userId: clientId, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) });
  await database.db
    .insert(accounts)
    .values({ userId: clientId, providerId: "oidc", accountId: randomUUID() });
}

async function holdings(clientId: string) {
  return {
    usage: await countWhere(serviceUsage, eq(serviceUsage.clientId, clientId)),
    activities: await countWhere(activities, eq(activities.clientId, clientId)),
    lessons: await countWhere(lessons, eq(lessons.clientId, clientId)),
    homework: await countWhere(homework, eq(homework.clientId, clientId)),
    resources: await countWhere(resources, eq(resources.clientId, clientId)),
    sessions: await countWhere(sessions, eq(sessions.userId, clientId)),
    accounts: await countWhere(accounts, eq(accounts.userId, clientId)),
  };
}

test("deleting a client removes their usage, activities, lessons, homework, resources, sessions and accounts", async () => {
  const coach = await makeProfile("coach");
  const client = await makeProfile();
  const neighbour = await makeProfile();
  await giveClientEverything(client.id, coach.id);
  await giveClientEverything(neighbour.id, coach.id);
  const everything = {
    usage: 2,
    activities: 1,
    lessons: 1,
    homework: 1,
    resources: 1,
    sessions: 1,
    accounts: 1,
  };
  expect(await holdings(client.id)).toEqual(everything);

  await database.db.delete(profiles).where(eq(profiles.id, client.id));

  expect(await countWhere(profiles, eq(profiles.id, client.id))).toBe(0);
  expect(await holdings(client.id)).toEqual({
    usage: 0,
    activities: 0,
    lessons: 0,
    homework: 0,
    resources: 0,
    sessions: 0,
    accounts: 0,
  });
  expect(await holdings(neighbour.id)).toEqual(everything);
  expect(await countWhere(profiles, eq(profiles.id, coach.id))).toBe(1);
});

test("deleting a coach keeps their lessons and usage rows, with the coach reference set to null", async () => {
  const coach = await makeProfile("coach");
  const client = await makeProfile();
  await giveClientEverything(client.id, coach.id);
  await database.db
    .insert(sessions)
    .values({ userId: coach.id, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) });

  await database.db.delete(profiles).where(eq(profiles.id, coach.id));

  const clientLessons = await database.db.select().from(lessons).where(eq(lessons.clientId, client.id));
  expect(clientLessons.map((l) => [l.title, l.coachId])).toEqual([["Behavioural interview", null]]);
  const usage = await database.db
    .select({ kind: serviceUsage.kind, createdBy: serviceUsage.createdBy })
    .from(serviceUsage)
    .where(eq(serviceUsage.clientId, client.id))
    .orderBy(serviceUsage.kind);
  expect(usage).toEqual([
    { kind: "resume_review", createdBy: null },
    { kind: "session_30m", createdBy: null },
  ]);
  expect(await holdings(client.id)).toEqual({
    usage: 2,
    activities: 1,
    lessons: 1,
    homework: 1,
    resources: 1,
    sessions: 1,
    accounts: 1,
  });
  expect(
    await countWhere(homework, and(eq(homework.clientId, client.id), eq(homework.assignedBy, coach.id))),
  ).toBe(0);
  expect(
    await countWhere(activities, and(eq(activities.clientId, client.id), eq(activities.createdBy, coach.id))),
  ).toBe(0);
  expect(
    await countWhere(resources, and(eq(resources.clientId, client.id), eq(resources.createdBy, coach.id))),
  ).toBe(0);
  expect(await countWhere(sessions, eq(sessions.userId, coach.id))).toBe(0);
});
