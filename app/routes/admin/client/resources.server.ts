import { z } from "zod";
import { resourceSchema } from "~/lib/schemas/admin";
import { addResource, removeResource } from "~/server/models/resources.server";
import { authorize } from "~/server/policy.server";
import { intent } from "./intent.server";

export const resourceIntents = {
  "add-resource": intent({
    schema: resourceSchema,
    handler: (input, { db, viewer, clientId }) =>
      addResource(db, authorize(viewer, "resource.manage"), clientId, input),
  }),
  "remove-resource": intent({
    schema: z.object({ resourceId: z.uuid({ error: "That resource was not found." }) }),
    handler: ({ resourceId }, { db, viewer, clientId }) =>
      removeResource(db, authorize(viewer, "resource.manage"), clientId, resourceId),
  }),
};
