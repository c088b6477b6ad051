import { redirect } from "react-router";
import { DELETE_MISMATCH, deletePersonForm } from "~/lib/schemas/admin";
import { getFileStore } from "~/server/files/app-store.server";
import { deletePerson } from "~/server/models/data-rights.server";
import { getPerson } from "~/server/models/people.server";
import { authorize } from "~/server/policy.server";
import { refuse } from "~/server/refusal.server";
import { clientIntent } from "./intent.server";

// docs/decisions/0016-data-rights.md. The typed email is compared after the permission check, so
// someone without the right learns only that (403).
export const deletePersonIntents = {
  "delete-person": clientIntent({
    permission: "profile.delete",
    form: deletePersonForm,
    handler: async ({ confirmEmail }, { db, permit, clientId }) => {
      const person = await getPerson(db, authorize(permit.actor, "client.read"), clientId);
      if (confirmEmail === null || confirmEmail !== person.email.toLowerCase()) {
        refuse(DELETE_MISMATCH, 400);
      }
      await deletePerson(db, permit, clientId, getFileStore());
      throw redirect("/admin/clients");
    },
    fallback: "Failed to delete.",
  }),
};
