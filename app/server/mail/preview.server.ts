import { SETTINGS } from "~/content/settings";
import { type OutboxKind, outboxKindLabel } from "~/domain/email";
import { mailContext, outboxRow, type Recipient } from "./outbox.server";
import { EMAIL_TEMPLATES } from "./templates/index.server";
import { type EmailTemplate, SAMPLE_CLIENT } from "./templates/template.server";

// Each kind rendered with its sample, as its recipient would get it (the same outboxRow the outbox
// writes), and nothing stored: /admin/emails/preview shows what a client receives without the event.

export const PREVIEW_KINDS = Object.keys(EMAIL_TEMPLATES) as OutboxKind[];

export function isPreviewKind(value: string): value is OutboxKind {
  return Object.hasOwn(EMAIL_TEMPLATES, value);
}

const SAMPLE_STAFF: Recipient = {
  id: "00000000-0000-4000-8000-000000000003",
  email: SETTINGS.operator.email,
  fullName: SETTINGS.coach.name,
};

/** The zone a sample's times are shown in. */
const SAMPLE_TIME_ZONE = "America/Toronto";

export type PreviewListItem = { kind: OutboxKind; label: string; audience: "client" | "staff" };

export function previewList(): PreviewListItem[] {
  return PREVIEW_KINDS.map((kind) => ({
    kind,
    label: outboxKindLabel(kind),
    audience: EMAIL_TEMPLATES[kind].audience,
  }));
}

export type Preview = PreviewListItem & { to: string; subject: string; html: string; text: string };

export async function previewEmail(kind: OutboxKind, context = mailContext()): Promise<Preview> {
  const template: EmailTemplate<OutboxKind, unknown> = EMAIL_TEMPLATES[kind];
  const to = template.audience === "staff" ? SAMPLE_STAFF : SAMPLE_CLIENT;
  const content = template.content(template.sample, { ...to, timeZone: SAMPLE_TIME_ZONE }, context);
  const render = template.render;
  const row = await outboxRow(
    context,
    to,
    kind,
    content,
    render ? (frame) => render.call(template, frame, template.sample) : undefined,
  );
  return {
    kind,
    label: outboxKindLabel(kind),
    audience: template.audience,
    to: row.toAddress,
    subject: row.subject,
    html: row.html ?? "",
    text: row.text ?? "",
  };
}
