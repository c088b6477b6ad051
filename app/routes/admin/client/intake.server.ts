import { noFields } from "~/lib/forms";
import { askIntakeAgain } from "~/server/models/intake.server";
import { clientIntent } from "./intent.server";

// docs/decisions/0046-intake-questionnaire.md: a new open request, refused while one is waiting.
export const intakeIntents = {
  "ask-intake": clientIntent({
    permission: "intake.manage",
    form: noFields,
    handler: (_input, { db, permit, clientId }) => askIntakeAgain(db, permit, clientId),
  }),
};
