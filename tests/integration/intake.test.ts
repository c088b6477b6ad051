import { and, eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { DEFAULT_INTAKE_QUESTIONS } from "~/content/intake";
import type { Viewer } from "~/domain/viewer";
import { INTAKE_MESSAGES, type IntakeQuestion } from "~/lib/schemas/intake";
import { deletePerson, exportPersonData } from "~/server/models/data-rights.server";
import {
  askIntakeAgain,
  currentQuestionnaire,
  intakeFor,
  ownIntake,
  saveIntakeDraft,
  saveQuestionnaire,
  submitIntake,
} from "~/server/models/intake.server";
import { onboardingSteps } from "~/server/models/onboarding.server";
import { convertLead, setRole } from "~/server/models/people.server";
import { authorize } from "~/server/policy.server";
import { auditEvents, emailOutbox, intakeResponses } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { fileStoreForFile } from "../support/file-store";
import { insertPerson } from "../support/people";
import { modelRefusal } from "../support/refusal";
import { modelDatabaseForFile } from "../support/test-database";

// The intake questionnaire (docs/decisions/0046-intake-questionnaire.md) on a real database: asked on
// becoming a client, kept as a draft, sent once with the questions as asked, asked again by the coach.

const { db, refusedUnchanged } = modelDatabaseForFile();
const files = fileStoreForFile();

const admin = () => insertPerson(db(), "admin", null, "Ada Admin");
const coach = () => insertPerson(db(), "coach", null, "Cole Coach");

/** A lead the admin converts: the way most become clients besides a purchase. */
async function newClient(name: string): Promise<Viewer> {
  const lead = await insertPerson(db(), "lead", null, name);
  await convertLead(db(), authorize(await admin(), "lead.convert"), lead.id);
  return { ...lead, role: "client", plan: "basic" };
}

const own = (client: Viewer) => authorize(client, "intake.answer-own");
const openOf = async (client: Viewer) => {
  const { open } = await ownIntake(db(), own(client));
  if (!open) throw new Error("no open request");
  return open;
};

/** Answers every required default question. */
const COMPLETE = {
  "target-roles": "Backend engineer",
  timeline: "In 1–3 months",
  situation: "Between jobs",
  worry: "System design rounds",
};

describe(`the intake questionnaire, on ${databaseLabel}`, () => {
  test("becoming a client opens one request, shown as a step; the default questions are in force", async () => {
    const client = await newClient("Nia New");
    expect((await onboardingSteps(db(), client.id)).intake).toBe(true);
    const rows = await db().select().from(intakeResponses).where(eq(intakeResponses.profileId, client.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.requestedBy).not.toBeNull();
    const { questions } = await ownIntake(db(), own(client));
    if ((await currentQuestionnaire(db())).version === null)
      expect(questions.map((q) => q.id)).toEqual(DEFAULT_INTAKE_QUESTIONS.map((q) => q.id));

    // A role change back and forth does not open a second one while the first waits.
    const boss = authorize(await admin(), "profile.set-role");
    await setRole(db(), boss, client.id, "lead");
    await setRole(db(), boss, client.id, "client");
    expect(
      await db().select().from(intakeResponses).where(eq(intakeResponses.profileId, client.id)),
    ).toHaveLength(1);
  });

  test("a draft is kept as typed, HTML as text, and read back", async () => {
    const client = await newClient("Dana Draft");
    const open = await openOf(client);
    const html = "<script>alert(1)</script> Backend";
    await saveIntakeDraft(db(), own(client), open.id, {
      "target-roles": html,
      stage: ["Resume", "LinkedIn"],
    });
    const again = await openOf(client);
    expect(again.answers).toEqual({ "target-roles": html, stage: ["Resume", "LinkedIn"] });
    expect(again.updatedAt.getTime()).toBeGreaterThanOrEqual(open.updatedAt.getTime());
  });

  test("a draft keeps a half-typed link as typed, so the other answers are saved too; sending wants the link whole", async () => {
    const client = await newClient("Hal Half");
    const open = await openOf(client);
    const draft = { "target-roles": "Backend engineer", linkedin: "linkedin.com/in/ha" };
    await saveIntakeDraft(db(), own(client), open.id, draft);
    expect((await openOf(client)).answers).toEqual(draft);
    const refused = await modelRefusal(() =>
      submitIntake(db(), own(client), open.id, { ...COMPLETE, ...draft }),
    );
    expect(refused.data).toMatchObject({ error: INTAKE_MESSAGES.link, field: "q.linkedin" });
    expect((await openOf(client)).submittedAt).toBeNull();
  });

  test("bad answers are refused and change nothing: size, choices, links, another person's request", async () => {
    const client = await newClient("Bo Bad");
    const other = await newClient("Oli Other");
    const open = await openOf(client);
    const theirs = await openOf(other);
    await refusedUnchanged(
      () => saveIntakeDraft(db(), own(client), open.id, { worry: "x".repeat(1_000_000) }),
      400,
    );
    await refusedUnchanged(() => saveIntakeDraft(db(), own(client), open.id, { timeline: "Yesterday" }), 400);
    await refusedUnchanged(
      () => submitIntake(db(), own(client), open.id, { ...COMPLETE, resume: "javascript:alert(1)" }),
      400,
      INTAKE_MESSAGES.link,
    );
    await refusedUnchanged(
      () => saveIntakeDraft(db(), own(client), theirs.id, { worry: "mine now" }),
      404,
      INTAKE_MESSAGES.notFound,
    );
    await refusedUnchanged(
      () => submitIntake(db(), own(client), theirs.id, COMPLETE),
      404,
      INTAKE_MESSAGES.notFound,
    );
    // A required answer missing: the field is named, nothing is sent.
    const missing = await modelRefusal(() =>
      submitIntake(db(), own(client), open.id, { worry: "only this" }),
    );
    expect(missing.init?.status).toBe(400);
    expect(missing.data).toMatchObject({ error: INTAKE_MESSAGES.required, field: "q.target-roles" });
    expect((await openOf(client)).submittedAt).toBeNull();
  });

  test("submitted once: the questions are snapshotted, staff emailed, audited; a second time is 409", async () => {
    const staff = await coach();
    const client = await newClient("Sam Sent");
    const open = await openOf(client);
    await submitIntake(db(), own(client), open.id, COMPLETE);
    const [row] = await db().select().from(intakeResponses).where(eq(intakeResponses.id, open.id));
    expect(row?.submittedAt).not.toBeNull();
    expect(row?.answers).toEqual(COMPLETE);
    expect(row?.questions?.map((q) => q.id)).toEqual(
      (await currentQuestionnaire(db())).questions.map((q) => q.id),
    );
    expect((await onboardingSteps(db(), client.id)).intake).toBe(false);

    const mail = await db()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.recipientId, staff.id), eq(emailOutbox.kind, "staff-intake-submitted")));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain("Sam Sent");
    const trail = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, client.id), eq(auditEvents.action, "intake.submit")));
    expect(trail).toHaveLength(1);

    await refusedUnchanged(
      () => submitIntake(db(), own(client), open.id, { ...COMPLETE, worry: "changed my mind" }),
      409,
      INTAKE_MESSAGES.submitted,
    );
    await refusedUnchanged(() => saveIntakeDraft(db(), own(client), open.id, { worry: "later" }), 409);
  });

  test("a later edit of the questions never changes what an earlier client answered", async () => {
    const editor = authorize(await coach(), "intake.manage");
    const asked: IntakeQuestion[] = [
      { id: "goal", type: "short", label: "What is your goal?", required: true },
      { id: "level", type: "one", label: "Level?", required: false, options: ["Junior", "Senior"] },
    ];
    const first = await saveQuestionnaire(db(), editor, asked);
    const client = await newClient("Eve Early");
    const open = await openOf(client);
    await submitIntake(db(), own(client), open.id, { goal: "Staff engineer", level: "Senior" });

    const second = await saveQuestionnaire(db(), editor, [
      { id: "goal", type: "long", label: "Describe the job you want", required: true },
    ]);
    expect(second.version).toBeGreaterThan(first.version);
    const read = authorize(await admin(), "client.read");
    const [sent] = await intakeFor(db(), read, client.id);
    expect(sent?.questionnaireVersion).toBe(first.version);
    expect(sent?.questions).toEqual(asked);
    expect(sent?.answers).toEqual({ goal: "Staff engineer", level: "Senior" });
    const audit = await db()
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, "intake.questionnaire-save"));
    expect(audit.length).toBeGreaterThanOrEqual(2);
    // The rest of this file answers the default questions again.
    await saveQuestionnaire(db(), editor, [...DEFAULT_INTAKE_QUESTIONS]);
  });

  test("ask again: a new open request, refused while one waits and for someone not a client", async () => {
    const staff = authorize(await coach(), "intake.manage");
    const client = await newClient("Ray Repeat");
    await refusedUnchanged(() => askIntakeAgain(db(), staff, client.id), 409, INTAKE_MESSAGES.alreadyOpen);
    const open = await openOf(client);
    await submitIntake(db(), own(client), open.id, COMPLETE);
    await askIntakeAgain(db(), staff, client.id);
    const next = await openOf(client);
    expect(next.id).not.toBe(open.id);
    expect(next.answers).toEqual({});
    await saveIntakeDraft(db(), own(client), next.id, { worry: "a draft only I see" });
    const rows = await intakeFor(db(), authorize(await admin(), "client.read"), client.id);
    expect(rows.map((r) => r.submittedAt === null)).toEqual([true, false]);
    // The coach's page data: the sent answers, never the unsent draft's text.
    expect(rows.map((r) => r.answers)).toEqual([{}, COMPLETE]);
    expect(JSON.stringify(rows)).not.toContain("a draft only I see");
    const trail = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.targetId, client.id), eq(auditEvents.action, "intake.request")));
    expect(trail).toHaveLength(1);

    const lead = await insertPerson(db(), "lead", null, "Lee Lead");
    await refusedUnchanged(() => askIntakeAgain(db(), staff, lead.id), 409, INTAKE_MESSAGES.notAClient);
  });

  test("the person's export holds every request with its answers; a deletion takes them", async () => {
    const client = await newClient("Xan Export");
    const open = await openOf(client);
    await submitIntake(db(), own(client), open.id, COMPLETE);
    const data = await exportPersonData(db(), authorize(client, "self.export"));
    expect(data.intakeResponses).toHaveLength(1);
    expect(data.intakeResponses[0]?.answers).toEqual(COMPLETE);
    expect(data.intakeResponses[0]?.questions?.length).toBeGreaterThan(0);

    await deletePerson(db(), authorize(await admin(), "profile.delete"), client.id, files.store());
    expect(await db().select().from(intakeResponses).where(eq(intakeResponses.profileId, client.id))).toEqual(
      [],
    );
  });
});
