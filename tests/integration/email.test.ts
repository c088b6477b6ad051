import { eq, inArray } from "drizzle-orm";
import { afterAll, describe, expect, test } from "vitest";
import { CANNOT_TURN_OFF, type EmailKind } from "~/domain/email";
import type { Viewer } from "~/domain/viewer";
import { profileForIdentity } from "~/server/auth/identity.server";
import { type Database, openDatabase } from "~/server/db.server";
import { enqueueEmail, mailContext } from "~/server/mail/outbox.server";
import { smtpTransport } from "~/server/mail/transport.server";
import { unsubscribeToken, verifyUnsubscribeToken } from "~/server/mail/unsubscribe.server";
import {
  claimBatch,
  groupDigests,
  type MailWorker,
  NO_SMTP,
  startMailWorker,
  type WorkerOptions,
} from "~/server/mail/worker.server";
import { requestDeletion } from "~/server/models/data-rights.server";
import {
  applyUnsubscribe,
  listEmails,
  ownEmailPreferences,
  retryEmail,
  saveEmailPreferences,
} from "~/server/models/emails.server";
import { assignHomework, reviewHomework } from "~/server/models/homework.server";
import { createLesson } from "~/server/models/lessons.server";
import { convertLead } from "~/server/models/people.server";
import { submitHomework } from "~/server/models/portal.server";
import { adjustUsage } from "~/server/models/usage.server";
import { startCheckout } from "~/server/payments/checkout.server";
import { payLocally } from "~/server/payments/local-checkout.server";
import { authorize } from "~/server/policy.server";
import { emailOutbox, type OutboxRow } from "~/server/schema";
import { databaseLabel } from "../support/database";
import { insertPerson } from "../support/people";
import { startSmtp, type TestSmtp } from "../support/smtp";
import { openDatabaseForFile } from "../support/test-database";

// The outbox on a real database and a real SMTP server (docs/decisions/0029-email-outbox.md): each email
// is delivered exactly once, whatever fails.

const database = openDatabaseForFile();
const db = () => database().db;
const ORIGIN = mailContext().origin;

const workers: MailWorker[] = [];
const servers: TestSmtp[] = [];
async function smtp(options?: Parameters<typeof startSmtp>[0]) {
  const server = await startSmtp(options);
  servers.push(server);
  return server;
}
function worker(server: TestSmtp | null, options: Partial<WorkerOptions> = {}, on: Database["db"] = db()) {
  const started = startMailWorker({
    db: on,
    transport: server ? smtpTransport(server.url, 5_000) : null,
    from: '"Coaching" <no-reply@localhost>',
    leaseMs: 30_000,
    pollMs: 20,
    backoffMs: 10,
    ...options,
  });
  workers.push(started);
  return started;
}
async function stopAll() {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await Promise.all(servers.splice(0).map((s) => s.close()));
}
afterAll(stopAll);

async function emptyOutbox() {
  await db().delete(emailOutbox);
}
const rows = (where?: ReturnType<typeof eq>) => db().select().from(emailOutbox).where(where);
const rowsOf = (personId: string) => rows(eq(emailOutbox.recipientId, personId));

const client = (name: string) => insertPerson(db(), "client", "pro", name);
const admin = () => insertPerson(db(), "admin", null, "Admin Person");
const homework = (title: string) => ({ title, dueDate: "2030-01-15", description: null, links: [] });

async function assign(by: Viewer, to: Viewer, title: string) {
  return assignHomework(db(), authorize(by, "homework.assign"), to.id, homework(title));
}

describe(`the outbox on ${databaseLabel}`, () => {
  test("a change writes its email in its own transaction; a refused change writes none", async () => {
    await emptyOutbox();
    const coach = await admin();
    const ana = await client("Ana Lopez");
    const piece = await assign(coach, ana, "Rewrite your CV summary");
    const [row] = await rowsOf(ana.id);
    expect(row).toMatchObject({
      kind: "homework-assigned",
      toAddress: ana.email,
      status: "pending",
      subject: "New homework: Rewrite your CV summary",
      link: `${ORIGIN}/homework`,
    });
    expect(row?.messageId).toBe(`<${row?.id}@${new URL(ORIGIN).hostname}>`);
    await expect(
      reviewHomework(db(), authorize(coach, "homework.review"), piece?.id as string, "Good", ana.id),
    ).rejects.toMatchObject({ init: { status: 409 } });
    expect((await rowsOf(ana.id)).map((r) => r.kind)).toEqual(["homework-assigned"]);
  });

  test("every event writes its email to the right people", async () => {
    await emptyOutbox();
    const boss = await admin();
    const coach = await insertPerson(db(), "coach", null, "Coach Person");
    const lead = await insertPerson(db(), "lead", null, "Lee Lead");
    await convertLead(db(), authorize(boss, "lead.convert"), lead.id);
    expect((await rowsOf(lead.id)).map((r) => r.kind)).toEqual(["welcome"]);

    const cli = await client("Cara Client");
    const piece = await assign(boss, cli, "Mock answers");
    await submitHomework(db(), authorize(cli, "homework.submit-own"), piece?.id as string, {
      url: "https://docs.example/answers",
      note: null,
    });
    await reviewHomework(
      db(),
      authorize(boss, "homework.review"),
      piece?.id as string,
      "Sharper verbs.",
      cli.id,
    );
    await createLesson(db(), authorize(boss, "lesson.create"), {
      clientId: cli.id,
      title: "Salary talk",
      notes: null,
      occurredAt: new Date("2030-02-01T15:00:00Z"),
      recordingUrl: "https://video.example/rec1",
      resources: [],
    });
    // Pro includes 4 thirty-minute sessions: the 3rd used leaves one.
    for (let i = 0; i < 7; i++)
      await adjustUsage(db(), authorize(boss, "usage.adjust"), cli.id, "session_30m", 1);
    const mine = await rowsOf(cli.id);
    expect(mine.map((r) => r.kind).sort()).toEqual(
      ["homework-assigned", "homework-reviewed", "last-one-left", "lesson-posted"].sort(),
    );
    expect(mine.find((r) => r.kind === "homework-reviewed")?.text).toContain("Sharper verbs.");
    const lesson = mine.find((r) => r.kind === "lesson-posted");
    expect(lesson?.text).toContain("https://video.example/rec1");
    expect(lesson?.text).toContain("February 1, 2030");
    for (const staff of [boss, coach]) {
      expect((await rowsOf(staff.id)).map((r) => r.kind)).toContain("staff-homework-submitted");
    }

    await requestDeletion(db(), authorize(cli, "self.request-deletion"), "Please remove my notes");
    const deletion = (await rowsOf(coach.id)).find((r) => r.kind === "staff-deletion-request");
    expect(deletion?.text).toContain("Please remove my notes");

    const newcomer = await profileForIdentity(
      db(),
      {
        provider: "local",
        subject: `s-${Date.now()}`,
        email: `new-${Date.now()}@example.com`,
        name: "Nia New",
      },
      [],
    );
    expect(
      (await rowsOf(boss.id)).some((r) => r.kind === "staff-new-lead" && r.text.includes(newcomer.email)),
    ).toBe(true);
  });

  test("a paid order sends the buyer a receipt and staff a notice", async () => {
    await emptyOutbox();
    const boss = await admin();
    const buyer = await insertPerson(db(), "lead", null, "Bo Buyer");
    const url = await startCheckout(
      db(),
      authorize(buyer, "checkout.start"),
      { mode: "local" },
      { offer: "basic", currency: "CAD", option: "upfront" },
      ORIGIN,
    );
    const orderId = new URL(url, ORIGIN).searchParams.get("order") as string;
    await payLocally(db(), authorize(buyer, "checkout.start"), orderId);
    await payLocally(db(), authorize(buyer, "checkout.start"), orderId);
    const kinds = (await rowsOf(buyer.id)).map((r) => r.kind).sort();
    expect(kinds).toEqual(["payment-receipt", "welcome"]);
    expect((await rowsOf(boss.id)).map((r) => r.kind)).toEqual(["staff-payment-received"]);
  });

  test("an address that is not an email address is never queued", async () => {
    await emptyOutbox();
    const odd = await insertPerson(db(), "client", "pro", "Odd Address", `odd-${Date.now()}@nodomain`);
    const result = await db().transaction((tx) =>
      enqueueEmail(tx, [odd], "homework-assigned", () => ({
        subject: "x",
        summary: "x",
        heading: "x",
        paragraphs: [],
      })),
    );
    expect(result).toEqual(["invalid-address"]);
    expect(await rowsOf(odd.id)).toEqual([]);
  });
});

describe(`delivery through a real SMTP server on ${databaseLabel}`, () => {
  test("each client gets their own email: recipient, subject, absolute links, text part, headers", async () => {
    await emptyOutbox();
    const coach = await admin();
    const ana = await client("Ana One");
    const ben = await client("Ben Two");
    await assign(coach, ana, "Ana's secret task");
    await assign(coach, ben, "Ben's private task");
    const server = await smtp();
    worker(server);
    const received = await server.waitFor(2);
    await stopAll();
    expect(received).toHaveLength(2);
    const sent = await rows(inArray(emailOutbox.recipientId, [ana.id, ben.id]));
    for (const [person, own, other] of [
      [ana, "Ana's secret task", "Ben's private task"],
      [ben, "Ben's private task", "Ana's secret task"],
    ] as const) {
      const mail = received.find((m) => m.envelopeTo.includes(person.email));
      const row = sent.find((r) => r.recipientId === person.id) as OutboxRow;
      expect(mail?.envelopeTo).toEqual([person.email]);
      expect(mail?.parsed.subject).toBe(`New homework: ${own}`);
      expect(mail?.parsed.messageId).toBe(row.messageId);
      expect(mail?.parsed.text).toContain(own);
      expect(mail?.parsed.text).toContain(`${ORIGIN}/homework`);
      expect(mail?.parsed.html).toContain(`href="${ORIGIN}/homework"`);
      for (const part of [mail?.raw ?? ""]) {
        expect(part).not.toContain(other);
        expect(part).not.toContain((person === ana ? ben : ana).email);
      }
      const header = (name: string) =>
        mail?.parsed.headerLines.find((h) => h.key === name)?.line.replace(/\r\n\s+/g, " ");
      expect(header("list-unsubscribe")).toBe(`List-Unsubscribe: <${row.unsubscribeUrl}>`);
      expect(row.unsubscribeUrl).toMatch(
        new RegExp(`^${ORIGIN}/email/unsubscribe/[A-Za-z0-9_-]+~[A-Za-z0-9_-]+$`),
      );
      expect(header("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      expect(mail?.parsed.text).toContain(row.unsubscribeUrl as string);
      expect(row.status).toBe("sent");
    }
  });

  test("a server that answers 451 twice, then accepts: one delivery", async () => {
    await emptyOutbox();
    const ana = await client("Retry Ana");
    await assign(await admin(), ana, "Retry me");
    const server = await smtp({ answer: (attempt) => (attempt <= 2 ? 451 : undefined) });
    worker(server);
    await server.waitFor(1);
    await stopAll();
    expect(server.attempts).toBe(3);
    expect(server.received).toHaveLength(1);
    const [row] = await rowsOf(ana.id);
    expect(row).toMatchObject({ status: "sent", attempts: 3, lastError: null });
  });

  test("a permanent refusal (550) fails the email, shown to the coach; an admin sends it again", async () => {
    await emptyOutbox();
    const boss = await admin();
    const coach = await insertPerson(db(), "coach", null, "Coach Reader");
    const ana = await client("Bounce Ana");
    await assign(boss, ana, "Bounce me");
    const refusing = await smtp({ answer: () => 550 });
    worker(refusing);
    await expect.poll(async () => (await rowsOf(ana.id))[0]?.status, { timeout: 20_000 }).toBe("failed");
    await stopAll();
    expect(refusing.attempts).toBe(1);
    const seen = await listEmails(db(), authorize(coach, "emails.read"), { status: "failed" });
    expect(seen.rows.find((r) => r.toAddress === ana.email)?.lastError).toContain("Mailbox unavailable");
    expect(() => authorize(coach, "emails.retry")).toThrow();
    const [row] = await rowsOf(ana.id);
    await retryEmail(db(), authorize(boss, "emails.retry"), row?.id as string);
    const accepting = await smtp();
    worker(accepting);
    const [mail] = await accepting.waitFor(1);
    await stopAll();
    expect(mail?.parsed.messageId).toBe(row?.messageId);
    expect((await rowsOf(ana.id))[0]?.status).toBe("sent");
  });

  test("a worker that died after claiming: after its lease, every email goes exactly once", async () => {
    await emptyOutbox();
    const boss = await admin();
    const people = await Promise.all([1, 2, 3, 4, 5].map((n) => client(`Claimed ${n}`)));
    for (const p of people) await assign(boss, p, "Claimed work");
    const claimed = await claimBatch(db(), 500, 3);
    expect(claimed).toHaveLength(3);
    const server = await smtp();
    worker(server, { leaseMs: 500 });
    await server.waitFor(5);
    await stopAll();
    expect(server.received).toHaveLength(5);
    expect(new Set(server.received.map((m) => m.parsed.messageId)).size).toBe(5);
    const all = await rows(
      inArray(
        emailOutbox.recipientId,
        people.map((p) => p.id),
      ),
    );
    expect(all.every((r) => r.status === "sent")).toBe(true);
  });

  test("two workers drain one outbox without duplicates", async () => {
    await emptyOutbox();
    const boss = await admin();
    const people = await Promise.all(Array.from({ length: 12 }, (_, n) => client(`Drain ${n}`)));
    await db().transaction(async (tx) => {
      for (let round = 0; round < 5; round++) {
        await enqueueEmail(tx, people, "homework-assigned", (to) => ({
          subject: `Round ${round} for ${to.email}`,
          summary: "x",
          heading: "x",
          paragraphs: [],
        }));
      }
    });
    void boss;
    const server = await smtp();
    // A second handle on PostgreSQL, as another process has; PGlite has one.
    const { url } = database();
    const second = url ? await openDatabase({ url, dataDir: "" }) : null;
    try {
      worker(server, { batchSize: 4 });
      worker(server, { batchSize: 4 }, second?.db ?? db());
      await server.waitFor(60);
      await stopAll();
    } finally {
      await second?.close();
    }
    expect(server.received).toHaveLength(60);
    expect(new Set(server.received.map((m) => m.parsed.messageId)).size).toBe(60);
  });

  test("without SMTP nothing leaves the machine: emails are marked not sent", async () => {
    await emptyOutbox();
    const ana = await client("No SMTP Ana");
    await assign(await admin(), ana, "Stays here");
    worker(null);
    await expect.poll(async () => (await rowsOf(ana.id))[0]?.status, { timeout: 20_000 }).toBe("unsent");
    await stopAll();
    expect((await rowsOf(ana.id))[0]?.lastError).toBe(NO_SMTP);
  });
});

describe(`preferences, digests and unsubscribing on ${databaseLabel}`, () => {
  const prefs = (person: Viewer, deliveries: Partial<Record<EmailKind, "now" | "digest" | "off">>) =>
    saveEmailPreferences(db(), authorize(person, "self.email-preferences"), {
      deliveries,
      digestHour: 7,
      timeZone: "America/Toronto",
    });

  test("off writes nothing; account and payment emails can't be turned off", async () => {
    await emptyOutbox();
    const ana = await client("Quiet Ana");
    await prefs(ana, { "homework-assigned": "off" });
    await assign(await admin(), ana, "Not emailed");
    expect(await rowsOf(ana.id)).toEqual([]);
    await expect(prefs(ana, { "payment-receipt": "off" })).rejects.toMatchObject({
      data: { error: CANNOT_TURN_OFF },
      init: { status: 400 },
    });
    const view = await ownEmailPreferences(db(), authorize(ana, "self.email-preferences"));
    expect(view.kinds.find((k) => k.kind === "payment-receipt")).toMatchObject({
      delivery: "now",
      mandatory: true,
    });
    expect(view.kinds.find((k) => k.kind === "homework-assigned")?.delivery).toBe("off");
  });

  test("a flood of changes makes one digest at the person's hour", async () => {
    await emptyOutbox();
    const ana = await client("Digest Ana");
    const bob = await client("Digest Bob");
    await prefs(ana, { "homework-assigned": "digest" });
    const boss = await admin();
    for (let i = 0; i < 25; i++) await assign(boss, ana, `Task ${i}`);
    await assign(boss, bob, "Bob's own task");
    const held = await rowsOf(ana.id);
    expect(held).toHaveLength(25);
    expect(held.every((r) => r.status === "held")).toBe(true);
    const due = held[0]?.sendAfter as Date;
    expect(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "America/Toronto",
        hour: "numeric",
        minute: "numeric",
      }).format(due),
    ).toBe("07:00");
    expect(await groupDigests(db(), mailContext(), new Date(due.getTime() - 60_000))).toBe(0);
    const made = await Promise.all([
      groupDigests(db(), mailContext(), new Date(due.getTime() + 1_000)),
      groupDigests(db(), mailContext(), new Date(due.getTime() + 1_000)),
    ]);
    expect(made[0] + made[1]).toBe(1);
    const server = await smtp();
    worker(server);
    await server.waitFor(2);
    await stopAll();
    const toAna = server.received.filter((m) => m.envelopeTo.includes(ana.email));
    expect(toAna).toHaveLength(1);
    expect(toAna[0]?.parsed.subject).toBe("Your daily digest: 25 updates");
    for (let i = 0; i < 25; i++) expect(toAna[0]?.parsed.text).toContain(`Task ${i}`);
    expect(toAna[0]?.parsed.text).not.toContain("Bob's own task");
    expect((await rowsOf(ana.id)).filter((r) => r.status === "digested")).toHaveLength(25);
  });

  test("the unsubscribe link turns its kind off; a changed link is refused", async () => {
    await emptyOutbox();
    const ana = await client("Leaving Ana");
    const bob = await client("Other Bob");
    const token = unsubscribeToken({ profileId: ana.id, scope: "lesson-posted" });
    expect(verifyUnsubscribeToken(token)).toEqual({ profileId: ana.id, scope: "lesson-posted" });
    const [, signature] = token.split("~");
    const forge = (profileId: string, scope: string) =>
      `${Buffer.from(`${profileId} ${scope}`).toString("base64url")}~${signature}`;
    expect(verifyUnsubscribeToken(forge(bob.id, "lesson-posted"))).toBeNull();
    expect(verifyUnsubscribeToken(forge(ana.id, "all"))).toBeNull();
    // The first character: the last one's lowest bits are base64 padding a decoder drops.
    const [payload] = token.split("~");
    const flipped = `${payload}~${signature?.startsWith("A") ? "B" : "A"}${signature?.slice(1)}`;
    expect(verifyUnsubscribeToken(flipped)).toBeNull();
    expect(
      verifyUnsubscribeToken(
        unsubscribeToken({ profileId: ana.id, scope: "all" }, "another-secret-".repeat(3)),
      ),
    ).toBeNull();

    await applyUnsubscribe(db(), { profileId: ana.id, scope: "lesson-posted" });
    const boss = await admin();
    await createLesson(db(), authorize(boss, "lesson.create"), {
      clientId: ana.id,
      title: "Not emailed",
      notes: null,
      occurredAt: new Date(),
      recordingUrl: null,
      resources: [],
    });
    await assign(boss, ana, "Still emailed");
    expect((await rowsOf(ana.id)).map((r) => r.kind)).toEqual(["homework-assigned"]);
    await applyUnsubscribe(db(), { profileId: ana.id, scope: "all" });
    const view = await ownEmailPreferences(db(), authorize(ana, "self.email-preferences"));
    expect(view.kinds.filter((k) => k.delivery === "off").map((k) => k.kind)).toEqual(
      view.kinds.filter((k) => !k.mandatory).map((k) => k.kind),
    );
  });
});
