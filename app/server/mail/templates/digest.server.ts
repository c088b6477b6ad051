import type { DigestItem, Frame, Rendered } from "../layout.server";
import { emailTemplate } from "./template.server";

export type Digest = { items: DigestItem[] };

/** Its own layout, loaded with the first digest as every layout is (docs/decisions/0040-cold-start.md). */
export async function renderDigestEmail(frame: Frame, { items }: Digest): Promise<Rendered> {
  return (await import("../layout.server")).renderDigest(frame, items);
}

/** Held emails of one person, grouped at their chosen hour (docs/decisions/0029-email-outbox.md). */
export const digest = emailTemplate({
  kind: "digest",
  audience: "client",
  content: ({ items }: Digest) => ({
    subject: `Your daily digest: ${items.length} ${items.length === 1 ? "update" : "updates"}`,
    summary: `${items.length} updates`,
    heading: "Your daily digest",
    paragraphs: [],
  }),
  render: renderDigestEmail,
  sample: {
    items: [
      {
        subject: "New homework: Rewrite your resume summary",
        summary: "Due 2030-01-15.",
        link: "https://example.com/homework",
      },
      { subject: "Lesson posted: Telling your career story", summary: "From January 10, 2030.", link: null },
    ],
  },
});
