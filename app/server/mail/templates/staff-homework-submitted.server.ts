import type { Recipient } from "../outbox.server";
import { emailTemplate, SAMPLE_CLIENT, who } from "./template.server";

export type HomeworkSubmitted = { client: Recipient; title: string };

export const staffHomeworkSubmitted = emailTemplate({
  kind: "staff-homework-submitted",
  audience: "staff",
  content: ({ client, title }: HomeworkSubmitted, _to, { origin }) => ({
    subject: `Homework handed in: ${title}`,
    summary: `By ${who(client)}.`,
    heading: "Homework was handed in",
    paragraphs: [`${who(client)} handed in "${title}".`],
    action: { label: "Review it", url: `${origin}/admin/clients/${client.id}` },
  }),
  sample: { client: SAMPLE_CLIENT, title: "Rewrite your resume summary" },
});
