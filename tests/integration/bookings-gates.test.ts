import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, test } from "vitest";
import { SETTINGS } from "~/content/settings";
import type { Viewer } from "~/domain/viewer";
import { bookingToken } from "~/server/bookings/booking-token.server";
import type { CalTrigger } from "~/server/bookings/cal-payload.server";
import { calWebhook } from "~/server/entries/cal-webhook.server";
import { acceptAgreement, saveAgreementVersion, setOnboardingGates } from "~/server/models/agreement.server";
import { bookingsToResolve } from "~/server/models/bookings-read.server";
import { confirmBooking } from "~/server/models/bookings-resolve.server";
import { askIntakeAgain, submitIntake } from "~/server/models/intake.server";
import { authorize } from "~/server/policy.server";
import { bookings, emailOutbox, intakeResponses } from "~/server/schema";
import { calDelivery, calSignature, TEST_CAL_SECRET } from "../support/cal";
import { clientRecords } from "../support/client-records";
import { databaseLabel } from "../support/database";
import { insertPerson } from "../support/people";
import { openDatabaseForFile } from "../support/test-database";

// A portal link's token never expires (docs/decisions/0036-booking-ownership.md), so the webhook itself
// checks the steps the coach holds booking back for (0047-coaching-agreement.md): a link kept from before
// they were due books only "to confirm", through the real handler with signed Cal.com deliveries.

const database = openDatabaseForFile();
const db = () => database().db;
let admin: Viewer;

beforeAll(async () => {
  admin = await insertPerson(db(), "admin", null, "Ada Admin");
});

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000);

async function book(person: Viewer, trigger: CalTrigger = "BOOKING_CREATED", rescheduleUid?: string) {
  const delivery = calDelivery(trigger, {
    email: person.email,
    token: bookingToken(person.id),
    start: inHours(48),
    rescheduleUid,
  });
  const answer = await calWebhook.handle(Buffer.from(delivery.body), calSignature(delivery.body), {
    secret: TEST_CAL_SECRET,
    db: async () => db(),
    settings: SETTINGS.bookings,
  });
  expect(answer.status).toBe(200);
  const [row] = await db()
    .select()
    .from(bookings)
    .where(eq(bookings.uid, rescheduleUid ?? delivery.uid));
  if (!row) throw new Error("not stored");
  return { summary: (answer.body as { summary?: string }).summary, row };
}

const { usedOf } = clientRecords(db);
const used = (person: Viewer) => usedOf(person.id, "session_30m");
const client = (name: string) => insertPerson(db(), "client", "pro", name);
const reminders = async (bookingId: string) =>
  (await db().select().from(emailOutbox).where(eq(emailOutbox.bookingId, bookingId))).length;

const manage = () => authorize(admin, "agreement.manage");
const gates = (intakeBeforeBooking: boolean, agreementBeforeBooking: boolean) =>
  setOnboardingGates(db(), manage(), { intakeBeforeBooking, agreementBeforeBooking });
const askIntake = (person: Viewer) => askIntakeAgain(db(), authorize(admin, "intake.manage"), person.id);
const accept = (person: Viewer, version: number) =>
  acceptAgreement(db(), authorize(person, "agreement.accept-own"), {
    version,
    fullName: person.fullName ?? "A Client",
    ipAddress: "203.0.113.9",
    userAgent: "test",
  });

async function answerIntake(person: Viewer) {
  const [open] = await db()
    .select({ id: intakeResponses.id })
    .from(intakeResponses)
    .where(eq(intakeResponses.profileId, person.id));
  if (!open) throw new Error("no intake asked");
  // The default questions' required answers, keyed by question id as the model takes them.
  await submitIntake(db(), authorize(person, "intake.answer-own"), open.id, {
    "target-roles": "Backend engineer",
    timeline: "In 1–3 months",
    situation: "Between jobs",
    worry: "System design rounds",
  });
}

describe(`a booking from a gated client's old portal link (${databaseLabel})`, () => {
  test("with no step missing, the portal link counts as before", async () => {
    const ungated = await client("Una Ready");
    const { summary, row } = await book(ungated);
    expect(summary).toBe("counted");
    expect(row).toMatchObject({ clientId: ungated.id, claimedBy: null, confirmReason: null, counted: true });
    expect(await used(ungated)).toBe(1);
  });

  test("an agreement to accept again: held for staff with the reason, counts nothing, until accepted", async () => {
    const maya = await client("Maya Chen");
    expect((await book(maya)).summary).toBe("counted");
    await gates(false, true);
    const { version } = await saveAgreementVersion(db(), manage(), {
      body: "# Terms v2",
      requiresAcceptance: true,
    });

    const held = await book(maya);
    expect(held.summary).toBe("to confirm");
    expect(held.row).toMatchObject({
      clientId: null,
      claimedBy: maya.id,
      counted: false,
      overPlan: false,
      confirmReason: "Booked from Maya's portal link before accepting the agreement",
    });
    expect(await used(maya)).toBe(1);
    // No reminder to the client: the booking is not theirs until confirmed, as for an email-only booking.
    expect(await reminders(held.row.id)).toBe(0);
    const waiting = await bookingsToResolve(db(), authorize(admin, "bookings.read"));
    expect(waiting.find((b) => b.id === held.row.id)).toMatchObject({
      claimantName: "Maya Chen",
      confirmReason: "Booked from Maya's portal link before accepting the agreement",
    });

    // A reschedule of a booking never seen (its create lost) would attach it: held the same way.
    const moved = await book(maya, "BOOKING_RESCHEDULED", `lost-${maya.id}`);
    expect(moved.row).toMatchObject({ clientId: null, claimedBy: maya.id, counted: false });
    expect(await used(maya)).toBe(1);

    await accept(maya, version);
    const after = await book(maya);
    expect(after.summary).toBe("counted");
    expect(after.row).toMatchObject({ clientId: maya.id, claimedBy: null, confirmReason: null });
    expect(await used(maya)).toBe(2);
    // The coach still decides the held one: confirmed, it counts for her.
    await expect(
      confirmBooking(db(), authorize(admin, "bookings.resolve"), held.row.id),
    ).resolves.toMatchObject({ summary: "counted" });
    expect(await used(maya)).toBe(3);
  });

  test("an intake asked for again: held with its reason until answered; both missing name both", async () => {
    await gates(true, true);
    const ivan = await client("Ivan Petrov");
    await askIntake(ivan);
    expect((await book(ivan)).row.confirmReason).toBe(
      "Booked from Ivan's portal link before filling in the intake questionnaire and accepting the agreement",
    );
    const { version } = await saveAgreementVersion(db(), manage(), {
      body: "# Terms v3",
      requiresAcceptance: false,
    });
    await accept(ivan, version);
    const held = await book(ivan);
    expect(held.row).toMatchObject({
      clientId: null,
      claimedBy: ivan.id,
      counted: false,
      confirmReason: "Booked from Ivan's portal link before filling in the intake questionnaire",
    });
    expect(await used(ivan)).toBe(0);

    await answerIntake(ivan);
    const after = await book(ivan);
    expect(after.summary).toBe("counted");
    expect(after.row).toMatchObject({ clientId: ivan.id, counted: true });
    expect(await used(ivan)).toBe(1);
  });

  test("a gate the coach turned off holds nothing back", async () => {
    await gates(false, false);
    const olga = await client("Olga Open");
    await askIntake(olga);
    expect((await book(olga)).summary).toBe("counted");
    expect(await used(olga)).toBe(1);
  });
});
