import { desc, eq, sql } from "drizzle-orm";
import { activityLinkFrom } from "~/domain/links";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { activities } from "../schema";
import { recordChange } from "./audit.server";
import { lockClient } from "./client-lock.server";

// Each function takes the permit it needs (app/server/policy.server.ts); each change is one transaction
// with its audit row.

const activitiesStatement = preparedPer((db) =>
  db
    .select({
      id: activities.id,
      title: activities.title,
      details: activities.details,
      links: activities.links,
      occurredAt: activities.occurredAt,
    })
    .from(activities)
    .where(eq(activities.clientId, sql.placeholder("clientId")))
    .orderBy(desc(activities.occurredAt))
    .limit(sql.placeholder("limit"))
    .prepare("activities_of_client"),
);

function activitiesOf(db: Db, clientId: string, limit: number) {
  return activitiesStatement(db).execute({ clientId, limit });
}

export function recentActivities(db: Db, permit: Permit<"portal.read-own">, limit: number) {
  return activitiesOf(db, permit.actor.id, limit);
}

export async function activitiesFor(db: Db, _permit: Permit<"client.read">, clientId: string, limit: number) {
  return activitiesOf(db, clientId, limit);
}

export async function addActivity(
  db: Db,
  permit: Permit<"activity.create">,
  clientId: string,
  input: { title: string; details: string | null; link: string | null },
) {
  const { actor } = permit;
  return db.transaction(async (tx) => {
    await lockClient(tx, permit, clientId);
    const [created] = await tx
      .insert(activities)
      .values({
        clientId,
        title: input.title,
        details: input.details,
        kind: null, // docs/product/entities.md: always null when an admin creates it
        links: activityLinkFrom(input.link),
        createdBy: actor.id,
      })
      .returning();
    await recordChange(
      tx,
      permit,
      {
        action: "activity.create",
        targetId: clientId,
        entity: "activity",
        entityId: created?.id,
        after: { title: input.title, details: input.details, links: created?.links },
      },
      { kind: "activity", clientId },
    );
    return created;
  });
}
