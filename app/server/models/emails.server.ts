import { count, desc, eq, inArray, sql } from "drizzle-orm";
import {
  CANNOT_TURN_OFF,
  type Delivery,
  deliveriesFor,
  deliveryFor,
  EMAIL_KINDS,
  EMAIL_STATUSES,
  type EmailKind,
  type EmailStatus,
  emailKindsFor,
  isMandatory,
} from "~/domain/email";
import type { EmailPreferencesInput } from "~/lib/schemas/email-preferences";
import type { Db, DbOrTx } from "../db.server";
import { planRemindersOf } from "../mail/reminders.server";
import type { Unsubscribe } from "../mail/unsubscribe.server";
import type { Permit } from "../policy.server";
import { refuse } from "../refusal.server";
import { emailOutbox, emailPreferences, profiles } from "../schema";
import { audit } from "./audit.server";

// Emails as people see them: the Emails page, each person's choices on /account, and the unsubscribe link.

export const EMAILS_PAGE_SIZE = 50;

export async function listEmails(
  db: Db,
  _permit: Permit<"emails.read">,
  { status, page = 1 }: { status?: EmailStatus; page?: number } = {},
) {
  const where = status ? eq(emailOutbox.status, status) : undefined;
  const [rows, tallies] = await Promise.all([
    db
      .select({
        id: emailOutbox.id,
        toAddress: emailOutbox.toAddress,
        kind: emailOutbox.kind,
        subject: emailOutbox.subject,
        status: emailOutbox.status,
        attempts: emailOutbox.attempts,
        lastError: emailOutbox.lastError,
        createdAt: emailOutbox.createdAt,
        sentAt: emailOutbox.sentAt,
        sendAfter: emailOutbox.sendAfter,
        text: emailOutbox.text,
      })
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(EMAILS_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * EMAILS_PAGE_SIZE),
    db.select({ status: emailOutbox.status, n: count() }).from(emailOutbox).groupBy(emailOutbox.status),
  ]);
  const counts = Object.fromEntries(EMAIL_STATUSES.map((s) => [s, 0])) as Record<EmailStatus, number>;
  for (const t of tallies) counts[t.status as EmailStatus] = t.n;
  const total = status ? counts[status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { rows, counts, total, page: Math.max(1, page), pageSize: EMAILS_PAGE_SIZE };
}

export async function emailHtml(db: Db, _permit: Permit<"emails.read">, id: string): Promise<string> {
  const [row] = await db.select({ html: emailOutbox.html }).from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!row) refuse("That email was not found.", 404);
  return row.html;
}

/** Back to the outbox with the same Message-ID. */
export async function retryEmail(db: Db, permit: Permit<"emails.retry">, id: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(emailOutbox).where(eq(emailOutbox.id, id)).for("update");
    if (!row) refuse("That email was not found.", 404);
    if (row.status !== "failed" && row.status !== "unsent") {
      refuse("Only a failed or unsent email can be sent again.", 409);
    }
    await tx
      .update(emailOutbox)
      .set({ status: "pending", attempts: 0, lastError: null, sendAfter: sql`now()`, claimedUntil: null })
      .where(eq(emailOutbox.id, id));
    await audit(tx, permit, {
      action: "email.retry",
      targetId: row.recipientId,
      entity: "email",
      entityId: id,
      before: { status: row.status, error: row.lastError },
      after: { status: "pending", subject: row.subject },
    });
    return { message: "Queued to be sent again." };
  });
}

export const TIMELY_NOT_DIGESTED = "Reminders and the day's sessions come at once or not at all.";

/**
 * What waits to be sent to a person of kinds they just turned off goes: a digest's held rows, and
 * reminders queued for a later time. Reminders turned back on are planned again.
 */
async function afterChoices(tx: DbOrTx, personId: string, off: readonly EmailKind[], remindersOn: boolean) {
  if (off.length > 0) {
    await tx
      .delete(emailOutbox)
      .where(
        sql`${emailOutbox.recipientId} = ${personId} AND ${inArray(emailOutbox.kind, [...off])} AND (${emailOutbox.status} = 'held' OR (${emailOutbox.status} = 'pending' AND ${emailOutbox.sendAfter} > now() AND ${emailOutbox.claimedUntil} IS NULL))`,
      );
  }
  if (remindersOn) await planRemindersOf(tx, personId);
}

export type PreferencesView = {
  kinds: { kind: EmailKind; delivery: Delivery; mandatory: boolean }[];
  digestHour: number;
  /** Staff only. */
  agendaHour: number | null;
  timeZone: string;
  saved: boolean;
};

export async function ownEmailPreferences(
  db: Db,
  permit: Permit<"self.email-preferences">,
): Promise<PreferencesView> {
  const { actor } = permit;
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.profileId, actor.id));
  return {
    kinds: emailKindsFor(actor.role).map((kind) => ({
      kind,
      delivery: deliveryFor(kind, row?.deliveries),
      mandatory: isMandatory(kind),
    })),
    digestHour: row?.digestHour ?? 8,
    agendaHour: emailKindsFor(actor.role).includes("staff-daily-agenda") ? (row?.agendaHour ?? 7) : null,
    timeZone: row?.timeZone ?? "UTC",
    saved: row !== undefined,
  };
}

/** Turning off a mandatory kind is refused (400), nothing saved. */
export async function saveEmailPreferences(
  db: Db,
  permit: Permit<"self.email-preferences">,
  input: EmailPreferencesInput,
) {
  const { actor } = permit;
  for (const [kind, delivery] of Object.entries(input.deliveries)) {
    if (delivery === "off" && isMandatory(kind as EmailKind)) refuse(CANNOT_TURN_OFF, 400);
    if (!deliveriesFor(kind as EmailKind).includes(delivery)) refuse(TIMELY_NOT_DIGESTED, 400);
  }
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(emailPreferences)
      .where(eq(emailPreferences.profileId, actor.id))
      .for("update");
    const deliveries = { ...current?.deliveries, ...input.deliveries };
    const chosen = {
      deliveries,
      digestHour: input.digestHour,
      agendaHour: input.agendaHour ?? current?.agendaHour ?? 7,
      timeZone: input.timeZone,
    };
    await tx
      .insert(emailPreferences)
      .values({ profileId: actor.id, ...chosen })
      .onConflictDoUpdate({ target: emailPreferences.profileId, set: chosen });
    await audit(tx, permit, {
      action: "email.preferences",
      targetId: actor.id,
      entity: "profile",
      entityId: actor.id,
      after: chosen,
    });
    const was = (kind: EmailKind) => deliveryFor(kind, current?.deliveries);
    const turnedOff = EMAIL_KINDS.filter(
      (kind) => deliveryFor(kind, deliveries) === "off" && was(kind) !== "off",
    );
    // A new time zone rewrites the reminders' times too.
    const replan =
      deliveryFor("session-reminder", deliveries) !== "off" &&
      (was("session-reminder") === "off" || current?.timeZone !== input.timeZone);
    await afterChoices(tx, actor.id, turnedOff, replan);
  });
  return { message: "Email choices saved." };
}

/** The signature (checked by the caller) is the authority; no one is signed in. */
export async function applyUnsubscribe(db: Db, target: Unsubscribe): Promise<{ kinds: EmailKind[] } | null> {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select({ id: profiles.id, role: profiles.role })
      .from(profiles)
      .where(eq(profiles.id, target.profileId))
      .for("update");
    if (!person) return null;
    const kinds =
      target.scope === "all"
        ? emailKindsFor(person.role).filter((k) => !isMandatory(k))
        : isMandatory(target.scope)
          ? []
          : [target.scope];
    const off = Object.fromEntries(kinds.map((k) => [k, "off"]));
    await tx
      .insert(emailPreferences)
      .values({ profileId: person.id, deliveries: off })
      .onConflictDoUpdate({
        target: emailPreferences.profileId,
        set: { deliveries: sql`${emailPreferences.deliveries} || ${JSON.stringify(off)}::jsonb` },
      });
    await afterChoices(tx, person.id, kinds, false);
    return { kinds };
  });
}
