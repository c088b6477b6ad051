import { adjustForm } from "~/lib/schemas/admin";
import { adjustUsage, usagePermission } from "~/server/models/usage.server";
import { authorize } from "~/server/policy.server";
import { clientIntent } from "./intent.server";

// Quotas and special items are both a usage row of +1 or -1.
export const usageIntents = {
  adjust: clientIntent({
    permission: "usage.adjust",
    form: adjustForm,
    // A special item (Mark done/Undo) asks for its own permission besides the quota one.
    handler: ({ kind, amount }, { db, permit, clientId }) =>
      adjustUsage(db, authorize(permit.actor, usagePermission(kind)), clientId, kind, amount),
  }),
};
