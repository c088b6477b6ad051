import { asc, eq } from "drizzle-orm";
import type { Db } from "../db.server";
import type { Permit } from "../policy.server";
import { homework, profiles } from "../schema";

export const REVIEW_QUEUE_LIMIT = 100;

/** The longest-waiting first, across every client. */
export async function homeworkAwaitingReview(db: Db, _permit: Permit<"homework.review">) {
  const rows = await db
    .select({
      id: homework.id,
      title: homework.title,
      dueDate: homework.dueDate,
      submittedAt: homework.submittedAt,
      clientId: homework.clientId,
      clientName: profiles.fullName,
      clientEmail: profiles.email,
    })
    .from(homework)
    .innerJoin(profiles, eq(profiles.id, homework.clientId))
    .where(eq(homework.status, "submitted"))
    .orderBy(asc(homework.submittedAt), asc(homework.id))
    .limit(REVIEW_QUEUE_LIMIT + 1);
  return { items: rows.slice(0, REVIEW_QUEUE_LIMIT), more: rows.length > REVIEW_QUEUE_LIMIT };
}
