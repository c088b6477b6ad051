import { sql } from "drizzle-orm";
import { beforeAll, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { assignHomework, reviewHomework } from "~/server/models/homework.server";
import { submitHomework } from "~/server/models/portal.server";
import { homeworkAwaitingReview } from "~/server/models/review-queue.server";
import { authorize } from "~/server/policy.server";
import { homework } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { insertPerson } from "../support/people";
import { modelRefusal } from "../support/refusal";
import { databaseForFile } from "../support/test-database";

// Every client's handed-in homework, the longest-waiting first (docs/decisions/0023-review-findings.md).

const db = databaseForFile();
let coach: Viewer;
let admin: Viewer;
let ana: Viewer;
let ben: Viewer;

beforeAll(async () => {
  admin = await insertPerson(db(), "admin", null, "Queue Admin");
  coach = await insertPerson(db(), "coach", null, "Queue Coach");
  ana = await insertPerson(db(), "client", "pro", "Ana Queue");
  ben = await insertPerson(db(), "client", "basic", null);
});

async function handIn(client: Viewer, title: string, minutesAgo: number) {
  const piece = await assignHomework(db(), authorize(coach, "homework.assign"), client.id, {
    title,
    dueDate: "2026-12-01",
    description: null,
    links: [],
  });
  if (!piece) throw new Error("homework not assigned");
  await submitHomework(db(), authorize(client, "homework.submit-own"), piece.id, {
    url: null,
    note: `Done: ${title}`,
  });
  // So the order is the test's, not the clock's.
  await db()
    .update(homework)
    .set({ submittedAt: sql`now() - make_interval(mins => ${minutesAgo})` })
    .where(sql`${homework.id} = ${piece.id}`);
  return piece;
}

test(`[${databaseLabel}] lists every client's handed-in homework, the longest-waiting first, with whose it is`, async () => {
  await handIn(ana, "Two-sum write-up", 30);
  await handIn(ben, "Resume draft", 120);
  const reviewed = await handIn(ana, "Graph notes", 240);
  await reviewHomework(db(), authorize(coach, "homework.review"), reviewed.id, "Good.", ana.id);
  await assignHomework(db(), authorize(coach, "homework.assign"), ben.id, {
    title: "Not yet handed in",
    dueDate: null,
    description: null,
    links: [],
  });

  const queue = await homeworkAwaitingReview(db(), authorize(coach, "homework.review"));
  expect(queue.more).toBe(false);
  expect(queue.items.map((item) => [item.title, item.clientId, item.clientName, item.clientEmail])).toEqual([
    ["Resume draft", ben.id, null, ben.email],
    ["Two-sum write-up", ana.id, "Ana Queue", ana.email],
  ]);
  expect(queue.items[0]?.submittedAt).toBeInstanceOf(Date);
  expect(queue.items[0]?.dueDate).toBe("2026-12-01");
  expect((await homeworkAwaitingReview(db(), authorize(admin, "homework.review"))).items).toHaveLength(2);
});

test(`[${databaseLabel}] a client or a lead gets no permit to read the queue: 403`, async () => {
  for (const who of [ana, await insertPerson(db(), "lead", null, "Queue Lead")]) {
    const refusal = await modelRefusal(async () =>
      homeworkAwaitingReview(db(), authorize(who, "homework.review")),
    );
    expect(refusal.init?.status).toBe(403);
  }
});
