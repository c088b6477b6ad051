import { KIND_LABELS, type ServiceKind } from "~/domain/plans";
import { emailTemplate } from "./template.server";

export const lastOneLeft = emailTemplate({
  kind: "last-one-left",
  audience: "client",
  content: ({ kind }: { kind: ServiceKind }, _to, { origin }) => {
    const what = KIND_LABELS[kind];
    return {
      subject: `One left: ${what}`,
      summary: `You have one ${what.toLowerCase()} left in your plan.`,
      heading: `One ${what.toLowerCase()} left`,
      paragraphs: [
        `You have one ${what.toLowerCase()} left in your plan. Your plan page shows what's included.`,
      ],
      action: { label: "See your plan", url: `${origin}/plan` },
    };
  },
  sample: { kind: "mock_interview" },
});
