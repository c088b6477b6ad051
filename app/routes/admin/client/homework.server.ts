import { homeworkAssignForm, homeworkReviewForm } from "~/lib/schemas/admin";
import { assignHomework, reviewHomework } from "~/server/models/client-records.server";
import { intent } from "./intent.server";

export const homeworkIntents = {
  "assign-homework": intent({
    form: homeworkAssignForm,
    handler: (input, { db, viewer, clientId }) => assignHomework(db, viewer, clientId, input),
  }),
  "review-homework": intent({
    form: homeworkReviewForm,
    handler: ({ homeworkId, feedback }, { db, viewer, clientId }) =>
      reviewHomework(db, viewer, homeworkId, feedback, clientId),
  }),
};
