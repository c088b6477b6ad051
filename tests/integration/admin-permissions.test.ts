import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { parseJsonText } from "~/lib/json-text";
import { addActivity } from "~/server/models/activities.server";
import { assignHomework, reviewHomework } from "~/server/models/homework.server";
import { createLesson } from "~/server/models/lessons.server";
import { convertLead, getPerson, listPeople, setPlan, setRole } from "~/server/models/people.server";
import { addResource, removeResource } from "~/server/models/resources.server";
import { authorize } from "~/server/policy.server";
import { homework, lessons, resources } from "~/server/schema";
import { clientRecords, lessonInput } from "../support/client-records";
import { databaseLabel } from "../support/database";
import { PERMISSION } from "../support/refusal";
import { databaseForFile } from "../support/test-database";

// Who may call which admin model on a real database (app/server/policy.server.ts): what only an admin may
// change, and what a coach may too. A refusal changes nothing at all.

const db = databaseForFile();
const { person, adjust, expectRefused, usedOf, profileOf, addUsage, submittedHomework, resourceFor } =
  clientRecords(db);

let admin: Viewer;
let coach: Viewer;
let lead: Viewer; // as an actor
let client: Viewer; // as an actor
const actors = () => ({ lead, client, coach, admin });

// Each call would succeed for an admin, so the role alone refuses it.
let subjectLead: Viewer;
let subjectPro: Viewer; // pro, 1 session and the resume review used
let subjectHomework: string; // submitted, awaiting review
let subjectResource: string;

beforeAll(async () => {
  admin = await person("admin", null, "Ada Admin");
  coach = await person("coach", null, "Cole Coach");
  lead = await person("lead", null, "Lee Lead");
  client = await person("client", "premium", "Cleo Client");
  subjectLead = await person("lead", null, "Sam Subject");
  subjectPro = await person("client", "pro", "Pat Subject");
  await addUsage(subjectPro.id, "session_30m", 1);
  await addUsage(subjectPro.id, "resume_review", 1);
  subjectHomework = await submittedHomework(subjectPro.id, "Subject homework");
  subjectResource = await resourceFor(subjectPro.id, "Subject resource");
}, 120_000);

const ADMIN_ONLY: { name: string; run: (actor: Viewer) => Promise<unknown> }[] = [
  {
    name: "convertLead",
    run: (actor) => convertLead(db(), authorize(actor, "lead.convert"), subjectLead.id),
  },
  {
    name: "setRole",
    run: (actor) => setRole(db(), authorize(actor, "profile.set-role"), subjectPro.id, "coach"),
  },
  {
    name: "setPlan",
    run: (actor) => setPlan(db(), authorize(actor, "profile.set-plan"), subjectPro.id, "premium"),
  },
  {
    name: "adjustUsage +1 session_30m",
    run: (a) => adjust(a, subjectPro.id, "session_30m", 1),
  },
  {
    name: "adjustUsage -1 session_30m",
    run: (a) => adjust(a, subjectPro.id, "session_30m", -1),
  },
  {
    name: "adjustUsage +1 mock_interview",
    run: (a) => adjust(a, subjectPro.id, "mock_interview", 1),
  },
  {
    name: "adjustUsage mark done linkedin_review",
    run: (a) => adjust(a, subjectPro.id, "linkedin_review", 1),
  },
  {
    name: "adjustUsage undo resume_review",
    run: (a) => adjust(a, subjectPro.id, "resume_review", -1),
  },
  {
    name: "addActivity",
    run: (actor) =>
      addActivity(db(), authorize(actor, "activity.create"), subjectPro.id, {
        title: "Sneaky",
        details: null,
        link: "https://x.example",
      }),
  },
];

describe(`admin-only changes (${databaseLabel})`, () => {
  for (const role of ["lead", "client", "coach"] as const) {
    test.each(ADMIN_ONLY)(`$name refuses a ${role} with 403 and changes nothing`, async ({ run }) => {
      await expectRefused(() => run(actors()[role]), 403, PERMISSION);
    });
  }

  test("the same calls succeed for an admin (the subjects were valid)", async () => {
    // Order only keeps each precondition true: plan and role last.
    const lead2 = await person("lead", null, "Second Lead");
    const pro2 = await person("client", "pro", "Second Pro");
    await addUsage(pro2.id, "session_30m", 1);
    await addUsage(pro2.id, "resume_review", 1);
    await adjust(admin, pro2.id, "session_30m", 1);
    await adjust(admin, pro2.id, "session_30m", -1);
    await adjust(admin, pro2.id, "mock_interview", 1);
    await adjust(admin, pro2.id, "linkedin_review", 1);
    await adjust(admin, pro2.id, "resume_review", -1);
    await addActivity(db(), authorize(admin, "activity.create"), pro2.id, {
      title: "Fine",
      details: null,
      link: null,
    });
    await setPlan(db(), authorize(admin, "profile.set-plan"), pro2.id, "premium");
    await setRole(db(), authorize(admin, "profile.set-role"), pro2.id, "coach");
    await convertLead(db(), authorize(admin, "lead.convert"), lead2.id);
    expect(await usedOf(pro2.id, "session_30m")).toBe(1);
    expect(await usedOf(pro2.id, "mock_interview")).toBe(1);
    expect(await usedOf(pro2.id, "linkedin_review")).toBe(1);
    expect(await usedOf(pro2.id, "resume_review")).toBe(0);
    expect(await profileOf(pro2.id)).toMatchObject({ role: "coach", plan: "premium" });
    expect((await profileOf(lead2.id)).role).toBe("client");
  });
});

const STAFF: {
  name: string;
  prepare: () => Promise<string>;
  run: (actor: Viewer, subject: string) => Promise<unknown>;
  check: (actor: Viewer, subject: string, result: unknown) => Promise<void>;
}[] = [
  {
    name: "createLesson",
    prepare: async () => subjectPro.id,
    run: (actor, clientId) =>
      createLesson(db(), authorize(actor, "lesson.create"), lessonInput(clientId, `Lesson by ${actor.role}`)),
    check: async (actor, _clientId, result) => {
      const [row] = await db()
        .select()
        .from(lessons)
        .where(eq(lessons.id, (result as { id: string }).id));
      // The lesson's coach is whoever adds it.
      expect(row).toMatchObject({
        clientId: subjectPro.id,
        coachId: actor.id,
        title: `Lesson by ${actor.role}`,
      });
    },
  },
  {
    name: "assignHomework",
    prepare: async () => subjectPro.id,
    run: (actor, clientId) =>
      assignHomework(db(), authorize(actor, "homework.assign"), clientId, {
        title: `Homework by ${actor.role}`,
        dueDate: "2026-04-01",
        description: null,
        links: [],
      }),
    check: async (actor, _clientId, result) => {
      const [row] = await db()
        .select()
        .from(homework)
        .where(eq(homework.id, (result as { id: string }).id));
      expect(row).toMatchObject({ status: "assigned", assignedBy: actor.id, dueDate: "2026-04-01" });
    },
  },
  {
    name: "reviewHomework",
    prepare: () => submittedHomework(subjectPro.id, "To review"),
    run: (actor, homeworkId) =>
      reviewHomework(db(), authorize(actor, "homework.review"), homeworkId, "Well done", subjectPro.id),
    check: async (actor, homeworkId) => {
      const [row] = await db().select().from(homework).where(eq(homework.id, homeworkId));
      expect(row).toMatchObject({ status: "reviewed", feedback: "Well done", reviewedBy: actor.id });
      expect(row?.reviewedAt).toBeInstanceOf(Date);
    },
  },
  {
    name: "addResource",
    prepare: async () => subjectPro.id,
    run: (actor, clientId) =>
      addResource(db(), authorize(actor, "resource.manage"), clientId, {
        kind: "video",
        title: `Resource by ${actor.role}`,
        url: "https://example.com/video",
        tags: ["dsa"],
      }),
    check: async (actor, _clientId, result) => {
      const [row] = await db()
        .select()
        .from(resources)
        .where(eq(resources.id, (result as { id: string }).id));
      expect(row).toMatchObject({
        clientId: subjectPro.id,
        createdBy: actor.id,
        kind: "video",
        tags: ["dsa"],
      });
    },
  },
  {
    name: "removeResource",
    prepare: () => resourceFor(subjectPro.id, "To remove"),
    run: (actor, resourceId) =>
      removeResource(db(), authorize(actor, "resource.manage"), subjectPro.id, resourceId),
    check: async (_actor, resourceId) => {
      expect(await db().select().from(resources).where(eq(resources.id, resourceId))).toEqual([]);
    },
  },
  {
    name: "listPeople",
    prepare: async () => "",
    run: (actor) => listPeople(db(), authorize(actor, "profiles.list"), { search: "Subject" }),
    check: async (_actor, _subject, result) => {
      const rows = parseJsonText((result as Awaited<ReturnType<typeof listPeople>>).rows);
      expect(rows.map((row) => row.id).sort()).toEqual([subjectLead.id, subjectPro.id].sort());
    },
  },
  {
    name: "getPerson",
    prepare: async () => subjectPro.id,
    run: (actor, id) => getPerson(db(), authorize(actor, "client.read"), id),
    check: async (_actor, _id, result) => {
      expect(result).toEqual({
        id: subjectPro.id,
        email: subjectPro.email,
        fullName: "Pat Subject",
        role: "client",
        plan: "pro",
      });
    },
  },
];

const REFUSED_SUBJECT: Record<string, () => string> = {
  createLesson: () => subjectPro.id,
  assignHomework: () => subjectPro.id,
  reviewHomework: () => subjectHomework,
  addResource: () => subjectPro.id,
  removeResource: () => subjectResource,
  listPeople: () => "",
  getPerson: () => subjectPro.id,
};

describe(`changes a coach may make too (${databaseLabel})`, () => {
  for (const role of ["lead", "client"] as const) {
    test.each(STAFF)(`$name refuses a ${role} with 403 and changes nothing`, async ({ name, run }) => {
      const subject = REFUSED_SUBJECT[name]?.() ?? "";
      await expectRefused(() => run(actors()[role], subject), 403, PERMISSION);
    });
  }
  for (const role of ["coach", "admin"] as const) {
    test.each(STAFF)(`$name works for a ${role}`, async ({ prepare, run, check }) => {
      const actor = actors()[role];
      const subject = await prepare();
      const result = await run(actor, subject);
      await check(actor, subject, result);
    });
  }
});
