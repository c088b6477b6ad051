import type { Recipient } from "../outbox.server";
import { emailTemplate, SAMPLE_CLIENT, who } from "./template.server";

export const staffIntakeSubmitted = emailTemplate({
  kind: "staff-intake-submitted",
  audience: "staff",
  content: ({ client }: { client: Recipient }, _to, { origin }) => ({
    subject: `Intake questionnaire answered: ${who(client)}`,
    summary: "Their answers are on their page.",
    heading: "A client answered the intake questionnaire",
    paragraphs: [`${who(client)} sent their answers to the intake questionnaire.`],
    action: { label: "Read their answers", url: `${origin}/admin/clients/${client.id}#intake` },
  }),
  sample: { client: SAMPLE_CLIENT },
});
