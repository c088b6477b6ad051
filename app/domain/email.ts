import { keysOf } from "./enums";
import type { Role } from "./plans";

// Who gets each kind, what they may choose, and which kinds can't be turned off
// (docs/decisions/0029-email-outbox.md). Pure: the account page shows these words, the server enforces them.

export const CLIENT_EMAIL_KINDS = [
  "welcome",
  "homework-assigned",
  "homework-reviewed",
  "lesson-posted",
  "last-one-left",
  "payment-receipt",
  "payment-failed",
  "session-reminder",
  "testimonial-request",
] as const;

export const STAFF_EMAIL_KINDS = [
  "staff-new-lead",
  "staff-homework-submitted",
  "staff-deletion-request",
  "staff-payment-received",
  "staff-payment-failed",
  "staff-payment-disputed",
  "staff-daily-agenda",
  "staff-intake-submitted",
  "staff-offer-accepted",
] as const;

export const EMAIL_KINDS = [...CLIENT_EMAIL_KINDS, ...STAFF_EMAIL_KINDS] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];
export type OutboxKind = EmailKind | "digest";

export const DELIVERY_LABELS = { now: "At once", digest: "Daily digest", off: "Off" };
export const DELIVERIES = keysOf(DELIVERY_LABELS);
export type Delivery = (typeof DELIVERIES)[number];

export const EMAIL_KIND_LABELS: Record<EmailKind, string> = {
  welcome: "Welcome when you become a client",
  "homework-assigned": "New homework",
  "homework-reviewed": "Homework reviewed",
  "lesson-posted": "Lesson posted",
  "last-one-left": "One session or mock interview left",
  "payment-receipt": "Payment receipts",
  "payment-failed": "Failed payments",
  "staff-new-lead": "A new lead signed up",
  "staff-homework-submitted": "Homework handed in",
  "staff-deletion-request": "A data-deletion request",
  "staff-payment-received": "A payment received",
  "staff-payment-failed": "A payment failed",
  "staff-payment-disputed": "A payment disputed with the card's bank",
  "session-reminder": "Reminders before your sessions",
  "staff-daily-agenda": "Your day's sessions, each morning",
  "staff-intake-submitted": "Intake questionnaire answered",
  "testimonial-request": "A request for a few words after you accept an offer",
  "staff-offer-accepted": "A client accepted an offer",
};

/** Worth nothing late: at once or off, never held for a digest (docs/decisions/0045-session-reminders.md). */
export const TIMELY_KINDS: ReadonlySet<EmailKind> = new Set<EmailKind>([
  "session-reminder",
  "staff-daily-agenda",
]);

/** The choices a kind offers: a mandatory one can't be off, a timely one can't wait for the digest. */
export function deliveriesFor(kind: EmailKind): readonly Delivery[] {
  return DELIVERIES.filter(
    (d) => !(d === "off" && isMandatory(kind)) && !(d === "digest" && TIMELY_KINDS.has(kind)),
  );
}

export const MANDATORY_KINDS: ReadonlySet<EmailKind> = new Set<EmailKind>([
  "welcome",
  "payment-receipt",
  "payment-failed",
  "staff-deletion-request",
  "staff-payment-received",
  "staff-payment-failed",
  "staff-payment-disputed",
]);

export const CANNOT_TURN_OFF = "Account and payment emails can't be turned off.";

export function isMandatory(kind: EmailKind): boolean {
  return MANDATORY_KINDS.has(kind);
}

export function emailKindsFor(role: Role): readonly EmailKind[] {
  if (role === "admin" || role === "coach") return STAFF_EMAIL_KINDS;
  return CLIENT_EMAIL_KINDS;
}

/** "now" by default, and whenever the stored choice is not one the kind offers. */
export function deliveryFor(kind: EmailKind, chosen: Readonly<Record<string, string>> | undefined): Delivery {
  const value = chosen?.[kind];
  return deliveriesFor(kind).find((d) => d === value) ?? "now";
}

export function isEmailKind(value: string): value is EmailKind {
  return (EMAIL_KINDS as readonly string[]).includes(value);
}

/** One mailbox: no display name, no spaces or separators. */
export const EMAIL_ADDRESS = /^[^@\s<>",;]+@[^@\s<>",;]+\.[^@\s<>",;.]+$|^[^@\s<>",;]+@localhost$/;

export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL_ADDRESS.test(value);
}

/** Every offset in use is a multiple of 15 minutes, so quarter-hour steps over two days suffice. */
export function nextLocalHour(from: Date, hour: number, timeZone: string): Date {
  const format = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "numeric",
    minute: "numeric",
    hourCycle: "h23",
  });
  const quarter = 15 * 60_000;
  let t = Math.ceil(from.getTime() / quarter) * quarter;
  for (let i = 0; i < 4 * 49; i++, t += quarter) {
    const parts = format.formatToParts(new Date(t));
    const h = Number(parts.find((p) => p.type === "hour")?.value);
    const m = Number(parts.find((p) => p.type === "minute")?.value);
    if (h === hour && m === 0) return new Date(t);
  }
  return new Date(from.getTime() + 24 * 3_600_000);
}

export function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: value });
    return value.length > 0 && value.length <= 64;
  } catch {
    return false;
  }
}

const STATUS_LABELS = {
  pending: "Waiting to be sent",
  held: "Held for the daily digest",
  digested: "Sent in a digest",
  sent: "Sent",
  failed: "Failed",
  unsent: "Not sent: no SMTP server configured",
};
export const EMAIL_STATUSES = keysOf(STATUS_LABELS);
export type EmailStatus = (typeof EMAIL_STATUSES)[number];
/** Indexed by any string: the outbox's status column is text, so a row may hold one not listed here. */
export const EMAIL_STATUS_LABELS: Readonly<Record<string, string>> = STATUS_LABELS;

export function outboxKindLabel(kind: string): string {
  return kind === "digest" ? "Daily digest" : isEmailKind(kind) ? EMAIL_KIND_LABELS[kind] : kind;
}
