import { activityForm } from "~/lib/schemas/admin";
import { addActivity } from "~/server/models/activities.server";
import { authorize } from "~/server/policy.server";
import { intent } from "./intent.server";

export const activityIntents = {
  "add-activity": intent({
    form: activityForm,
    handler: (input, { db, viewer, clientId }) =>
      addActivity(db, authorize(viewer, "activity.create"), clientId, input),
  }),
};
