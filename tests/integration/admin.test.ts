import { randomUUID } from "node:crypto";
import { and, eq, notInArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Plan, Role } from "~/domain/plans";
import type { Viewer } from "~/domain/viewer";
import { parseJsonText } from "~/lib/json-text";
import { activitySchema } from "~/lib/schemas/admin";
import { addActivity } from "~/server/models/activities.server";
import { assignHomework, reviewHomework } from "~/server/models/homework.server";
import { createLesson } from "~/server/models/lessons.server";
import {
  convertLead,
  getPerson,
  listPeople,
  PEOPLE_PAGE_SIZE,
  pickableClients,
  setPlan,
  setRole,
} from "~/server/models/people.server";
import { addResource, removeResource } from "~/server/models/resources.server";
import { adjustUsage, usagePermission } from "~/server/models/usage.server";
import { authorize } from "~/server/policy.server";
import {
  activities,
  auditEvents,
  homework,
  lessons,
  profiles,
  resources,
  serviceUsage,
} from "~/server/schema";
import { databaseLabel, freshDatabase } from "../support/database";
import { insertPerson } from "../support/people";
import { expectRefusedUnchanged, modelRefusal } from "../support/refusal";

// The admin area's models on a real database: who may call what (app/server/policy.server.ts), the quota
// and special-item rules (docs/product/states.md and validation.md), the list, the picker and the audit trail.
// A refusal changes nothing at all.

type Database = Awaited<ReturnType<typeof freshDatabase>>;

let main: Database; // the permission matrix, the rules, the audit trail
let listing: Database; // the Leads & Clients list and the picker: a population known exactly
const db = () => main.db;

const PERMISSION = "You don't have permission to do that.";
const BELOW_ZERO = "Cannot decrement below zero.";
const ALREADY_DONE = "Already marked done.";
const NOT_IN_PLAN = "That isn't part of this client's plan.";

const person = (role: Role, plan: Plan | null, name: string | null) =>
  insertPerson(main.db, role, plan, name);

const expectRefused = (run: () => Promise<unknown>, status: number, message?: string) =>
  expectRefusedUnchanged(db(), run, status, message);

/** There must be exactly one audit row. */
async function withOneAuditRow<T>(run: () => Promise<T>) {
  const seen = (await db().select({ id: auditEvents.id }).from(auditEvents)).map((row) => row.id);
  const value = await run();
  const written = await db()
    .select()
    .from(auditEvents)
    .where(seen.length ? notInArray(auditEvents.id, seen) : undefined);
  expect(written, "audit rows written by one change").toHaveLength(1);
  return { value, audit: written[0] as typeof auditEvents.$inferSelect };
}

async function usedOf(clientId: string, kind: (typeof serviceUsage.$inferSelect)["kind"]): Promise<number> {
  const [row] = await db()
    .select({ used: sql<number>`coalesce(sum(${serviceUsage.amount}), 0)::int` })
    .from(serviceUsage)
    .where(and(eq(serviceUsage.clientId, clientId), eq(serviceUsage.kind, kind)));
  return row?.used ?? 0;
}

async function profileOf(id: string) {
  const [row] = await db().select().from(profiles).where(eq(profiles.id, id));
  if (!row) throw new Error(`profile ${id} missing`);
  return row;
}

async function addUsage(clientId: string, kind: (typeof serviceUsage.$inferSelect)["kind"], times: number) {
  await db()
    .insert(serviceUsage)
    .values(
      Array.from({ length: times }, () => ({
        clientId,
        kind,
        amount: 1,
        minutes: kind === "session_30m" ? 30 : null,
      })),
    );
}

async function submittedHomework(clientId: string, title: string): Promise<string> {
  const [row] = await db()
    .insert(homework)
    .values({ clientId, title, status: "submitted", submittedAt: new Date(), submissionNote: "done" })
    .returning({ id: homework.id });
  if (!row) throw new Error("homework not inserted");
  return row.id;
}

async function resourceFor(clientId: string, title: string): Promise<string> {
  const [row] = await db()
    .insert(resources)
    .values({ clientId, kind: "guide", title, url: "https://example.com/guide" })
    .returning({ id: resources.id });
  if (!row) throw new Error("resource not inserted");
  return row.id;
}

const lessonInput = (clientId: string, title: string) => ({
  clientId,
  title,
  notes: null,
  occurredAt: new Date("2026-03-01T15:00:00.000Z"),
  recordingUrl: null,
  resources: [],
});

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
  [main, listing] = await Promise.all([freshDatabase(), freshDatabase()]);
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
  await seedListing();
}, 120_000);
afterAll(async () => {
  await Promise.all([main?.dispose(), listing?.dispose()]);
});

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
    run: (a) =>
      adjustUsage(db(), authorize(a, usagePermission("session_30m")), subjectPro.id, "session_30m", 1),
  },
  {
    name: "adjustUsage -1 session_30m",
    run: (a) =>
      adjustUsage(db(), authorize(a, usagePermission("session_30m")), subjectPro.id, "session_30m", -1),
  },
  {
    name: "adjustUsage +1 mock_interview",
    run: (a) =>
      adjustUsage(db(), authorize(a, usagePermission("mock_interview")), subjectPro.id, "mock_interview", 1),
  },
  {
    name: "adjustUsage mark done linkedin_review",
    run: (a) =>
      adjustUsage(
        db(),
        authorize(a, usagePermission("linkedin_review")),
        subjectPro.id,
        "linkedin_review",
        1,
      ),
  },
  {
    name: "adjustUsage undo resume_review",
    run: (a) =>
      adjustUsage(db(), authorize(a, usagePermission("resume_review")), subjectPro.id, "resume_review", -1),
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
    await adjustUsage(db(), authorize(admin, usagePermission("session_30m")), pro2.id, "session_30m", 1);
    await adjustUsage(db(), authorize(admin, usagePermission("session_30m")), pro2.id, "session_30m", -1);
    await adjustUsage(
      db(),
      authorize(admin, usagePermission("mock_interview")),
      pro2.id,
      "mock_interview",
      1,
    );
    await adjustUsage(
      db(),
      authorize(admin, usagePermission("linkedin_review")),
      pro2.id,
      "linkedin_review",
      1,
    );
    await adjustUsage(db(), authorize(admin, usagePermission("resume_review")), pro2.id, "resume_review", -1);
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

describe(`quota and special-item rules (${databaseLabel})`, () => {
  test("−1 at 0 is refused with 409 'Cannot decrement below zero.' and writes no row", async () => {
    const pro = await person("client", "pro", "Zero Quota");
    await expectRefused(
      () => adjustUsage(db(), authorize(admin, usagePermission("session_30m")), pro.id, "session_30m", -1),
      409,
      BELOW_ZERO,
    );
    await expectRefused(
      () =>
        adjustUsage(db(), authorize(admin, usagePermission("mock_interview")), pro.id, "mock_interview", -1),
      409,
      BELOW_ZERO,
    );
    expect(await db().select().from(serviceUsage).where(eq(serviceUsage.clientId, pro.id))).toEqual([]);
  });

  test("+1 then −1 then −1: the second −1 is refused, the total never goes below zero", async () => {
    const pro = await person("client", "pro", "Up Down");
    expect(
      await adjustUsage(
        db(),
        authorize(admin, usagePermission("mock_interview")),
        pro.id,
        "mock_interview",
        1,
      ),
    ).toEqual({
      kind: "mock_interview",
      used: 1,
    });
    expect(
      await adjustUsage(
        db(),
        authorize(admin, usagePermission("mock_interview")),
        pro.id,
        "mock_interview",
        -1,
      ),
    ).toEqual({
      kind: "mock_interview",
      used: 0,
    });
    await expectRefused(
      () =>
        adjustUsage(db(), authorize(admin, usagePermission("mock_interview")), pro.id, "mock_interview", -1),
      409,
      BELOW_ZERO,
    );
    const rows = await db().select().from(serviceUsage).where(eq(serviceUsage.clientId, pro.id));
    expect(rows.map((row) => row.amount).sort()).toEqual([-1, 1]);
  });

  test("'Mark done' twice: the second is refused with 'Already marked done.'", async () => {
    const pro = await person("client", "pro", "Mark Twice");
    expect(
      await adjustUsage(db(), authorize(admin, usagePermission("resume_review")), pro.id, "resume_review", 1),
    ).toEqual({
      kind: "resume_review",
      used: 1,
    });
    await expectRefused(
      () => adjustUsage(db(), authorize(admin, usagePermission("resume_review")), pro.id, "resume_review", 1),
      409,
      ALREADY_DONE,
    );
    expect(await usedOf(pro.id, "resume_review")).toBe(1);
  });

  test("Undo at 0 is refused with 'Cannot decrement below zero.'; Undo after Mark done goes back to Pending", async () => {
    const pro = await person("client", "pro", "Undo Zero");
    await expectRefused(
      () => adjustUsage(db(), authorize(admin, usagePermission("dsa_survey")), pro.id, "dsa_survey", -1),
      409,
      BELOW_ZERO,
    );
    await adjustUsage(db(), authorize(admin, usagePermission("dsa_survey")), pro.id, "dsa_survey", 1);
    expect(
      await adjustUsage(db(), authorize(admin, usagePermission("dsa_survey")), pro.id, "dsa_survey", -1),
    ).toEqual({ kind: "dsa_survey", used: 0 });
    await expectRefused(
      () => adjustUsage(db(), authorize(admin, usagePermission("dsa_survey")), pro.id, "dsa_survey", -1),
      409,
      BELOW_ZERO,
    );
    expect(
      await adjustUsage(db(), authorize(admin, usagePermission("dsa_survey")), pro.id, "dsa_survey", 1),
    ).toEqual({ kind: "dsa_survey", used: 1 });
  });

  test("a kind the plan doesn't grant is refused, +1 and −1, on quotas and special items", async () => {
    const pro = await person("client", "pro", "Not Granted");
    const basic = await person("client", "basic", "Basic Only");
    const leadNoPlan = await person("lead", null, "Plan Less"); // effective plan: basic
    for (const amount of [1, -1] as const) {
      await expectRefused(
        () =>
          adjustUsage(
            db(),
            authorize(admin, usagePermission("networking_events_list")),
            pro.id,
            "networking_events_list",
            amount,
          ),
        400,
        NOT_IN_PLAN,
      );
      await expectRefused(
        () =>
          adjustUsage(
            db(),
            authorize(admin, usagePermission("session_30m")),
            basic.id,
            "session_30m",
            amount,
          ),
        400,
        NOT_IN_PLAN,
      );
      await expectRefused(
        () =>
          adjustUsage(db(), authorize(admin, usagePermission("dsa_survey")), basic.id, "dsa_survey", amount),
        400,
        NOT_IN_PLAN,
      );
      await expectRefused(
        () =>
          adjustUsage(
            db(),
            authorize(admin, usagePermission("strategy_call_90m")),
            leadNoPlan.id,
            "strategy_call_90m",
            amount,
          ),
        400,
        NOT_IN_PLAN,
      );
    }
  });

  test("+1 on session_30m records 30 minutes and who made it; −1 and other kinds record no minutes", async () => {
    const pro = await person("client", "pro", "Minutes Person");
    await adjustUsage(db(), authorize(admin, usagePermission("session_30m")), pro.id, "session_30m", 1);
    await adjustUsage(db(), authorize(admin, usagePermission("session_30m")), pro.id, "session_30m", -1);
    await adjustUsage(db(), authorize(admin, usagePermission("mock_interview")), pro.id, "mock_interview", 1);
    await adjustUsage(db(), authorize(admin, usagePermission("github_review")), pro.id, "github_review", 1);
    const rows = await db()
      .select({
        kind: serviceUsage.kind,
        amount: serviceUsage.amount,
        minutes: serviceUsage.minutes,
        createdBy: serviceUsage.createdBy,
      })
      .from(serviceUsage)
      .where(eq(serviceUsage.clientId, pro.id));
    expect(rows).toHaveLength(4);
    expect(rows).toEqual(
      expect.arrayContaining([
        { kind: "session_30m", amount: 1, minutes: 30, createdBy: admin.id },
        { kind: "session_30m", amount: -1, minutes: null, createdBy: admin.id },
        { kind: "mock_interview", amount: 1, minutes: null, createdBy: admin.id },
        { kind: "github_review", amount: 1, minutes: null, createdBy: admin.id },
      ]),
    );
  });

  test("usage can't be recorded for a coach or an admin, nor for no one", async () => {
    await expectRefused(
      () =>
        adjustUsage(db(), authorize(admin, usagePermission("mock_interview")), coach.id, "mock_interview", 1),
      400,
    );
    await expectRefused(
      () =>
        adjustUsage(
          db(),
          authorize(admin, usagePermission("mock_interview")),
          randomUUID(),
          "mock_interview",
          1,
        ),
      404,
    );
  });
});

describe(`role and plan rules (${databaseLabel})`, () => {
  test("convertLead on a client, a coach or an admin is refused with 409; on no one with 404", async () => {
    const already = await person("client", "basic", "Already Client");
    for (const target of [already, coach, admin]) {
      await expectRefused(
        () => convertLead(db(), authorize(admin, "lead.convert"), target.id),
        409,
        "Only a lead can be converted to a client.",
      );
    }
    await expectRefused(() => convertLead(db(), authorize(admin, "lead.convert"), randomUUID()), 404);
  });

  test("convertLead makes a lead a client whose plan shows as basic", async () => {
    const fresh = await person("lead", null, "Fresh Lead");
    const converted = await convertLead(db(), authorize(admin, "lead.convert"), fresh.id);
    expect(converted).toMatchObject({ id: fresh.id, role: "client", plan: null });
    expect(await profileOf(fresh.id)).toMatchObject({ role: "client", plan: null });
  });

  test("an admin can't change their own role (to lead, client or coach)", async () => {
    for (const role of ["lead", "client", "coach"] as const) {
      await expectRefused(
        () => setRole(db(), authorize(admin, "profile.set-role"), admin.id, role),
        409,
        "You can't change your own role.",
      );
    }
    expect((await profileOf(admin.id)).role).toBe("admin");
  });

  test("an admin may set any of the four roles and any of the three plans on someone else", async () => {
    const target = await person("lead", null, "Role Target");
    for (const role of ["client", "coach", "admin", "lead"] as const) {
      expect((await setRole(db(), authorize(admin, "profile.set-role"), target.id, role)).role).toBe(role);
    }
    for (const plan of ["pro", "premium", "basic"] as const) {
      expect((await setPlan(db(), authorize(admin, "profile.set-plan"), target.id, plan)).plan).toBe(plan);
    }
    await expectRefused(
      () => setRole(db(), authorize(admin, "profile.set-role"), randomUUID(), "client"),
      404,
    );
    await expectRefused(() => setPlan(db(), authorize(admin, "profile.set-plan"), randomUUID(), "pro"), 404);
  });
});

describe(`every change writes exactly one audit row (${databaseLabel})`, () => {
  test("convertLead, setRole, setPlan: actor, target, action, before and after", async () => {
    const target = await person("lead", null, "Audit Person");
    const converted = await withOneAuditRow(() =>
      convertLead(db(), authorize(admin, "lead.convert"), target.id),
    );
    expect(converted.audit).toMatchObject({
      actorId: admin.id,
      targetId: target.id,
      action: "lead.convert",
      entity: "profile",
      entityId: target.id,
      before: { role: "lead" },
      after: { role: "client" },
    });
    const plan = await withOneAuditRow(() =>
      setPlan(db(), authorize(admin, "profile.set-plan"), target.id, "pro"),
    );
    expect(plan.audit).toMatchObject({
      actorId: admin.id,
      targetId: target.id,
      action: "profile.set-plan",
      before: { plan: null },
      after: { plan: "pro" },
    });
    const role = await withOneAuditRow(() =>
      setRole(db(), authorize(admin, "profile.set-role"), target.id, "coach"),
    );
    expect(role.audit).toMatchObject({
      actorId: admin.id,
      targetId: target.id,
      action: "profile.set-role",
      before: { role: "client" },
      after: { role: "coach" },
    });
  });

  test("quota +1/−1 and special Mark done/Undo: the kind and the used count before and after", async () => {
    const target = await person("client", "premium", "Audit Usage");
    const cases = [
      { kind: "session_30m", amount: 1, action: "usage.adjust", before: 0, after: 1 },
      { kind: "session_30m", amount: -1, action: "usage.adjust", before: 1, after: 0 },
      { kind: "networking_events_list", amount: 1, action: "special-item.mark-done", before: 0, after: 1 },
      { kind: "networking_events_list", amount: -1, action: "special-item.undo", before: 1, after: 0 },
    ] as const;
    for (const c of cases) {
      const { audit } = await withOneAuditRow(() =>
        adjustUsage(db(), authorize(admin, usagePermission(c.kind)), target.id, c.kind, c.amount),
      );
      expect(audit).toMatchObject({
        actorId: admin.id,
        targetId: target.id,
        action: c.action,
        entity: "service_usage",
        before: { kind: c.kind, used: c.before },
        after: { kind: c.kind, used: c.after },
      });
    }
  });

  test("activity, lesson, homework assign and review, resource add and remove", async () => {
    const target = await person("client", "pro", "Audit Records");
    const activity = await withOneAuditRow(() =>
      addActivity(db(), authorize(admin, "activity.create"), target.id, {
        title: "Referral",
        details: "Sent",
        link: "https://jobs.example/1",
      }),
    );
    expect(activity.audit).toMatchObject({
      actorId: admin.id,
      targetId: target.id,
      action: "activity.create",
      entity: "activity",
      entityId: activity.value?.id,
      before: null,
      after: {
        title: "Referral",
        details: "Sent",
        links: [{ label: "https://jobs.example/1", url: "https://jobs.example/1" }],
      },
    });

    const lesson = await withOneAuditRow(() =>
      createLesson(db(), authorize(coach, "lesson.create"), lessonInput(target.id, "Audit lesson")),
    );
    expect(lesson.audit).toMatchObject({
      actorId: coach.id,
      targetId: target.id,
      action: "lesson.create",
      entity: "lesson",
      entityId: lesson.value.id,
      after: { title: "Audit lesson", occurredAt: "2026-03-01T15:00:00.000Z" },
    });

    const assigned = await withOneAuditRow(() =>
      assignHomework(db(), authorize(coach, "homework.assign"), target.id, {
        title: "Audit hw",
        dueDate: null,
        description: null,
        links: [],
      }),
    );
    expect(assigned.audit).toMatchObject({
      actorId: coach.id,
      targetId: target.id,
      action: "homework.assign",
      entity: "homework",
      entityId: assigned.value?.id,
      after: { title: "Audit hw", dueDate: null },
    });

    const toReview = await submittedHomework(target.id, "Audit review");
    const reviewed = await withOneAuditRow(() =>
      reviewHomework(db(), authorize(admin, "homework.review"), toReview, "Nice", target.id),
    );
    expect(reviewed.audit).toMatchObject({
      actorId: admin.id,
      targetId: target.id,
      action: "homework.review",
      entityId: toReview,
      before: { status: "submitted" },
      after: { status: "reviewed", feedback: "Nice" },
    });

    const added = await withOneAuditRow(() =>
      addResource(db(), authorize(coach, "resource.manage"), target.id, {
        kind: "tool",
        title: "Audit tool",
        url: "https://t.example",
        tags: [],
      }),
    );
    expect(added.audit).toMatchObject({
      actorId: coach.id,
      targetId: target.id,
      action: "resource.add",
      entityId: added.value?.id,
      after: { title: "Audit tool", kind: "tool", url: "https://t.example" },
    });
    const removed = await withOneAuditRow(() =>
      removeResource(db(), authorize(coach, "resource.manage"), target.id, added.value?.id ?? "missing"),
    );
    expect(removed.audit).toMatchObject({
      actorId: coach.id,
      targetId: target.id,
      action: "resource.remove",
      entityId: added.value?.id,
      before: { title: "Audit tool", url: "https://t.example" },
    });
  });

  test("a refused change writes no audit row (the refusal rolls back the whole transaction)", async () => {
    const target = await person("client", "pro", "Audit Refused");
    await expectRefused(
      () => adjustUsage(db(), authorize(admin, usagePermission("session_30m")), target.id, "session_30m", -1),
      409,
      BELOW_ZERO,
    );
    await expectRefused(() => setRole(db(), authorize(admin, "profile.set-role"), admin.id, "lead"), 409);
    await expectRefused(() => convertLead(db(), authorize(admin, "lead.convert"), target.id), 409);
    const trail = await db().select().from(auditEvents).where(eq(auditEvents.targetId, target.id));
    expect(trail).toEqual([]);
  });
});

// ── 5. Activities (docs/product/validation.md) ──────────────────────────────────────────────────

describe(`activities (${databaseLabel})`, () => {
  /** As the action does: the shared schema, then the model. */
  const addFromForm = (clientId: string, form: { title: string; details: string; link: string }) =>
    addActivity(db(), authorize(admin, "activity.create"), clientId, activitySchema.parse(form));

  test("kind is null; the link text becomes one link labelled by its url; blank details are null", async () => {
    const target = await person("client", "basic", "Activity Person");
    const created = await addFromForm(target.id, {
      title: "  Mock interview booked  ",
      details: "   ",
      link: "  https://calendar.example/slot?id=7  ",
    });
    const [row] = await db()
      .select()
      .from(activities)
      .where(eq(activities.id, created?.id ?? ""));
    expect(row).toMatchObject({
      clientId: target.id,
      title: "Mock interview booked",
      details: null,
      kind: null,
      links: [{ label: "https://calendar.example/slot?id=7", url: "https://calendar.example/slot?id=7" }],
      createdBy: admin.id,
    });
    // docs/product/entities.md: occurred_at is set by the server.
    expect(Math.abs((row?.occurredAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
  });

  test("no link gives no links; a link is not checked for format; details are kept", async () => {
    const target = await person("client", "pro", "Activity Two");
    const plain = await addFromForm(target.id, { title: "Call", details: "Talked offers", link: "" });
    expect(plain).toMatchObject({ title: "Call", details: "Talked offers", links: [], kind: null });
    const loose = await addFromForm(target.id, { title: "Note", details: "", link: "see the doc" });
    expect(loose).toMatchObject({ details: null, links: [{ label: "see the doc", url: "see the doc" }] });
  });

  test("a blank title is refused by the form with 'Activity title is required.'", () => {
    const parsed = activitySchema.safeParse({ title: "   ", details: "x", link: "" });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("Activity title is required.");
  });

  test("an activity can't be added to a coach or to no one", async () => {
    await expectRefused(
      () =>
        addActivity(db(), authorize(admin, "activity.create"), coach.id, {
          title: "x",
          details: null,
          link: null,
        }),
      400,
    );
    await expectRefused(
      () =>
        addActivity(db(), authorize(admin, "activity.create"), randomUUID(), {
          title: "x",
          details: null,
          link: null,
        }),
      404,
    );
  });
});

let listAdmin: Viewer;
let listCoach: Viewer;
const BULK = 30;
const two = (n: number) => String(n).padStart(2, "0");

// Emails differ at their first letters or digits, so the order is the same under any collation.
const NAMED_CLIENTS = [
  { email: "maya.chen@list.test", fullName: "Maya Chen", plan: "pro" },
  { email: "zoe@list.test", fullName: "Zoë Ng", plan: null },
  { email: "ready@list.test", fullName: "100% Ready", plan: "premium" },
  { email: "per%cy@list.test", fullName: "Percy", plan: "basic" },
  { email: "backslash@list.test", fullName: "Back\\slash", plan: "basic" },
] as const;
const NAMED_LEADS = [
  { email: "mlopez@list.test", fullName: "MAYA Lopez" },
  { email: "noname@list.test", fullName: null },
  { email: "sam@list.test", fullName: "snake_case Sam" },
  { email: "under_score@list.test", fullName: "Under Score" },
] as const;
const BULK_CLIENTS = Array.from({ length: BULK }, (_, i) => `client${two(i + 1)}@list.test`);
const BULK_LEADS = Array.from({ length: BULK }, (_, i) => `lead${two(i + 1)}@list.test`);
const ALL_LISTED = [
  "backslash@list.test",
  ...BULK_CLIENTS,
  ...BULK_LEADS,
  "maya.chen@list.test",
  "mlopez@list.test",
  "noname@list.test",
  "per%cy@list.test",
  "ready@list.test",
  "sam@list.test",
  "under_score@list.test",
  "zoe@list.test",
];
const LEADS = ALL_LISTED.filter((e) => e.startsWith("lead") || NAMED_LEADS.some((l) => l.email === e));
const CLIENTS = ALL_LISTED.filter((e) => !LEADS.includes(e));

async function seedListing() {
  // Staff matching the searches below: never listed.
  listAdmin = await insertPerson(listing.db, "admin", null, "Chen Admin", "achen.admin@list.test");
  listCoach = await insertPerson(listing.db, "coach", null, "Coach Maya", "coach_maya@list.test");
  await listing.db.insert(profiles).values([
    ...NAMED_CLIENTS.map((c) => ({ ...c, role: "client" as const })),
    ...NAMED_LEADS.map((l) => ({ ...l, role: "lead" as const, plan: null })),
    ...BULK_CLIENTS.map((email, i) => ({
      email,
      fullName: `Bulk Client ${two(i + 1)}`,
      role: "client" as const,
      plan: "basic" as const,
    })),
    ...BULK_LEADS.map((email, i) => ({ email, fullName: `Bulk Lead ${two(i + 1)}`, role: "lead" as const })),
  ]);
}

const list = async (options: Parameters<typeof listPeople>[2], actor = listAdmin) => {
  const found = await listPeople(listing.db, authorize(actor, "profiles.list"), options);
  return { ...found, rows: parseJsonText(found.rows) };
};
const emails = (rows: { email: string }[]) => rows.map((row) => row.email);

describe(`Leads & Clients list (${databaseLabel})`, () => {
  test("All: leads and clients only, by email, 50 a page, with the three counts", async () => {
    expect(ALL_LISTED).toHaveLength(69);
    const first = await list({});
    expect(first.counts).toEqual({ leads: 34, clients: 35, all: 69 });
    expect(first).toMatchObject({ total: 69, page: 1, pageSize: PEOPLE_PAGE_SIZE });
    expect(PEOPLE_PAGE_SIZE).toBe(50);
    expect(emails(first.rows)).toEqual(ALL_LISTED.slice(0, 50));
    const second = await list({ page: 2 });
    expect(emails(second.rows)).toEqual(ALL_LISTED.slice(50));
    expect(second).toMatchObject({ page: 2, total: 69, counts: first.counts });
    const beyond = await list({ page: 3 });
    expect(beyond.rows).toEqual([]);
    expect(beyond.total).toBe(69);
  });

  test("a page below 1 is page 1", async () => {
    for (const page of [0, -3]) {
      const result = await list({ page });
      expect(result.page).toBe(1);
      expect(emails(result.rows)).toEqual(ALL_LISTED.slice(0, 50));
    }
  });

  test("Leads and Clients filters: only that role; counts stay those of all three buttons", async () => {
    const leads = await list({ filter: "leads" });
    expect(emails(leads.rows)).toEqual(LEADS);
    expect(leads.rows.every((row) => row.role === "lead")).toBe(true);
    expect(leads).toMatchObject({ total: 34, counts: { leads: 34, clients: 35, all: 69 } });
    const clients = await list({ filter: "clients" });
    expect(emails(clients.rows)).toEqual(CLIENTS);
    expect(clients.rows.every((row) => row.role === "client")).toBe(true);
    expect(clients.total).toBe(35);
  });

  test("staff are never listed, whatever the filter or search", async () => {
    for (const filter of ["all", "leads", "clients"] as const) {
      for (const search of ["", "chen", "maya", "admin", "coach", "achen.admin@list.test"]) {
        const { rows } = await list({ filter, search });
        expect(emails(rows)).not.toContain("achen.admin@list.test");
        expect(emails(rows)).not.toContain("coach_maya@list.test");
      }
    }
  });

  test("rows carry name (null when empty), email, role and the stored plan", async () => {
    const rows = [...(await list({ page: 1 })).rows, ...(await list({ page: 2 })).rows];
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    expect(byEmail.get("zoe@list.test")).toMatchObject({ fullName: "Zoë Ng", role: "client", plan: null });
    expect(byEmail.get("noname@list.test")).toMatchObject({ fullName: null, role: "lead", plan: null });
    expect(byEmail.get("maya.chen@list.test")).toMatchObject({ role: "client", plan: "pro" });
    expect(Object.keys(byEmail.get("maya.chen@list.test") ?? {}).sort()).toEqual(
      ["email", "fullName", "id", "plan", "role"].sort(),
    );
  });

  test("search is case-insensitive on name or email, trimmed, and the counts follow it", async () => {
    const maya = await list({ search: "maya" });
    expect(emails(maya.rows)).toEqual(["maya.chen@list.test", "mlopez@list.test"]);
    expect(maya.counts).toEqual({ leads: 1, clients: 1, all: 2 });
    expect(emails((await list({ search: "  mAyA  " })).rows)).toEqual(emails(maya.rows));
    expect(emails((await list({ search: "MAYA.CHEN@LIST" })).rows)).toEqual(["maya.chen@list.test"]);
    expect(emails((await list({ search: "zoË" })).rows)).toEqual(["zoe@list.test"]);
    const leadsOnly = await list({ filter: "leads", search: "MAYA" });
    expect(emails(leadsOnly.rows)).toEqual(["mlopez@list.test"]);
    expect(leadsOnly).toMatchObject({ total: 1, counts: { leads: 1, clients: 1, all: 2 } });
    const none = await list({ search: "nobody-like-this" });
    expect(none).toMatchObject({ rows: [], total: 0, counts: { leads: 0, clients: 0, all: 0 } });
  });

  test("'%', '_' and '\\' in the search are literal characters, not patterns", async () => {
    const percent = await list({ search: "%" });
    expect(emails(percent.rows)).toEqual(["per%cy@list.test", "ready@list.test"]);
    expect(percent.counts).toEqual({ leads: 0, clients: 2, all: 2 });
    const underscore = await list({ search: "_" });
    expect(emails(underscore.rows)).toEqual(["sam@list.test", "under_score@list.test"]);
    expect(underscore.counts).toEqual({ leads: 2, clients: 0, all: 2 });
    expect(emails((await list({ search: "\\" })).rows)).toEqual(["backslash@list.test"]);
    expect(emails((await list({ search: "100%" })).rows)).toEqual(["ready@list.test"]);
    expect((await list({ search: "%%" })).rows).toEqual([]);
    expect((await list({ search: "r_a" })).rows).toEqual([]);
  });

  test("a coach sees the same list", async () => {
    expect(await list({ search: "maya" }, listCoach)).toEqual(await list({ search: "maya" }));
  });
});

describe(`the lesson picker's clients (${databaseLabel})`, () => {
  test("only role client, the first 20 by email, and whether more match", async () => {
    expect(CLIENTS.length).toBeGreaterThan(20);
    const picked = await pickableClients(listing.db, authorize(listCoach, "lesson.create"), "");
    expect(emails(picked.clients)).toEqual(CLIENTS.slice(0, 20));
    expect(picked.more).toBe(true);
    expect(Object.keys(picked.clients[0] ?? {}).sort()).toEqual(["email", "fullName", "id"]);
    expect(BULK_CLIENTS.length).toBeGreaterThan(20);
    const bulk = await pickableClients(listing.db, authorize(listCoach, "lesson.create"), "bulk CLIENT");
    expect(emails(bulk.clients)).toEqual(BULK_CLIENTS.slice(0, 20));
    expect(bulk.more).toBe(true);
    const exact = await pickableClients(
      listing.db,
      authorize(listCoach, "lesson.create"),
      "bulk client",
      BULK_CLIENTS.length,
    );
    expect(emails(exact.clients)).toEqual(BULK_CLIENTS);
    expect(exact.more).toBe(false);
  });

  test("search matches name or email case-insensitively; leads and staff are never offered", async () => {
    const pick = async (search: string) => {
      const { clients, more } = await pickableClients(
        listing.db,
        authorize(listAdmin, "lesson.create"),
        search,
      );
      expect(more, search).toBe(false);
      return emails(clients);
    };
    expect(await pick("MAYA")).toEqual(["maya.chen@list.test"]);
    expect(await pick("chen")).toEqual(["maya.chen@list.test"]);
    expect(await pick("LOPEZ")).toEqual([]);
    expect(await pick("lead0")).toEqual([]);
    expect(await pick("client2")).toEqual(BULK_CLIENTS.filter((e) => e.startsWith("client2")));
    expect(await pick("%")).toEqual(["per%cy@list.test", "ready@list.test"]);
  });

  test("a lead or a client may not list them", async () => {
    for (const actor of [lead, client]) {
      const thrown = await modelRefusal(() =>
        pickableClients(listing.db, authorize(actor, "lesson.create"), ""),
      );
      expect(thrown.init?.status).toBe(403);
    }
  });
});
