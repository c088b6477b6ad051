import { activityForm } from "~/lib/schemas/admin";
import { addActivity } from "~/server/models/activities.server";
import { clientIntent } from "./intent.server";

export const activityIntents = {
  "add-activity": clientIntent({
    permission: "activity.create",
    form: activityForm,
    handler: (input, { db, permit, clientId }) => addActivity(db, permit, clientId, input),
  }),
};
