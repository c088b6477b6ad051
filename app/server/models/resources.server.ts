import { and, desc, eq, sql } from "drizzle-orm";
import type { ResourceKind } from "~/domain/resource-kinds";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { preparedPer } from "../prepared.server";
import { refuse } from "../refusal.server";
import { resources } from "../schema";
import { recordChange } from "./audit.server";
import { lockClient } from "./client-lock.server";

// Each function takes the permit it needs (app/server/policy.server.ts); each change is one transaction
// with its audit row.

const resourcesStatement = preparedPer((db) =>
  db
    .select()
    .from(resources)
    .where(eq(resources.clientId, sql.placeholder("clientId")))
    .orderBy(desc(resources.createdAt))
    .prepare("resources_of_client"),
);

export async function resourcesFor(db: Db, _permit: Permit<"client.read">, clientId: string) {
  return resourcesStatement(db).execute({ clientId });
}

export async function addResource(
  db: Db,
  permit: Permit<"resource.manage">,
  clientId: string,
  input: { kind: ResourceKind; title: string; url: string; tags: string[] },
) {
  const { actor } = permit;
  return db.transaction(async (tx) => {
    await lockClient(tx, permit, clientId);
    const [created] = await tx
      .insert(resources)
      .values({ clientId, createdBy: actor.id, ...input })
      .returning();
    await recordChange(
      tx,
      permit,
      {
        action: "resource.add",
        targetId: clientId,
        entity: "resource",
        entityId: created?.id,
        after: { title: input.title, kind: input.kind, url: input.url },
      },
      { kind: "resource", clientId },
    );
    return created;
  });
}

export async function removeResource(
  db: Db,
  permit: Permit<"resource.manage">,
  clientId: string,
  resourceId: string,
) {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(resources)
      .where(and(eq(resources.id, resourceId), eq(resources.clientId, clientId)))
      .returning();
    if (!removed) refuse("That resource was not found.", 404);
    await recordChange(
      tx,
      permit,
      {
        action: "resource.remove",
        targetId: clientId,
        entity: "resource",
        entityId: resourceId,
        before: { title: removed.title, url: removed.url },
      },
      { kind: "resource", clientId },
    );
    return removed;
  });
}
