import { z } from "zod";
import { resourceSchema } from "~/lib/schemas/admin";
import { addResource, removeResource } from "~/server/models/client-records.server";
import { intent } from "./intent.server";

export const resourceIntents = {
  "add-resource": intent({
    schema: resourceSchema,
    handler: (input, { db, viewer, clientId }) => addResource(db, viewer, clientId, input),
  }),
  "remove-resource": intent({
    schema: z.object({ resourceId: z.uuid({ error: "That resource was not found." }) }),
    handler: ({ resourceId }, { db, viewer, clientId }) => removeResource(db, viewer, clientId, resourceId),
  }),
};
