import { removeResourceForm, resourceForm } from "~/lib/schemas/admin";
import { addResource, removeResource } from "~/server/models/client-records.server";
import { intent } from "./intent.server";

export const resourceIntents = {
  "add-resource": intent({
    form: resourceForm,
    handler: (input, { db, viewer, clientId }) => addResource(db, viewer, clientId, input),
  }),
  "remove-resource": intent({
    form: removeResourceForm,
    handler: ({ resourceId }, { db, viewer, clientId }) => removeResource(db, viewer, clientId, resourceId),
  }),
};
