import { attachedFiles, emailTemplate, longDate } from "./template.server";

export type LessonPosted = {
  title: string;
  occurredAt: Date;
  recordingUrl: string | null;
  files?: readonly string[];
};

export const lessonPosted = emailTemplate({
  kind: "lesson-posted",
  audience: "client",
  content: (lesson: LessonPosted, to, { origin }) => ({
    subject: `Lesson posted: ${lesson.title}`,
    summary: `From ${longDate(lesson.occurredAt, to.timeZone)}.`,
    heading: "A lesson was posted",
    paragraphs: [lesson.title, ...attachedFiles(lesson.files ?? [], `${origin}/lessons`)],
    details: [
      ["Date", longDate(lesson.occurredAt, to.timeZone)],
      ...(lesson.recordingUrl ? ([["Recording", lesson.recordingUrl]] as [string, string][]) : []),
    ],
    action: { label: "Open your lessons", url: `${origin}/lessons` },
  }),
  sample: {
    title: "Telling your career story",
    occurredAt: new Date("2030-01-10T15:00:00Z"),
    recordingUrl: "https://example.com/recordings/career-story",
    files: ["story-outline.pdf"],
  },
});
