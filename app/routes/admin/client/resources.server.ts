import { removeResourceForm, resourceForm } from "~/lib/schemas/admin";
import { addResource, removeResource } from "~/server/models/resources.server";
import { clientIntent } from "./intent.server";

export const resourceIntents = {
  "add-resource": clientIntent({
    permission: "resource.manage",
    form: resourceForm,
    handler: (input, { db, permit, clientId }) => addResource(db, permit, clientId, input),
  }),
  "remove-resource": clientIntent({
    permission: "resource.manage",
    form: removeResourceForm,
    handler: ({ resourceId }, { db, permit, clientId }) => removeResource(db, permit, clientId, resourceId),
  }),
};
