import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
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
import { addClientRows } from "../support/client-rows";
import { rowsOf } from "../support/database";
import {
  CHECK_VIOLATION,
  constraintRowsForFile,
  email,
  expectRefused,
  INVALID_TEXT,
  NOT_NULL_VIOLATION,
  UNIQUE_VIOLATION,
} from "../support/pg-constraints";

// Profiles' rules, and what deleting one takes with it, are schema constraints; raw SQL tries values the
// types would not allow.

const { db, exec, countWhere, makeProfile } = constraintRowsForFile();

test("a second profile whose email differs only in case is refused as a duplicate", async () => {
  const local = `ana-${randomUUID()}`;
  await db()
    .insert(profiles)
    .values({ email: `${local}@example.com` });
  await expectRefused(
    () => exec(sql`INSERT INTO profiles (email) VALUES (${`${local.toUpperCase()}@Example.COM`})`),
    UNIQUE_VIOLATION,
    "profiles_email_lower_key",
  );
  await expectRefused(
    () =>
      db()
        .insert(profiles)
        .values({ email: `${local}@example.com` }),
    UNIQUE_VIOLATION,
    "profiles_email_lower_key",
  );
  expect(await countWhere(profiles, sql`lower(${profiles.email}) = ${`${local}@example.com`}`)).toBe(1);
});

test("'Ana@Example.com' and 'ana@example.com' cannot both exist", async () => {
  await db().insert(profiles).values({ email: "Ana@Example.com" });
  await expectRefused(
    () => exec(sql`INSERT INTO profiles (email) VALUES ('ana@example.com')`),
    UNIQUE_VIOLATION,
    "profiles_email_lower_key",
  );
  const rows = await db()
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
  const [stored] = await db().select().from(profiles).where(eq(profiles.id, person.id));
  expect(stored?.role).toBe("lead");
});

test("a new profile is a lead with no plan by default", async () => {
  const address = email("default");
  const [row] = await db().insert(profiles).values({ email: address }).returning();
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

/** Returns the tag in the rows' texts. */
async function giveClientEverything(clientId: string, staffId: string): Promise<string> {
  const tag = randomUUID();
  await addClientRows(db(), clientId, { coachId: staffId, adminId: staffId, tag });
  await db().insert(serviceUsage).values({ clientId, kind: "resume_review", amount: 1, createdBy: staffId });
  return tag;
}

/** What giveClientEverything gives, as holdings counts it. */
const EVERYTHING = {
  usage: 2,
  activities: 1,
  lessons: 1,
  homework: 1,
  resources: 1,
  sessions: 1,
  accounts: 1,
};

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
  expect(await holdings(client.id)).toEqual(EVERYTHING);

  await db().delete(profiles).where(eq(profiles.id, client.id));

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
  expect(await holdings(neighbour.id)).toEqual(EVERYTHING);
  expect(await countWhere(profiles, eq(profiles.id, coach.id))).toBe(1);
});

test("deleting a coach keeps their lessons and usage rows, with the coach reference set to null", async () => {
  const coach = await makeProfile("coach");
  const client = await makeProfile();
  const tag = await giveClientEverything(client.id, coach.id);
  await db()
    .insert(sessions)
    .values({ userId: coach.id, tokenHash: randomUUID(), expiresAt: new Date(Date.now() + 3_600_000) });

  await db().delete(profiles).where(eq(profiles.id, coach.id));

  const clientLessons = await db().select().from(lessons).where(eq(lessons.clientId, client.id));
  expect(clientLessons.map((l) => [l.title, l.coachId])).toEqual([[`Lesson ${tag}`, null]]);
  const usage = await db()
    .select({ kind: serviceUsage.kind, createdBy: serviceUsage.createdBy })
    .from(serviceUsage)
    .where(eq(serviceUsage.clientId, client.id))
    .orderBy(serviceUsage.kind);
  expect(usage).toEqual([
    { kind: "resume_review", createdBy: null },
    { kind: "session_30m", createdBy: null },
  ]);
  expect(await holdings(client.id)).toEqual(EVERYTHING);
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
