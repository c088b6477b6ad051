import { count, eq } from "drizzle-orm";
import { expect, test } from "vitest";
import { checkoutLine } from "~/domain/checkout";
import {
  activities,
  homework,
  lessons,
  orders,
  payments,
  profiles,
  resources,
  serviceUsage,
} from "~/server/schema";
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
    | typeof serviceUsage
    | typeof orders
    | typeof payments,
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
    [profiles, lessons, homework, resources, activities, serviceUsage, orders, payments].map(total),
  );
  expect(before.every((n) => (n ?? 0) > 0)).toBe(true);
  expect(await seedIfEmpty(db())).toBe(false);
  const after = await Promise.all(
    [profiles, lessons, homework, resources, activities, serviceUsage, orders, payments].map(total),
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

test("each sample client bought their plan: one paid order at the list price, with its charge", async () => {
  const clients = await db().select().from(profiles).where(eq(profiles.role, "client"));
  const bought = await db().select().from(orders);
  const charges = await db().select().from(payments);
  expect(bought).toHaveLength(clients.length);
  for (const client of clients) {
    const own = bought.filter((order) => order.personId === client.id);
    expect(own.map((o) => [o.offer, o.plan, o.status, o.option])).toEqual([
      [client.plan, client.plan, "paid", "upfront"],
    ]);
    const [order] = own;
    if (!order || !client.plan) throw new Error(`${client.email} bought nothing`);
    const line = checkoutLine({ offer: client.plan, currency: order.currency, option: "upfront" });
    expect("line" in line && line.line.unitAmount).toBe(order.unitAmount);
    expect(charges.filter((c) => c.orderId === order.id).map((c) => [c.kind, c.amount])).toEqual([
      ["charge", order.unitAmount],
    ]);
  }
});
