import { redirect, data as refusal } from "react-router";
import { DELETE_MISMATCH, deletePersonForm } from "~/lib/schemas/admin";
import { deletePerson } from "~/server/models/data-rights.server";
import { getPerson } from "~/server/models/people.server";
import { authorize } from "~/server/policy.server";
import { intent } from "./intent.server";

// docs/decisions/0016-data-rights.md. The typed email is compared after the permission check, so
// someone without the right learns only that (403).
export const deletePersonIntents = {
  "delete-person": intent({
    form: deletePersonForm,
    handler: async ({ confirmEmail }, { db, viewer, clientId }) => {
      const permit = authorize(viewer, "profile.delete");
      const person = await getPerson(db, authorize(viewer, "client.read"), clientId);
      if (confirmEmail === null || confirmEmail !== person.email.toLowerCase()) {
        throw refusal({ error: DELETE_MISMATCH }, { status: 400 });
      }
      await deletePerson(db, permit, clientId);
      throw redirect("/admin/clients");
    },
    fallback: "Failed to delete.",
  }),
};
