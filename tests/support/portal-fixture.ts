import { asc, eq } from "drizzle-orm";
import type { Plan, Role, ServiceKind } from "~/domain/plans";
import type { Viewer } from "~/domain/viewer";
import type { Db } from "~/server/db.server";
import { activities, homework, lessons, resources, serviceUsage } from "~/server/schema";
import { insertPerson } from "./people";

// Two clients sharing one database with rows of the same kinds and tags, so a missing ownership filter
// shows up as the other's rows; a coach, an admin, and a lead with rows of their own.

export const T0 = new Date("2026-03-01T12:00:00.000Z");
export const HOUR = 60 * 60 * 1000;
export const DAY = 24 * HOUR;
export const at = (offsetMs: number) => new Date(T0.getTime() + offsetMs);

/** Ledger rows for a client: for each kind, one row per amount (a session's +1 with its 30 minutes). */
export function usage(clientId: string, counts: Partial<Record<ServiceKind, number[]>>) {
  return Object.entries(counts).flatMap(([kind, amounts]) =>
    (amounts ?? []).map((amount) => ({
      clientId,
      kind: kind as ServiceKind,
      amount,
      minutes: kind === "session_30m" && amount === 1 ? 30 : null,
    })),
  );
}

export type PortalFixture = {
  ana: Viewer; // client, pro
  ben: Viewer; // client, premium
  coach: Viewer;
  admin: Viewer;
  lead: Viewer; // a lead who still has rows of their own (e.g. a former client): still refused
  /** Homework ids by key. */
  hw: Record<string, string>;
};

/** Inserts the fixture into `db` (next to whatever is there, such as the seeded sample people). */
export async function insertPortalFixture(db: Db): Promise<PortalFixture> {
  const person = (role: Role, plan: Plan | null, name: string) => insertPerson(db, role, plan, name);
  const hw: Record<string, string> = {};
  async function insertHomework(
    key: string,
    row: Omit<typeof homework.$inferInsert, "title"> & { title?: string },
  ): Promise<void> {
    const [inserted] = await db
      .insert(homework)
      .values({ title: key, ...row })
      .returning({ id: homework.id });
    if (!inserted) throw new Error(`homework ${key} not inserted`);
    hw[key] = inserted.id;
  }

  const ana = await person("client", "pro", "Ana");
  const ben = await person("client", "premium", "Ben");
  const coach = await person("coach", null, "Coach");
  const admin = await person("admin", null, "Admin");
  const lead = await person("lead", null, "Lead");

  await db.insert(serviceUsage).values([
    ...usage(ana.id, { mock_interview: [1, 1, 1, -1], session_30m: [1, 1, 1], resume_review: [1] }),
    ...usage(ben.id, {
      mock_interview: [1, 1, 1, 1, 1],
      session_30m: Array(10).fill(1),
      dsa_survey: [1],
      networking_events_list: [1],
    }),
    ...usage(lead.id, { resume_review: [1] }),
  ]);

  await db.insert(activities).values([
    ...Array.from({ length: 10 }, (_, i) => ({
      clientId: ana.id,
      title: `Ana activity ${i}`,
      details: i === 0 ? "newest of Ana's" : null,
      links: i === 0 ? [{ label: "Notes", url: "https://example.com/ana/notes" }] : [],
      occurredAt: at(-i * HOUR),
    })),
    ...Array.from({ length: 10 }, (_, i) => ({
      clientId: ben.id,
      title: `Ben activity ${i}`,
      occurredAt: at(-i * HOUR - HOUR / 2),
    })),
    { clientId: ben.id, title: "Ben newest", occurredAt: at(HOUR) },
  ]);

  // Inserted out of time order, so the order must come from the query.
  await db.insert(lessons).values([
    { clientId: ana.id, coachId: coach.id, title: "Ana middle", occurredAt: at(-2 * DAY) },
    {
      clientId: ana.id,
      coachId: coach.id,
      title: "Ana newest",
      occurredAt: at(-1 * DAY),
      recordingUrl: "https://example.com/rec/ana",
      resources: [{ label: "Sheet", url: "https://example.com/sheet" }],
    },
    { clientId: ana.id, coachId: coach.id, title: "Ana oldest", occurredAt: at(-5 * DAY) },
    { clientId: ben.id, coachId: coach.id, title: "Ben between", occurredAt: at(-3 * DAY) },
    { clientId: ben.id, coachId: coach.id, title: "Ben newest", occurredAt: at(0) },
  ]);

  await insertHomework("ana-no-due-1", { clientId: ana.id, dueDate: null, createdAt: at(-9 * DAY) });
  await insertHomework("ana-due-0320", { clientId: ana.id, dueDate: "2026-03-20", createdAt: at(-8 * DAY) });
  await insertHomework("ana-due-0305-submitted", {
    clientId: ana.id,
    dueDate: "2026-03-05",
    status: "submitted",
    submissionUrl: "https://example.com/first-try",
    submissionNote: "first try",
    submittedAt: at(-2 * DAY),
    createdAt: at(-7 * DAY),
  });
  await insertHomework("ana-due-0305-assigned", {
    clientId: ana.id,
    dueDate: "2026-03-05",
    createdAt: at(-6 * DAY),
  });
  await insertHomework("ana-due-0301-reviewed", {
    clientId: ana.id,
    dueDate: "2026-03-01",
    status: "reviewed",
    submissionUrl: "https://example.com/done",
    submittedAt: at(-4 * DAY),
    feedback: "Good work.",
    reviewedAt: at(-3 * DAY),
    reviewedBy: coach.id,
    createdAt: at(-10 * DAY),
  });
  await insertHomework("ana-no-due-2", { clientId: ana.id, dueDate: null, createdAt: at(-1 * DAY) });
  await insertHomework("ben-due-0303", { clientId: ben.id, dueDate: "2026-03-03", createdAt: at(-5 * DAY) });
  await insertHomework("ben-no-due", { clientId: ben.id, dueDate: null, createdAt: at(-5 * DAY) });
  await insertHomework("lead-own", { clientId: lead.id, dueDate: "2026-03-02", createdAt: at(-5 * DAY) });

  // A resource row: whose, its kind and title, its link's path, its tags, and how long before T0 it was added.
  const resource = (
    client: { id: string },
    kind: typeof resources.$inferInsert.kind,
    title: string,
    path: string,
    tags: string[],
    ago: number,
  ) => ({ clientId: client.id, kind, title, url: `https://example.com/${path}`, tags, createdAt: at(-ago) });
  await db.insert(resources).values([
    resource(ana, "guide", "Ana guide", "a/guide", ["interviews", "planning"], 3 * DAY),
    resource(ana, "video", "Ana video tagged", "a/video", ["system design", "interviews"], 1 * DAY),
    resource(ana, "practice", "Ana practice", "a/practice", ["dsa"], 2 * DAY),
    resource(ana, "video", "Ana video untagged", "a/video2", [], 4 * DAY),
    // Ben has Ana's kinds and tags, so a filter without the owner would leak them.
    resource(ben, "video", "Ben video", "b/video", ["interviews"], 0),
    resource(ben, "article", "Ben article", "b/article", ["Networking", "dsa"], 2 * DAY + HOUR),
    resource(lead, "tool", "Lead tool", "l/tool", ["leads"], 1 * DAY),
  ]);
  return { ana, ben, coach, admin, lead, hw };
}

/** The fixture's homework rows as the hand-in tests read them. */
export function homeworkRecords(db: () => Db, hw: Record<string, string>) {
  return {
    allHomework: () => db().select().from(homework).orderBy(asc(homework.id)),
    async homeworkRow(id: string) {
      const [row] = await db().select().from(homework).where(eq(homework.id, id));
      if (!row) throw new Error(`homework ${id} missing`);
      return row;
    },
    /** A fixture homework's id by its key. */
    id(key: string) {
      const found = hw[key];
      if (!found) throw new Error(`no homework ${key}`);
      return found;
    },
  };
}
