import type { Recipient } from "../outbox.server";
import { emailTemplate, SAMPLE_CLIENT, who } from "./template.server";

export const staffNewLead = emailTemplate({
  kind: "staff-new-lead",
  audience: "staff",
  content: ({ lead }: { lead: Pick<Recipient, "email" | "fullName"> }, _to, { origin }) => ({
    subject: `New lead: ${who(lead)}`,
    summary: "Signed in for the first time.",
    heading: "A new lead signed up",
    paragraphs: [`${who(lead)} signed in for the first time.`],
    action: { label: "Open leads", url: `${origin}/admin/clients?filter=leads` },
  }),
  sample: { lead: SAMPLE_CLIENT },
});
