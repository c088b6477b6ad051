import { homeworkAssignSchema, homeworkReviewSchema } from "~/lib/schemas/admin";
import { assignHomework, reviewHomework } from "~/server/models/homework.server";
import { authorize } from "~/server/policy.server";
import { intent } from "./intent.server";

/** The link rows' repeated fields (readForm lets these two repeat). */
export const HOMEWORK_REPEATABLE = ["linkLabel", "linkUrl"] as const;

const values = (form: FormData, name: string) =>
  form.getAll(name).filter((value): value is string => typeof value === "string");

export const homeworkIntents = {
  "assign-homework": intent({
    schema: homeworkAssignSchema,
    read: (form) => ({
      title: form.get("title"),
      dueDate: form.get("dueDate"),
      description: form.get("description"),
      links: { labels: values(form, "linkLabel"), urls: values(form, "linkUrl") },
    }),
    handler: (input, { db, viewer, clientId }) =>
      assignHomework(db, authorize(viewer, "homework.assign"), clientId, input),
  }),
  "review-homework": intent({
    schema: homeworkReviewSchema,
    handler: ({ homeworkId, feedback }, { db, viewer, clientId }) =>
      reviewHomework(db, authorize(viewer, "homework.review"), homeworkId, feedback, clientId),
  }),
};
