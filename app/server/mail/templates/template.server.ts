import type { OutboxKind } from "~/domain/email";
import type { EmailContent, Frame, Rendered } from "../layout.server";
import type { EmailRecipient, MailContext, Recipient } from "../outbox.server";

// One file per kind of email in this folder (the shape of documenso's packages/email/templates): what it
// says, built from its data, and a sample of that data, so /admin/emails/preview shows each kind without
// the event that sends it. The frame around every kind is ../layout.server.tsx.

export type EmailTemplate<Kind extends OutboxKind, Data> = {
  kind: Kind;
  /** Who receives it: the preview addresses its sample to a client or to the coach. */
  audience: "client" | "staff";
  content(data: Data, to: EmailRecipient, context: MailContext): EmailContent;
  /** Data like an event's, rendered on the preview page; required, so no kind goes unpreviewed. */
  sample: Data;
  /** Its own layout instead of the one message layout (the digest). */
  render?(frame: Frame, data: Data): Promise<Rendered>;
};

/** A template as written, its kind kept literal and its data checked against its sample. */
export function emailTemplate<const Kind extends OutboxKind, Data>(
  template: EmailTemplate<Kind, Data>,
): EmailTemplate<Kind, Data> {
  return template;
}

export const who = (person: Pick<Recipient, "email" | "fullName">) =>
  person.fullName?.trim() ? `${person.fullName.trim()} (${person.email})` : person.email;

export function longDate(date: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeStyle: "short", timeZone }).format(date);
}

/**
 * The files that came with a review or a lesson, by name, and where to get them: never the files
 * themselves, which are served only to the signed-in owner (docs/decisions/0043-file-storage.md).
 */
export function attachedFiles(names: readonly string[], page: string): string[] {
  if (names.length === 0) return [];
  const count = names.length === 1 ? "1 file" : `${names.length} files`;
  return [`Your coach attached ${count}: ${names.join(", ")}. Download them from ${page} (sign in first).`];
}

/** Sample people: a client and a lead who are not in the seed, so a preview names no one real. */
export const SAMPLE_CLIENT = {
  id: "00000000-0000-4000-8000-000000000001",
  email: "jordan.lee@example.com",
  fullName: "Jordan Lee",
} as const satisfies Recipient;
