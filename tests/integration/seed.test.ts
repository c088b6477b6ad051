import { count, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { activities, homework, lessons, profiles, resources, serviceUsage } from "~/server/schema";
import { SEED_PEOPLE, seedIfEmpty } from "~/server/seed.server";
import { databaseForFile } from "../support/test-database";

const db = databaseForFile();

const total = async (
  table:
    | typeof profiles
    | typeof lessons
    | typeof homework
    | typeof resources
    | typeof activities
    | typeof serviceUsage,
) => (await db().select({ n: count() }).from(table))[0]?.n;

test("an empty database is seeded with every sample person, and seeding again changes nothing", async () => {
  expect(await seedIfEmpty(db())).toBe(true);
  const people = await db().select().from(profiles).orderBy(profiles.email);
  expect(people.map((p) => [p.email, p.role, p.plan])).toEqual(
    SEED_PEOPLE.map((p) => [p.email, p.role, p.plan]).sort((a, b) =>
      String(a[0]).localeCompare(String(b[0])),
    ),
  );
  const roles = people.map((p) => p.role).sort();
  expect(roles).toEqual(["admin", "client", "client", "client", "coach", "lead", "lead"]);

  const before = await Promise.all(
    [profiles, lessons, homework, resources, activities, serviceUsage].map(total),
  );
  expect(before.every((n) => (n ?? 0) > 0)).toBe(true);
  expect(await seedIfEmpty(db())).toBe(false);
  const after = await Promise.all(
    [profiles, lessons, homework, resources, activities, serviceUsage].map(total),
  );
  expect(after).toEqual(before);
});

test("each sample client has lessons, homework in every status, resources, activities and usage", async () => {
  const clients = await db().select().from(profiles).where(eq(profiles.role, "client"));
  expect(clients.map((c) => c.plan).sort()).toEqual(["basic", "premium", "pro"]);
  for (const client of clients) {
    const own = <T extends { clientId: unknown }>(rows: T[]) => rows.filter((r) => r.clientId === client.id);
    expect(own(await db().select().from(lessons)).length).toBeGreaterThan(0);
    expect(
      own(await db().select().from(homework))
        .map((h) => h.status)
        .sort(),
    ).toEqual(["assigned", "reviewed", "submitted"]);
    expect(own(await db().select().from(resources)).length).toBeGreaterThan(0);
    expect(own(await db().select().from(activities)).length).toBeGreaterThan(0);
    expect(own(await db().select().from(serviceUsage)).length).toBeGreaterThan(0);
  }
});
