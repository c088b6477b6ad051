import type { Recipient } from "../outbox.server";
import { emailTemplate, SAMPLE_CLIENT, who } from "./template.server";

// To staff when a client accepts an offer (docs/decisions/0053-job-search.md, "Outcomes"): company, role and
// the outcome's figures; never pay, which only the client's own pages show.

export type OfferAccepted = {
  client: Recipient;
  company: string;
  role: string;
  daysToOffer: number | null;
  sessionsUsed: number;
};

export const staffOfferAccepted = emailTemplate({
  kind: "staff-offer-accepted",
  audience: "staff",
  content: ({ client, company, role, daysToOffer, sessionsUsed }: OfferAccepted, _to, { origin }) => ({
    subject: `Offer accepted: ${who(client)} at ${company}`,
    summary: `${role} at ${company}.`,
    heading: "A client accepted an offer",
    paragraphs: [
      `${who(client)} accepted the ${role} offer at ${company}.`,
      `${daysToOffer === null ? "Time to offer: not known (no paid start)" : `${daysToOffer} days from the start of coaching to the offer`}; ${sessionsUsed} ${sessionsUsed === 1 ? "session" : "sessions"} used.`,
    ],
    action: { label: "See the outcomes", url: `${origin}/admin/job-search/outcomes` },
  }),
  sample: {
    client: SAMPLE_CLIENT,
    company: "Shopify",
    role: "Staff engineer",
    daysToOffer: 63,
    sessionsUsed: 7,
  },
});
