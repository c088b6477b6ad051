import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import type { Viewer } from "~/domain/viewer";
import { activitySchema } from "~/lib/schemas/admin";
import { addActivity } from "~/server/models/activities.server";
import { convertLead, setPlan, setRole } from "~/server/models/people.server";
import { authorize } from "~/server/policy.server";
import { activities, serviceUsage } from "~/server/schema";
import { ALREADY_DONE, BELOW_ZERO, clientRecords, NOT_IN_PLAN } from "../support/client-records";
import { databaseLabel } from "../support/database";
import { databaseForFile } from "../support/test-database";

// The admin models' rules on a real database: quotas and special items (docs/product/states.md and
// validation.md), roles and plans, and activities as the form adds them. A refusal changes nothing at all.

const db = databaseForFile();
const { person, adjust, expectRefused, usedOf, profileOf } = clientRecords(db);

let admin: Viewer;
let coach: Viewer;

beforeAll(async () => {
  admin = await person("admin", null, "Ada Admin");
  coach = await person("coach", null, "Cole Coach");
});

describe(`quota and special-item rules (${databaseLabel})`, () => {
  test("−1 at 0 is refused with 409 'Cannot decrement below zero.' and writes no row", async () => {
    const pro = await person("client", "pro", "Zero Quota");
    await expectRefused(() => adjust(admin, pro.id, "session_30m", -1), 409, BELOW_ZERO);
    await expectRefused(() => adjust(admin, pro.id, "mock_interview", -1), 409, BELOW_ZERO);
    expect(await db().select().from(serviceUsage).where(eq(serviceUsage.clientId, pro.id))).toEqual([]);
  });

  test("+1 then −1 then −1: the second −1 is refused, the total never goes below zero", async () => {
    const pro = await person("client", "pro", "Up Down");
    expect(await adjust(admin, pro.id, "mock_interview", 1)).toEqual({
      kind: "mock_interview",
      used: 1,
    });
    expect(await adjust(admin, pro.id, "mock_interview", -1)).toEqual({
      kind: "mock_interview",
      used: 0,
    });
    await expectRefused(() => adjust(admin, pro.id, "mock_interview", -1), 409, BELOW_ZERO);
    const rows = await db().select().from(serviceUsage).where(eq(serviceUsage.clientId, pro.id));
    expect(rows.map((row) => row.amount).sort()).toEqual([-1, 1]);
  });

  test("'Mark done' twice: the second is refused with 'Already marked done.'", async () => {
    const pro = await person("client", "pro", "Mark Twice");
    expect(await adjust(admin, pro.id, "resume_review", 1)).toEqual({
      kind: "resume_review",
      used: 1,
    });
    await expectRefused(() => adjust(admin, pro.id, "resume_review", 1), 409, ALREADY_DONE);
    expect(await usedOf(pro.id, "resume_review")).toBe(1);
  });

  test("Undo at 0 is refused with 'Cannot decrement below zero.'; Undo after Mark done goes back to Pending", async () => {
    const pro = await person("client", "pro", "Undo Zero");
    await expectRefused(() => adjust(admin, pro.id, "dsa_survey", -1), 409, BELOW_ZERO);
    await adjust(admin, pro.id, "dsa_survey", 1);
    expect(await adjust(admin, pro.id, "dsa_survey", -1)).toEqual({ kind: "dsa_survey", used: 0 });
    await expectRefused(() => adjust(admin, pro.id, "dsa_survey", -1), 409, BELOW_ZERO);
    expect(await adjust(admin, pro.id, "dsa_survey", 1)).toEqual({ kind: "dsa_survey", used: 1 });
  });

  test("a kind the plan doesn't grant is refused, +1 and −1, on quotas and special items", async () => {
    const pro = await person("client", "pro", "Not Granted");
    const basic = await person("client", "basic", "Basic Only");
    const leadNoPlan = await person("lead", null, "Plan Less"); // effective plan: basic
    for (const amount of [1, -1] as const) {
      await expectRefused(() => adjust(admin, pro.id, "networking_events_list", amount), 400, NOT_IN_PLAN);
      await expectRefused(() => adjust(admin, basic.id, "session_30m", amount), 400, NOT_IN_PLAN);
      await expectRefused(() => adjust(admin, basic.id, "dsa_survey", amount), 400, NOT_IN_PLAN);
      await expectRefused(() => adjust(admin, leadNoPlan.id, "strategy_call_90m", amount), 400, NOT_IN_PLAN);
    }
  });

  test("+1 on session_30m records 30 minutes and who made it; −1 and other kinds record no minutes", async () => {
    const pro = await person("client", "pro", "Minutes Person");
    await adjust(admin, pro.id, "session_30m", 1);
    await adjust(admin, pro.id, "session_30m", -1);
    await adjust(admin, pro.id, "mock_interview", 1);
    await adjust(admin, pro.id, "github_review", 1);
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
    await expectRefused(() => adjust(admin, coach.id, "mock_interview", 1), 400);
    await expectRefused(() => adjust(admin, randomUUID(), "mock_interview", 1), 404);
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

// ── Activities (docs/product/validation.md) ─────────────────────────────────────────────────────

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
