import { emailTemplate } from "./template.server";

export const welcome = emailTemplate({
  kind: "welcome",
  audience: "client",
  content: (_data: Record<string, never>, _to, { origin, siteName }) => ({
    subject: `Welcome to ${siteName}`,
    summary: "Your client portal is ready.",
    heading: `Welcome to ${siteName}`,
    paragraphs: [
      "You're now a client. Your portal has your plan, your sessions, lessons, homework and resources in one place.",
    ],
    action: { label: "Open your dashboard", url: `${origin}/dashboard` },
  }),
  sample: {},
});
