import { z } from "zod";
import { DELIVERIES, EMAIL_KINDS, type EmailKind, isTimeZone } from "~/domain/email";
import { defineForm, text } from "../forms";

// Kinds the person doesn't get are left out; the server keeps their stored choice (docs/decisions/0029-email-outbox.md).

const hour = z.coerce
  .number({ error: "Choose an hour." })
  .int("Choose an hour.")
  .min(0, "Choose an hour.")
  .max(23, "Choose an hour.");

export const emailPreferencesSchema = z.object({
  deliveries: z.partialRecord(
    z.enum(EMAIL_KINDS),
    z.enum(DELIVERIES, { error: "Choose at once, digest or off." }),
  ),
  digestHour: hour,
  /** Staff's form has it; a client's does not, and their stored hour stays. */
  agendaHour: z.optional(hour),
  timeZone: z.string().trim().max(64, "Choose a time zone.").refine(isTimeZone, "Choose a time zone."),
});

export type EmailPreferencesInput = z.output<typeof emailPreferencesSchema>;

export const deliveryField = (kind: EmailKind) => `delivery-${kind}`;

export const emailPreferencesForm = defineForm(emailPreferencesSchema, {
  read: (form) => ({
    deliveries: Object.fromEntries(
      EMAIL_KINDS.filter((kind) => form.has(deliveryField(kind))).map((kind) => [
        kind,
        text(form, deliveryField(kind)),
      ]),
    ),
    digestHour: text(form, "digestHour"),
    agendaHour: form.has("agendaHour") ? text(form, "agendaHour") : undefined,
    timeZone: text(form, "timeZone"),
  }),
});
