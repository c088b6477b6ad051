import { homeworkAssignForm, homeworkReviewForm } from "~/lib/schemas/admin";
import { assignHomework, reviewHomework } from "~/server/models/homework.server";
import { clientIntent } from "./intent.server";

export const homeworkIntents = {
  "assign-homework": clientIntent({
    permission: "homework.assign",
    form: homeworkAssignForm,
    handler: (input, { db, permit, clientId }) => assignHomework(db, permit, clientId, input),
  }),
  "review-homework": clientIntent({
    permission: "homework.review",
    form: homeworkReviewForm,
    handler: ({ homeworkId, feedback }, { db, permit, clientId }) =>
      reviewHomework(db, permit, homeworkId, feedback, clientId),
  }),
};
