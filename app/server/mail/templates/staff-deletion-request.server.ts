import type { Recipient } from "../outbox.server";
import { emailTemplate, SAMPLE_CLIENT, who } from "./template.server";

export type DeletionRequest = { person: Recipient; note: string | null };

export const staffDeletionRequest = emailTemplate({
  kind: "staff-deletion-request",
  audience: "staff",
  content: ({ person, note }: DeletionRequest, _to, { origin }) => ({
    subject: `Data-deletion request: ${who(person)}`,
    summary: "Answer within 30 days.",
    heading: "Someone asked for their data to be deleted",
    paragraphs: [`${who(person)} asked for their account and records to be deleted. Answer within 30 days.`],
    ...(note ? { quote: { label: "Their note", text: note } } : {}),
    action: { label: "Open their page", url: `${origin}/admin/clients/${person.id}` },
  }),
  sample: { person: SAMPLE_CLIENT, note: "I have found a job, thank you. Please remove my account." },
});
