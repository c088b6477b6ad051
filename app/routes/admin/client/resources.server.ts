import { removeResourceForm, resourceForm } from "~/lib/schemas/admin";
import { addResource, removeResource } from "~/server/models/resources.server";
import { authorize } from "~/server/policy.server";
import { intent } from "./intent.server";

export const resourceIntents = {
  "add-resource": intent({
    form: resourceForm,
    handler: (input, { db, viewer, clientId }) =>
      addResource(db, authorize(viewer, "resource.manage"), clientId, input),
  }),
  "remove-resource": intent({
    form: removeResourceForm,
    handler: ({ resourceId }, { db, viewer, clientId }) =>
      removeResource(db, authorize(viewer, "resource.manage"), clientId, resourceId),
  }),
};
