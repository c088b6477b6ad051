import { adjustForm } from "~/lib/schemas/admin";
import { adjustUsage, usagePermission } from "~/server/models/usage.server";
import { authorize } from "~/server/policy.server";
import { intent } from "./intent.server";

// Quotas and special items are both a usage row of +1 or -1.
export const usageIntents = {
  adjust: intent({
    form: adjustForm,
    handler: ({ kind, amount }, { db, viewer, clientId }) =>
      adjustUsage(db, authorize(viewer, usagePermission(kind)), clientId, kind, amount),
  }),
};
