import { randomUUID } from "node:crypto";
import type { Db } from "~/server/db.server";
import * as schema from "~/server/schema";

// Shared by tests/integration/data-rights.test.ts and constraints-profiles.test.ts.

/**
 * A row in each table holding a client's own records (a session, a sign-in account, usage, an activity, a
 * lesson, homework, a resource): what deleting or exporting a person must reach. `tag` marks the texts and is
 * the account's subject, so it must be unique.
 */
export async function addClientRows(
  db: Db,
  clientId: string,
  { coachId, adminId, tag }: { coachId: string; adminId: string; tag: string },
): Promise<void> {
  await db.insert(schema.sessions).values({
    userId: clientId,
    tokenHash: `hash-${randomUUID()}`,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await db
    .insert(schema.accounts)
    .values({ userId: clientId, providerId: "https://issuer.example", accountId: tag });
  await db
    .insert(schema.serviceUsage)
    .values({ clientId, kind: "session_30m", amount: 1, minutes: 30, createdBy: adminId });
  await db.insert(schema.activities).values({ clientId, title: `Activity ${tag}`, createdBy: adminId });
  await db.insert(schema.lessons).values({ clientId, coachId, title: `Lesson ${tag}` });
  await db.insert(schema.homework).values({ clientId, assignedBy: coachId, title: `Homework ${tag}` });
  await db.insert(schema.resources).values({
    clientId,
    kind: "guide",
    title: `Resource ${tag}`,
    url: "https://example.com/g",
    createdBy: adminId,
  });
}
