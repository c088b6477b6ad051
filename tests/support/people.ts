import { randomUUID } from "node:crypto";
import type { Plan, Role } from "~/domain/plans";
import type { Viewer } from "~/domain/viewer";
import type { Db } from "~/server/db.server";
import { profiles } from "~/server/schema";

export async function insertPerson(
  db: Db,
  role: Role,
  plan: Plan | null,
  fullName: string | null,
  email = `${(fullName ?? role).toLowerCase().replace(/[^a-z]+/g, ".")}-${randomUUID().slice(0, 8)}@example.com`,
): Promise<Viewer> {
  const [row] = await db.insert(profiles).values({ email, fullName, role, plan }).returning();
  if (!row) throw new Error("profile not inserted");
  return { id: row.id, email: row.email, fullName: row.fullName, role: row.role, plan: row.plan };
}
