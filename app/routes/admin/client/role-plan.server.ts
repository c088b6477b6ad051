import { planForm, roleForm } from "~/lib/schemas/admin";
import { setPlan, setRole } from "~/server/models/people.server";
import { intent } from "./intent.server";

export const rolePlanIntents = {
  "set-role": intent({
    form: roleForm,
    handler: ({ role }, { db, viewer, clientId }) => setRole(db, viewer, clientId, role),
  }),
  "set-plan": intent({
    form: planForm,
    handler: ({ plan }, { db, viewer, clientId }) => setPlan(db, viewer, clientId, plan),
  }),
};
