import { emailTemplate } from "./template.server";

// Once per client, after they accept an offer (docs/decisions/0053-job-search.md, "Outcomes"): a request,
// by reply. Nothing is published from it without the client's separate agreement to the words and the name.

export type TestimonialRequest = { company: string };

export const testimonialRequest = emailTemplate({
  kind: "testimonial-request",
  audience: "client",
  content: ({ company }: TestimonialRequest, _to, { origin }) => ({
    subject: `Congratulations on ${company}: a few words about the coaching?`,
    summary: "Would you write a few lines about the coaching?",
    heading: `Congratulations on your offer at ${company}`,
    paragraphs: [
      "If the coaching helped, would you reply to this email with a few lines about it: where you started, what changed, what you would tell someone starting their search?",
      "Nothing you write is published, with or without your name, unless you agree to the exact words first. There is no need to answer.",
    ],
    action: { label: "Open your job search", url: `${origin}/applications` },
  }),
  sample: { company: "Shopify" },
});
