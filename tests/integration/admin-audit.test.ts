import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { addActivity } from "~/server/models/activities.server";
import { assignHomework, reviewHomework } from "~/server/models/homework.server";
import { createLesson } from "~/server/models/lessons.server";
import { convertLead, setPlan, setRole } from "~/server/models/people.server";
import { addResource, removeResource } from "~/server/models/resources.server";
import { authorize } from "~/server/policy.server";
import { auditEvents } from "~/server/schema";
import { BELOW_ZERO, clientRecords, lessonInput } from "../support/client-records";
import { databaseLabel } from "../support/database";
import { databaseForFile } from "../support/test-database";

// Every change an admin model makes writes exactly one audit row, and a refused one none, on a real database.

const db = databaseForFile();
const { person, adjust, expectRefused, withOneAuditRow, submittedHomework } = clientRecords(db);

let admin: Viewer;
let coach: Viewer;

beforeAll(async () => {
  admin = await person("admin", null, "Ada Admin");
  coach = await person("coach", null, "Cole Coach");
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
      const { audit } = await withOneAuditRow(() => adjust(admin, target.id, c.kind, c.amount));
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
    await expectRefused(() => adjust(admin, target.id, "session_30m", -1), 409, BELOW_ZERO);
    await expectRefused(() => setRole(db(), authorize(admin, "profile.set-role"), admin.id, "lead"), 409);
    await expectRefused(() => convertLead(db(), authorize(admin, "lead.convert"), target.id), 409);
    const trail = await db().select().from(auditEvents).where(eq(auditEvents.targetId, target.id));
    expect(trail).toEqual([]);
  });
});
