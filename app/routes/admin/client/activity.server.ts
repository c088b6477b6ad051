import { activitySchema } from "~/lib/schemas/admin";
import { addActivity } from "~/server/models/activities.server";
import { authorize } from "~/server/policy.server";
import { intent } from "./intent.server";

export const activityIntents = {
  "add-activity": intent({
    schema: activitySchema,
    handler: (input, { db, viewer, clientId }) =>
      addActivity(db, authorize(viewer, "activity.create"), clientId, input),
  }),
};
