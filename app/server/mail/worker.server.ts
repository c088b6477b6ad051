import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "../db.server";
import { logger } from "../logger.server";
import { emailOutbox, type OutboxRow, profiles } from "../schema";
import { type MailContext, mailContext, outboxRow } from "./outbox.server";
import { queueDayAgendas } from "./reminders.server";
import { digest as digestTemplate, renderDigestEmail } from "./templates/digest.server";

// The outbox's worker (docs/decisions/0029-email-outbox.md): claims rows with a lease (SKIP LOCKED) and
// marks each sent only after SMTP accepted it.
// Just over 300 lines on purpose: the claim, the marks, the release and the loop are one crash-safety argument.

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  messageId: string;
  headers: Record<string, string>;
  attachments?: { filename: string; content: string; contentType: string }[];
};

export type MailTransport = { send(mail: OutgoingMail): Promise<void>; close(): void };

export type WorkerOptions = {
  db: Db;
  /** Null: due emails are marked `unsent` and nothing leaves the machine. */
  transport: MailTransport | null;
  from: string;
  /** The worker stops sending a batch once half of it has passed. */
  leaseMs: number;
  batchSize?: number;
  pollMs?: number;
  /** Doubles each time, at most an hour. */
  backoffMs?: number;
  maxAttempts?: number;
  context?: MailContext;
  now?: () => Date;
};

export const NO_SMTP = "Not sent: no SMTP server is configured (SMTP_URL).";

export type MailWorker = {
  /** Finishes the email being sent and gives back the rest of the batch. */
  stop(): Promise<void>;
  wake(): void;
};

type SendOutcome =
  | { kind: "sent" }
  | { kind: "temporary"; error: string }
  | { kind: "permanent"; error: string };

/** 5xx and envelope errors are final; the rest are retried. */
export function classifySendError(error: unknown): SendOutcome {
  const e = error as { responseCode?: number; code?: string; message?: string; response?: string };
  const text = (e.response ?? e.message ?? String(error)).slice(0, 500);
  if (typeof e.responseCode === "number" && e.responseCode >= 500) return { kind: "permanent", error: text };
  if (typeof e.responseCode !== "number" && e.code === "EENVELOPE") return { kind: "permanent", error: text };
  return { kind: "temporary", error: text };
}

export async function claimBatch(db: Db, leaseMs: number, limit: number): Promise<OutboxRow[]> {
  const token = randomUUID();
  const due = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "pending"),
        lte(emailOutbox.sendAfter, sql`now()`),
        sql`(${emailOutbox.claimedUntil} IS NULL OR ${emailOutbox.claimedUntil} < now())`,
      ),
    )
    .orderBy(asc(emailOutbox.sendAfter), asc(emailOutbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({
      claimedUntil: sql`now() + make_interval(secs => ${leaseMs / 1000})`,
      claimToken: token,
      attempts: sql`${emailOutbox.attempts} + 1`,
    })
    .where(inArray(emailOutbox.id, due))
    .returning();
}

const held = (row: OutboxRow) =>
  and(eq(emailOutbox.id, row.id), eq(emailOutbox.claimToken, row.claimToken ?? ""));

/** False: the lease ran out and another worker holds the row. */
export async function markSent(db: Db, row: OutboxRow): Promise<boolean> {
  const done = await db
    .update(emailOutbox)
    .set({ status: "sent", sentAt: sql`now()`, claimedUntil: null, claimToken: null, lastError: null })
    .where(held(row))
    .returning({ id: emailOutbox.id });
  return done.length > 0;
}

async function markFailed(
  db: Db,
  row: OutboxRow,
  outcome: SendOutcome,
  backoffMs: number,
  maxAttempts: number,
) {
  if (outcome.kind === "sent") return;
  const final = outcome.kind === "permanent" || row.attempts >= maxAttempts;
  const delay = Math.min(3_600_000, backoffMs * 2 ** Math.max(0, row.attempts - 1));
  await db
    .update(emailOutbox)
    .set({
      status: final ? "failed" : "pending",
      lastError: outcome.error,
      claimedUntil: null,
      claimToken: null,
      sendAfter: final ? sql`${emailOutbox.sendAfter}` : sql`now() + make_interval(secs => ${delay / 1000})`,
    })
    .where(held(row));
}

/** Without counting the attempt. */
async function release(db: Db, rows: OutboxRow[]) {
  for (const row of rows) {
    await db
      .update(emailOutbox)
      .set({ claimedUntil: null, claimToken: null, attempts: sql`greatest(0, ${emailOutbox.attempts} - 1)` })
      .where(held(row));
  }
}

export function outgoing(row: OutboxRow, from: string): OutgoingMail {
  return {
    from,
    to: row.toAddress,
    subject: row.subject,
    html: row.html,
    text: row.text,
    messageId: row.messageId,
    headers: row.unsubscribeUrl
      ? {
          "List-Unsubscribe": `<${row.unsubscribeUrl}>`,
          "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        }
      : {},
    ...(row.calendar
      ? {
          attachments: [
            { filename: "session.ics", content: row.calendar, contentType: "text/calendar; method=PUBLISH" },
          ],
        }
      : {}),
  };
}

export async function markUnsent(db: Db): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: "unsent", lastError: NO_SMTP })
    .where(and(eq(emailOutbox.status, "pending"), lte(emailOutbox.sendAfter, sql`now()`)))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** One transaction per person, locking their held rows, so two workers make one digest. */
export async function groupDigests(db: Db, context: MailContext, now: Date, limit = 50): Promise<number> {
  const due = await db
    .selectDistinct({ recipientId: emailOutbox.recipientId })
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, "held"), lte(emailOutbox.sendAfter, now)))
    .limit(limit);
  let made = 0;
  for (const { recipientId } of due) {
    if (!recipientId) continue;
    made += await db.transaction(async (tx) => {
      const rows = await tx
        .select()
        .from(emailOutbox)
        .where(
          and(
            eq(emailOutbox.recipientId, recipientId),
            eq(emailOutbox.status, "held"),
            lte(emailOutbox.sendAfter, now),
          ),
        )
        .orderBy(asc(emailOutbox.createdAt))
        .for("update");
      const [person] = await tx
        .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName })
        .from(profiles)
        .where(eq(profiles.id, recipientId));
      if (rows.length === 0 || !person) return 0;
      const data = { items: rows.map((r) => ({ subject: r.subject, summary: r.summary, link: r.link })) };
      const digest = await outboxRow(
        context,
        person,
        digestTemplate.kind,
        // The digest's words name no time, so its zone is moot.
        digestTemplate.content(data, { ...person, timeZone: "UTC" }, context),
        (frame) => renderDigestEmail(frame, data),
      );
      await tx.insert(emailOutbox).values(digest);
      await tx
        .update(emailOutbox)
        .set({ status: "digested", digestId: digest.id })
        .where(
          inArray(
            emailOutbox.id,
            rows.map((r) => r.id),
          ),
        );
      return 1;
    });
  }
  return made;
}

/** Whether the day's sessions are due is asked once a minute, not every poll. */
const AGENDA_EVERY_MS = 60_000;

async function round(
  options: Required<Omit<WorkerOptions, "transport">> & WorkerOptions,
  stopping: () => boolean,
  agenda: { nextAt: number },
) {
  const { db, transport, leaseMs, batchSize, backoffMs, maxAttempts } = options;
  const now = options.now();
  if (now.getTime() >= agenda.nextAt) {
    agenda.nextAt = now.getTime() + AGENDA_EVERY_MS;
    await queueDayAgendas(db, now, options.context);
  }
  await groupDigests(db, options.context, now);
  if (!transport) {
    await markUnsent(db);
    return;
  }
  while (!stopping()) {
    const started = performance.now();
    const batch = await claimBatch(db, leaseMs, batchSize);
    for (let i = 0; i < batch.length; i++) {
      const row = batch[i] as OutboxRow;
      // Half the lease gone (a slow server): the rest go back for the next claim.
      if (stopping() || performance.now() - started > leaseMs / 2) {
        await release(db, batch.slice(i));
        return;
      }
      let outcome: SendOutcome;
      try {
        await transport.send(outgoing(row, options.from));
        outcome = { kind: "sent" };
      } catch (error) {
        outcome = classifySendError(error);
      }
      if (outcome.kind === "sent") {
        if (!(await markSent(db, row))) {
          logger.warn(
            { messageId: row.messageId },
            "email sent after its lease ran out: it may arrive twice",
          );
        }
      } else {
        const final = outcome.kind === "permanent" || row.attempts >= maxAttempts;
        const entry = { messageId: row.messageId, attempt: row.attempts, error: outcome.error };
        if (final) logger.warn(entry, "email failed: not retried");
        else logger.info(entry, "email not sent: will retry");
        await markFailed(db, row, outcome, backoffMs, maxAttempts);
      }
    }
    if (batch.length < batchSize) return;
  }
}

export function startMailWorker(options: WorkerOptions): MailWorker {
  const settings = {
    batchSize: 20,
    pollMs: 1_000,
    backoffMs: 30_000,
    maxAttempts: 8,
    context: options.context ?? mailContext(),
    now: () => new Date(),
    ...options,
  };
  let stopped = false;
  const agenda = { nextAt: 0 };
  let wakeUp: (() => void) | undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, settings.pollMs);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const loop = (async () => {
    // The first round too waits a poll (or a wake): at start the server answers first, and on PGlite the
    // outbox's queries share its one thread (docs/decisions/0040-cold-start.md).
    await pause();
    while (!stopped) {
      try {
        await round(settings, () => stopped, agenda);
      } catch (error) {
        logger.error({ err: (error as Error).message }, "email worker round failed; trying again");
      }
      if (stopped) break;
      await pause();
    }
  })();
  return {
    async stop() {
      stopped = true;
      wakeUp?.();
      await loop;
      options.transport?.close();
    },
    wake() {
      wakeUp?.();
    },
  };
}
