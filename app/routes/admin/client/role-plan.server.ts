import { planForm, roleForm } from "~/lib/schemas/admin";
import { setPlan, setRole } from "~/server/models/people.server";
import { clientIntent } from "./intent.server";

export const rolePlanIntents = {
  "set-role": clientIntent({
    permission: "profile.set-role",
    form: roleForm,
    handler: ({ role }, { db, permit, clientId }) => setRole(db, permit, clientId, role),
  }),
  "set-plan": clientIntent({
    permission: "profile.set-plan",
    form: planForm,
    handler: ({ plan }, { db, permit, clientId }) => setPlan(db, permit, clientId, plan),
  }),
};
