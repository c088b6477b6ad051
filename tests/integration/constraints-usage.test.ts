import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import { serviceUsage } from "~/server/schema";
import { databaseNow } from "../support/database";
import {
  CHECK_VIOLATION,
  constraintRowsForFile,
  expectRefused,
  FOREIGN_KEY_VIOLATION,
  INVALID_TEXT,
  NOT_NULL_VIOLATION,
} from "../support/pg-constraints";

// The usage ledger's rules are schema constraints; raw SQL tries values the types would not allow.

const { db, exec, makeProfile, usageCount, insertUsage } = constraintRowsForFile();

const refusedByMinutesRule = (clientId: string, kind: string, amount: number, minutes: number | null) =>
  expectRefused(
    () => insertUsage(clientId, kind, amount, minutes),
    CHECK_VIOLATION,
    "service_usage_minutes_rule",
  );

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
  await db()
    .insert(serviceUsage)
    .values([
      { clientId: client.id, kind: "resume_review", amount: 1 },
      { clientId: client.id, kind: "mock_interview", amount: 1 },
      { clientId: client.id, kind: "mock_interview", amount: 1 },
      { clientId: client.id, kind: "mock_interview", amount: -1 },
    ]);
  const totals = await db()
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
  const [row] = await db()
    .insert(serviceUsage)
    .values({ clientId: client.id, kind: "session_30m", amount: 1, minutes: 30 })
    .returning();
  expect(row).toMatchObject({ clientId: client.id, kind: "session_30m", amount: 1, minutes: 30 });
  expect(await usageCount(client.id)).toBe(1);
});

/** Rows the minutes rule refuses: a session is ±1 with 30 minutes added, none removed. */
const SESSION_MINUTES_REFUSED = [
  ["a 30-minute session added without minutes", 1, null],
  ["a 30-minute session added with 45 minutes", 1, 45],
  ["a 30-minute session removed with 30 minutes", -1, 30],
] as const;

for (const [what, amount, minutes] of SESSION_MINUTES_REFUSED) {
  test(`${what} is refused, and nothing is written`, async () => {
    const client = await makeProfile();
    await refusedByMinutesRule(client.id, "session_30m", amount, minutes);
    expect(await usageCount(client.id)).toBe(0);
  });
}

test("a 30-minute session removed without minutes is accepted", async () => {
  const client = await makeProfile();
  await db()
    .insert(serviceUsage)
    .values([
      { clientId: client.id, kind: "session_30m", amount: 1, minutes: 30 },
      { clientId: client.id, kind: "session_30m", amount: -1, minutes: null },
    ]);
  const rows = await db()
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
  await refusedByMinutesRule(client.id, "mock_interview", 1, 30);
  await refusedByMinutesRule(client.id, "strategy_call_90m", 1, 90);
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
      db()
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
  const before = await databaseNow(db());
  const [row] = await db()
    .insert(serviceUsage)
    .values({ clientId: client.id, kind: "linkedin_review", amount: 1, createdBy: admin.id })
    .returning();
  const after = await databaseNow(db());
  expect(row?.createdBy).toBe(admin.id);
  expect(row?.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime());
  expect(row?.createdAt.getTime()).toBeLessThanOrEqual(after.getTime());
  const [stored] = await db()
    .select()
    .from(serviceUsage)
    .where(eq(serviceUsage.id, row?.id ?? ""));
  expect(stored?.createdBy).toBe(admin.id);
});
