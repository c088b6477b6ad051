import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { renderToStaticMarkup } from "react-dom/server";
import { beforeAll, describe, expect, test } from "vitest";
import { AgreementText } from "~/components/agreement/agreement-text";
import type { Viewer } from "~/domain/viewer";
import {
  AGREEMENT_NEWER,
  AGREEMENT_NO_VERSION,
  AGREEMENT_TICK_REQUIRED,
  acceptAgreementForm,
  agreementSavedMessage,
  agreementVersionForm,
} from "~/lib/schemas/agreement";
import {
  acceptAgreement,
  agreementAdminView,
  ownAgreementView,
  saveAgreementVersion,
  setOnboardingGates,
} from "~/server/models/agreement.server";
import { sessionsView } from "~/server/models/bookings-read.server";
import { deletePerson, exportPersonData } from "~/server/models/data-rights.server";
import { onboardingSteps } from "~/server/models/onboarding.server";
import { dashboardData } from "~/server/models/portal.server";
import { authorize } from "~/server/policy.server";
import { agreementAcceptances, agreementVersions, auditEvents, intakeResponses } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { fileStoreForFile } from "../support/file-store";
import { insertPerson } from "../support/people";
import { CHECK_VIOLATION, expectRefused } from "../support/pg-constraints";
import { openDatabaseForFile } from "../support/test-database";

// The coaching agreement and the booking gates on a real database (docs/decisions/0047-coaching-agreement.md).

const database = openDatabaseForFile();
const db = () => database().db;
const files = fileStoreForFile();
let admin: Viewer;
let coach: Viewer;

const own = (who: Viewer) => authorize(who, "portal.read-own");
const manage = () => authorize(admin, "agreement.manage");
const save = (body: string, requiresAcceptance = true) =>
  saveAgreementVersion(db(), manage(), { body, requiresAcceptance });
const client = (name: string) => insertPerson(db(), "client", "pro", name);
const accept = (who: Viewer, version: number, fullName = who.fullName ?? "A Client", ip = "203.0.113.9") =>
  acceptAgreement(db(), authorize(who, "agreement.accept-own"), {
    version,
    fullName,
    ipAddress: ip,
    userAgent: "Mozilla/5.0 (test)",
  });
const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  return data;
};

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e) => e,
  );
  expect(error, "refused").not.toBeNull();
  return { status: error.init?.status as number, message: error.data?.error as string };
}

const ALL_QUOTAS = [
  { kind: "session_30m", used: 0, included: 4 },
  { kind: "mock_interview", used: 0, included: 2 },
];
async function bookingLinks(who: Viewer) {
  const steps = await onboardingSteps(db(), who.id);
  // The dashboard reads the same steps inside its one prepared query (portal.server.ts dashboardData).
  expect((await dashboardData(db(), own(who), 5)).steps).toEqual(steps);
  const view = sessionsView(own(who), [], ALL_QUOTAS, new Date(), steps);
  return { book: view.book, missing: view.missing, agreementDue: view.agreementDue };
}

beforeAll(async () => {
  admin = await insertPerson(db(), "admin", null, "Ada Admin");
  coach = await insertPerson(db(), "coach", null, "Cole Coach");
});

describe(`the coaching agreement on ${databaseLabel}`, () => {
  test("no agreement yet: nothing is due and booking links are issued", async () => {
    const maya = await client("Maya Early");
    const steps = await onboardingSteps(db(), maya.id);
    expect(steps.agreement).toBeNull();
    const links = await bookingLinks(maya);
    expect(links.book.session).toMatch(/^https:/);
    expect(links.missing).toEqual({ intake: false, agreement: false });
    const view = await ownAgreementView(db(), own(maya), null);
    expect(view.shown).toBeNull();
  });

  test("each save is a new version with the hash of its text; the first always asks for acceptance; audited", async () => {
    const body = "# Agreement\n\nCancel 24 hours ahead. Ünïcode ✓";
    const first = await save(body, false);
    expect(first.requiresAcceptance).toBe(true);
    const [row] = await db()
      .select()
      .from(agreementVersions)
      .where(eq(agreementVersions.version, first.version));
    expect(row?.body).toBe(body);
    expect(row?.bodySha256).toBe(createHash("sha256").update(body, "utf8").digest("hex"));
    expect(row?.createdBy).toBe(admin.id);
    const trail = await db().select().from(auditEvents).where(eq(auditEvents.action, "agreement.version"));
    expect(trail.map((e) => e.after?.version)).toContain(first.version);

    const view = await agreementAdminView(db(), authorize(coach, "agreement.read"), null);
    expect(view.versions[0]).toMatchObject({ version: first.version, accepted: 0, requiresAcceptance: true });
  });

  test("a client accepts the current version: version, hash, name, time, address and user agent are kept", async () => {
    const dan = await client("Dan Accepter");
    const steps = await onboardingSteps(db(), dan.id);
    expect(steps.agreement).not.toBeNull();
    const links = await bookingLinks(dan);
    // Gated: no link and no token are issued at all.
    expect(links.book).toEqual({ session: null, mockInterview: null });
    expect(links.missing.agreement).toBe(true);

    const version = steps.agreement as number;
    const before = Date.now();
    expect(await accept(dan, version, "Dan Q. Accepter")).toEqual({ version, recorded: true });
    const [kept] = await db()
      .select()
      .from(agreementAcceptances)
      .where(eq(agreementAcceptances.profileId, dan.id));
    const [text] = await db().select().from(agreementVersions).where(eq(agreementVersions.version, version));
    expect(kept).toMatchObject({
      version,
      bodySha256: text?.bodySha256,
      fullName: "Dan Q. Accepter",
      ipAddress: "203.0.113.9",
      userAgent: "Mozilla/5.0 (test)",
    });
    expect(kept?.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect((await bookingLinks(dan)).book.session).toMatch(/^https:/);

    // Accepting again keeps the one row.
    expect(await accept(dan, version)).toEqual({ version, recorded: false });
    expect(
      await db().select().from(agreementAcceptances).where(eq(agreementAcceptances.profileId, dan.id)),
    ).toHaveLength(1);

    const view = await ownAgreementView(db(), own(dan), null);
    expect(view.shown).toMatchObject({
      version,
      isCurrent: true,
      acceptance: { fullName: "Dan Q. Accepter" },
    });
    const admin_ = await agreementAdminView(db(), authorize(coach, "agreement.read"), version);
    expect(admin_.acceptances.some((a) => a.profileId === dan.id && a.ipAddress === "203.0.113.9")).toBe(
      true,
    );
    expect(admin_.versions.find((v) => v.version === version)?.accepted).toBeGreaterThanOrEqual(1);
  });

  test("a new version that asks again gates booking again; one that does not leaves earlier acceptances standing", async () => {
    const eve = await client("Eve Twice");
    const v1 = (await onboardingSteps(db(), eve.id)).agreement as number;
    await accept(eve, v1);
    expect((await onboardingSteps(db(), eve.id)).agreement).toBeNull();

    const fix = await save("# Agreement\n\nA typo fixed.", false);
    expect(fix.requiresAcceptance).toBe(false);
    expect((await onboardingSteps(db(), eve.id)).agreement).toBeNull();
    expect((await bookingLinks(eve)).book.session).toMatch(/^https:/);
    // The page still shows what she accepted, and says which is current.
    const view = await ownAgreementView(db(), own(eve), null);
    expect(view.shown?.version).toBe(v1);
    expect(view.current?.version).toBe(fix.version);

    const asked = await save("# Agreement\n\nRefunds within 14 days.", true);
    expect((await onboardingSteps(db(), eve.id)).agreement).toBe(asked.version);
    expect((await bookingLinks(eve)).book).toEqual({ session: null, mockInterview: null });

    // An older version no longer current is refused, saying why; nothing stored.
    expect(await refusalOf(accept(eve, fix.version))).toEqual({ status: 409, message: AGREEMENT_NEWER });
    await accept(eve, asked.version);
    expect((await bookingLinks(eve)).book.session).toMatch(/^https:/);
    // Both accepted versions stay readable; one not accepted (the fix) is not hers to read.
    expect((await ownAgreementView(db(), own(eve), v1)).shown?.body).toContain("Cancel");
    expect((await refusalOf(ownAgreementView(db(), own(eve), fix.version))).status).toBe(404);
  });

  test("the coach's gates: off, nothing holds booking back; each on, only its own step", async () => {
    const gus = await client("Gus Gated");
    await db().insert(intakeResponses).values({ profileId: gus.id });
    expect((await bookingLinks(gus)).missing).toEqual({ intake: true, agreement: true });

    await setOnboardingGates(db(), manage(), { intakeBeforeBooking: false, agreementBeforeBooking: true });
    expect(await bookingLinks(gus)).toMatchObject({
      book: { session: null, mockInterview: null },
      missing: { intake: false, agreement: true },
    });
    await setOnboardingGates(db(), manage(), { intakeBeforeBooking: false, agreementBeforeBooking: false });
    const open = await bookingLinks(gus);
    expect(open.missing).toEqual({ intake: false, agreement: false });
    expect(open.book.session).toMatch(/^https:/);
    // Still due, and the dashboard says so, just not holding booking back.
    expect(open.agreementDue).toBe(true);

    await setOnboardingGates(db(), manage(), { intakeBeforeBooking: true, agreementBeforeBooking: false });
    expect((await bookingLinks(gus)).missing).toEqual({ intake: true, agreement: false });
    const trail = await db().select().from(auditEvents).where(eq(auditEvents.action, "onboarding.gates"));
    expect(trail.at(-1)?.after).toEqual({ intakeBeforeBooking: true, agreementBeforeBooking: false });
    await setOnboardingGates(db(), manage(), { intakeBeforeBooking: true, agreementBeforeBooking: true });
  });

  test("bad input: refused with a clear 4xx and nothing stored", async () => {
    const ivy = await client("Ivy Input");
    const count = async () =>
      (await db().select().from(agreementAcceptances).where(eq(agreementAcceptances.profileId, ivy.id)))
        .length;

    expect(await refusalOf(accept(ivy, 999_999))).toEqual({ status: 404, message: AGREEMENT_NO_VERSION });

    // The form: a blank or huge name, no tick, no version; a posted person id is not read at all.
    expect(acceptAgreementForm.parse(form({ version: "1", fullName: "   ", accept: "on" }))).toMatchObject({
      ok: false,
      field: "fullName",
    });
    expect(
      acceptAgreementForm.parse(form({ version: "1", fullName: "x".repeat(1024 * 1024), accept: "on" })),
    ).toMatchObject({ ok: false, field: "fullName" });
    expect(acceptAgreementForm.parse(form({ version: "1", fullName: "Ivy" }))).toEqual({
      ok: false,
      error: AGREEMENT_TICK_REQUIRED,
      field: "accept",
    });
    expect(acceptAgreementForm.parse(form({ version: "abc", fullName: "Ivy", accept: "on" }))).toMatchObject({
      ok: false,
      field: "version",
    });
    const forged = acceptAgreementForm.parse(
      form({ version: "7", fullName: "Ivy", accept: "on", profileId: admin.id, profile_id: admin.id }),
    );
    expect(forged).toEqual({ ok: true, data: { version: 7, fullName: "Ivy", accept: true } });

    // The table's own checks stand behind the form, on the version she could accept.
    const current = (await onboardingSteps(db(), ivy.id)).agreement as number;
    await expectRefused(
      () => accept(ivy, current, "x".repeat(201)),
      CHECK_VIOLATION,
      "agreement_acceptances_name_length",
    );
    expect(await count()).toBe(0);

    // The admin's form: blank or over 50,000 characters.
    expect(agreementVersionForm.parse(form({ body: " \n " }))).toMatchObject({ ok: false, field: "body" });
    expect(agreementVersionForm.parse(form({ body: "x".repeat(50_001) }))).toMatchObject({
      ok: false,
      field: "body",
    });
    expect(agreementVersionForm.parse(form({ body: "x".repeat(50_000) }))).toMatchObject({ ok: true });
    const versions = (await db().select().from(agreementVersions)).length;
    await expect(save("x".repeat(50_001))).rejects.toThrow();
    expect((await db().select().from(agreementVersions)).length).toBe(versions);

    // Only an admin writes a version or sets the gates; a client only ever accepts for themselves.
    expect(() => authorize(coach, "agreement.manage")).toThrow();
    expect(() => authorize(ivy, "agreement.manage")).toThrow();
    expect(() => authorize(coach, "agreement.accept-own")).toThrow();
  });

  test("HTML, scripts and javascript: links in the Markdown render inert", () => {
    const html = renderToStaticMarkup(
      AgreementText({
        body: [
          "# Terms",
          '<script>alert("x")</script>',
          '<img src=x onerror="alert(1)">',
          "[click](javascript:alert(1)) [data](data:text/html,hi) [ok](https://example.com/terms)",
          "![pic](https://example.com/p.png)",
          '<a href="javascript:alert(2)">raw</a>',
        ].join("\n\n"),
      }),
    );
    // The Markdown's `#` sits under the page's own h1, as an h2 by default.
    expect(html).toMatch(/<h2 class="[^"]*">Terms<\/h2>/);
    expect(html).not.toContain("<h1");
    const underH3 = renderToStaticMarkup(AgreementText({ body: "# Terms\n\n## Fees", topLevel: 4 }));
    expect(underH3).toMatch(/<h4 [^>]*>Terms<\/h4>.*<h5 [^>]*>Fees<\/h5>/s);
    expect(html).not.toMatch(/<script|<img|onerror|javascript:|data:text/i);
    expect(html).toContain('href="https://example.com/terms"');
    expect(html).toContain("click");
    expect(html.match(/<a /g)).toHaveLength(1);
  });

  test("acceptances are in the person's export, with the text accepted; they go with a deletion", async () => {
    const kim = await client("Kim Export");
    const version = (await onboardingSteps(db(), kim.id)).agreement as number;
    await accept(kim, version, "Kim Export");
    const exported = await exportPersonData(db(), authorize(kim, "self.export"));
    expect(exported.agreementAcceptances).toEqual([
      expect.objectContaining({ version, fullName: "Kim Export", ipAddress: "203.0.113.9" }),
    ]);
    expect(exported.agreementAcceptances[0]?.text).toContain("Refunds within 14 days.");
    expect(exported.auditEvents.some((e) => e.action === "agreement.accept")).toBe(true);

    await deletePerson(db(), authorize(admin, "profile.delete"), kim.id, files.store());
    expect(
      await db().select().from(agreementAcceptances).where(eq(agreementAcceptances.profileId, kim.id)),
    ).toHaveLength(0);
  });

  // Last in the file: it publishes versions the tests above don't expect.
  test("saving a version tells the admin whether booking waits for it, as the gate says", async () => {
    await setOnboardingGates(db(), manage(), { intakeBeforeBooking: true, agreementBeforeBooking: false });
    const asked = await save("# Terms\n\nAsked, not waited for.");
    expect(asked).toMatchObject({ requiresAcceptance: true, holdsBooking: false });
    expect(agreementSavedMessage(asked)).toBe(
      `Version ${asked.version} saved: clients are asked to accept it; booking doesn't wait for it.`,
    );
    await setOnboardingGates(db(), manage(), { intakeBeforeBooking: true, agreementBeforeBooking: true });
    const held = await save("# Terms\n\nWaited for.");
    expect(held.holdsBooking).toBe(true);
    expect(agreementSavedMessage(held)).toBe(
      `Version ${held.version} saved: every client accepts it before their next booking.`,
    );
    const fix = await save("# Terms\n\nA typo fixed.", false);
    expect(fix.holdsBooking).toBe(false);
    expect(agreementSavedMessage(fix)).toBe(`Version ${fix.version} saved.`);
  });
});
