import { emailTemplate } from "./template.server";

export type HomeworkAssigned = { title: string; dueDate: string | null; description: string | null };

export const homeworkAssigned = emailTemplate({
  kind: "homework-assigned",
  audience: "client",
  content: (homework: HomeworkAssigned, _to, { origin }) => ({
    subject: `New homework: ${homework.title}`,
    summary: homework.dueDate ? `Due ${homework.dueDate}.` : "No due date.",
    heading: "You have new homework",
    paragraphs: [homework.title, ...(homework.description ? [homework.description] : [])],
    details: homework.dueDate ? [["Due", homework.dueDate]] : [],
    action: { label: "Open your homework", url: `${origin}/homework` },
  }),
  sample: {
    title: "Rewrite your resume summary",
    dueDate: "2030-01-15",
    description: "Three sentences: the role you want, your strongest result, and what you bring.",
  },
});
