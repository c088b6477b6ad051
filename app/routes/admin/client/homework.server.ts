import { homeworkAssignForm, homeworkReviewForm } from "~/lib/schemas/admin";
import { assignHomework, reviewHomework } from "~/server/models/homework.server";
import { authorize } from "~/server/policy.server";
import { intent } from "./intent.server";

export const homeworkIntents = {
  "assign-homework": intent({
    form: homeworkAssignForm,
    handler: (input, { db, viewer, clientId }) =>
      assignHomework(db, authorize(viewer, "homework.assign"), clientId, input),
  }),
  "review-homework": intent({
    form: homeworkReviewForm,
    handler: ({ homeworkId, feedback }, { db, viewer, clientId }) =>
      reviewHomework(db, authorize(viewer, "homework.review"), homeworkId, feedback, clientId),
  }),
};
