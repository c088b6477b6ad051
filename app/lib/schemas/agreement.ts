import { defineForm, text } from "../forms";
import { requiredText } from "./text-fields";
import { z } from "./zod";

// The coaching agreement's forms (docs/decisions/0047-coaching-agreement.md): the admin's new version and
// the gates, the client's acceptance. Limits match the table's checks (agreement_versions, _acceptances).

export const AGREEMENT_BODY_MAX = 50_000;
export const AGREEMENT_NAME_MAX = 200;
export const AGREEMENT_BODY_REQUIRED = "Write the agreement before saving it.";
export const AGREEMENT_NAME_REQUIRED = "Type your full name to accept.";
export const AGREEMENT_TICK_REQUIRED = "Tick the box to say you have read and accept the agreement.";
export const AGREEMENT_NEWER = "A newer version of the agreement was published: read it and accept that one.";
export const AGREEMENT_NO_VERSION = "That version of the agreement does not exist.";

const ticked = (form: FormData, name: string) => text(form, name) === "on";

export const agreementVersionForm = defineForm(
  z.object({
    body: requiredText(
      { name: "the agreement", max: AGREEMENT_BODY_MAX, multiline: true },
      AGREEMENT_BODY_REQUIRED,
    ),
    requiresAcceptance: z.boolean(),
  }),
  {
    read: (form) => ({ body: text(form, "body"), requiresAcceptance: ticked(form, "requiresAcceptance") }),
  },
);

export const onboardingGatesForm = defineForm(
  z.object({ intakeBeforeBooking: z.boolean(), agreementBeforeBooking: z.boolean() }),
  {
    read: (form) => ({
      intakeBeforeBooking: ticked(form, "intakeBeforeBooking"),
      agreementBeforeBooking: ticked(form, "agreementBeforeBooking"),
    }),
  },
);

/** No person id: the acceptance is always the signed-in client's own. */
export const acceptAgreementForm = defineForm(
  z.object({
    version: z.coerce
      .number({ error: AGREEMENT_NO_VERSION })
      .check(
        z.int({ error: AGREEMENT_NO_VERSION }),
        z.positive({ error: AGREEMENT_NO_VERSION }),
        z.maximum(2_147_483_647, { error: AGREEMENT_NO_VERSION }),
      ),
    fullName: requiredText({ name: "your name", max: AGREEMENT_NAME_MAX }, AGREEMENT_NAME_REQUIRED),
    accept: z.literal(true, { error: AGREEMENT_TICK_REQUIRED }),
  }),
  {
    read: (form) => ({
      version: text(form, "version"),
      fullName: text(form, "fullName"),
      accept: ticked(form, "accept"),
    }),
    hidden: ["version"],
  },
);

/** Said on saving a version: what clients are asked, and whether booking waits for it (the gate). */
export function agreementSavedMessage(saved: {
  version: number;
  requiresAcceptance: boolean;
  holdsBooking: boolean;
}) {
  if (!saved.requiresAcceptance) return `Version ${saved.version} saved.`;
  return saved.holdsBooking
    ? `Version ${saved.version} saved: every client accepts it before their next booking.`
    : `Version ${saved.version} saved: clients are asked to accept it; booking doesn't wait for it.`;
}
