import { activitySchema } from "~/lib/schemas/admin";
import { addActivity } from "~/server/models/client-records.server";
import { intent } from "./intent.server";

export const activityIntents = {
  "add-activity": intent({
    schema: activitySchema,
    handler: (input, { db, viewer, clientId }) => addActivity(db, viewer, clientId, input),
  }),
};
