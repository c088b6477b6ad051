import { attachedFiles, emailTemplate } from "./template.server";

export type HomeworkReviewed = { title: string; feedback: string | null; files?: readonly string[] };

export const homeworkReviewed = emailTemplate({
  kind: "homework-reviewed",
  audience: "client",
  content: (homework: HomeworkReviewed, _to, { origin }) => ({
    subject: `Homework reviewed: ${homework.title}`,
    summary: homework.feedback ? "Your coach left feedback." : "Your coach reviewed it.",
    heading: "Your homework was reviewed",
    paragraphs: [homework.title, ...attachedFiles(homework.files ?? [], `${origin}/homework`)],
    ...(homework.feedback ? { quote: { label: "Feedback", text: homework.feedback } } : {}),
    action: { label: "See the review", url: `${origin}/homework` },
  }),
  sample: {
    title: "Rewrite your resume summary",
    feedback: "A strong start.\nLead with the result, then the role.",
    files: ["resume-notes.pdf"],
  },
});
