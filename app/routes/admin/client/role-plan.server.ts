import { planForm, roleForm } from "~/lib/schemas/admin";
import { setPlan, setRole } from "~/server/models/people.server";
import { authorize } from "~/server/policy.server";
import { intent } from "./intent.server";

export const rolePlanIntents = {
  "set-role": intent({
    form: roleForm,
    handler: ({ role }, { db, viewer, clientId }) =>
      setRole(db, authorize(viewer, "profile.set-role"), clientId, role),
  }),
  "set-plan": intent({
    form: planForm,
    handler: ({ plan }, { db, viewer, clientId }) =>
      setPlan(db, authorize(viewer, "profile.set-plan"), clientId, plan),
  }),
};
