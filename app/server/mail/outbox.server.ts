import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import { SITE } from "~/content/site";
import {
  deliveryFor,
  type EmailKind,
  isEmailAddress,
  isMandatory,
  nextLocalHour,
  type OutboxKind,
} from "~/domain/email";
import type { DbOrTx } from "../db.server";
import { getConfig } from "../env.server";
import { logger } from "../logger.server";
import { emailOutbox, emailPreferences, profiles } from "../schema";
import type { EmailContent, Frame, Rendered } from "./layout.server";
import { type UnsubscribeScope, unsubscribeUrl } from "./unsubscribe.server";

/** The layouts (React Email) load with the first email written, not at start (docs/decisions/0040-cold-start.md). */
export const emailTemplates = () => import("./layout.server");

// One outbox row per recipient, in the causing change's transaction (docs/decisions/0029-email-outbox.md);
// each rendered for its one recipient, so nothing in it belongs to anyone else.

export type Recipient = { id: string; email: string; fullName: string | null };
export type EmailRecipient = Recipient & { timeZone: string };

export type MailContext = { origin: string; siteName: string; secret?: string };

export function mailContext(): MailContext {
  return { origin: getConfig().publicOrigin, siteName: SITE.brand };
}

export function messageIdFor(rowId: string, origin: string): string {
  return `<${rowId}@${new URL(origin).hostname}>`;
}

export function frameFor(
  context: MailContext,
  to: Recipient,
  scope: UnsubscribeScope,
  unsubscribe: string | null,
): Frame {
  return {
    siteName: context.siteName,
    origin: context.origin,
    recipientName: to.fullName?.trim() || null,
    unsubscribeUrl: unsubscribe,
    unsubscribeWhat: scope === "all" ? "every email that can be turned off" : "emails like this one",
  };
}

type Row = typeof emailOutbox.$inferInsert;

export async function outboxRow(
  context: MailContext,
  to: Recipient,
  kind: OutboxKind,
  content: EmailContent,
  render: (frame: Frame) => Promise<Rendered> = async (frame) =>
    (await emailTemplates()).renderMessage(frame, content),
): Promise<Row> {
  const id = randomUUID();
  // A kind that can't be turned off still carries a working link: it turns off everything that can be.
  const scope: UnsubscribeScope = kind === "digest" || isMandatory(kind) ? "all" : kind;
  const unsubscribe = unsubscribeUrl(context.origin, { profileId: to.id, scope }, context.secret);
  const rendered = await render(frameFor(context, to, scope, unsubscribe));
  return {
    id,
    messageId: messageIdFor(id, context.origin),
    recipientId: to.id,
    toAddress: to.email.trim(),
    kind,
    subject: content.subject,
    summary: content.summary,
    link: content.action?.url ?? null,
    unsubscribeUrl: unsubscribe,
    ...rendered,
  };
}

/** Their stored choices; someone with none has the defaults. */
export function preferencesOf(tx: DbOrTx, people: readonly Pick<Recipient, "id">[]) {
  return tx
    .select()
    .from(emailPreferences)
    .where(
      inArray(
        emailPreferences.profileId,
        people.map((person) => person.id),
      ),
    );
}

export type Enqueued = "queued" | "held" | "off" | "invalid-address";

/** A row's fixed parts beyond its content: when it is due, the booking it reminds of, a calendar file. */
export type EnqueueOptions = { sendAfter?: Date; bookingId?: string; calendar?: string };

/**
 * At once, in the next digest, or not at all, as each recipient's preferences say. A stored address
 * that is not one mailbox is logged, never queued.
 */
export async function enqueueEmail(
  tx: DbOrTx,
  recipients: readonly Recipient[],
  kind: EmailKind,
  content: (to: EmailRecipient) => EmailContent,
  context: MailContext = mailContext(),
  options: EnqueueOptions = {},
): Promise<Enqueued[]> {
  if (recipients.length === 0) return [];
  const preferences = await preferencesOf(tx, recipients);
  const now = new Date();
  const results: Enqueued[] = [];
  const rows: Row[] = [];
  for (const to of recipients) {
    if (!isEmailAddress(to.email.trim())) {
      logger.warn({ kind, recipient: to.id }, "email not queued: the address is not an email address");
      results.push("invalid-address");
      continue;
    }
    const chosen = preferences.find((p) => p.profileId === to.id);
    const delivery = deliveryFor(kind, chosen?.deliveries);
    if (delivery === "off") {
      results.push("off");
      continue;
    }
    const timeZone = chosen?.timeZone ?? "UTC";
    const row = { ...(await outboxRow(context, to, kind, content({ ...to, timeZone }))), ...options };
    if (delivery === "digest") {
      row.status = "held";
      row.sendAfter = nextLocalHour(now, chosen?.digestHour ?? 8, timeZone);
    }
    rows.push(row);
    results.push(delivery === "digest" ? "held" : "queued");
  }
  if (rows.length > 0) await tx.insert(emailOutbox).values(rows);
  return results;
}

export async function recipientById(tx: DbOrTx, id: string): Promise<Recipient | null> {
  const [row] = await tx
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(eq(profiles.id, id));
  return row ?? null;
}

export async function staffRecipients(tx: DbOrTx): Promise<Recipient[]> {
  return tx
    .select({ id: profiles.id, email: profiles.email, fullName: profiles.fullName })
    .from(profiles)
    .where(inArray(profiles.role, ["admin", "coach"]));
}
