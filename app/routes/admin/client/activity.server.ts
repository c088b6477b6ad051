import { activityForm } from "~/lib/schemas/admin";
import { addActivity } from "~/server/models/client-records.server";
import { intent } from "./intent.server";

export const activityIntents = {
  "add-activity": intent({
    form: activityForm,
    handler: (input, { db, viewer, clientId }) => addActivity(db, viewer, clientId, input),
  }),
};
