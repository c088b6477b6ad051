import { DELIVERIES, EMAIL_KINDS, type EmailKind, isTimeZone } from "~/domain/email";
import { defineForm, text } from "../forms";
import { z } from "./zod";

// Kinds the person doesn't get are left out; the server keeps their stored choice (docs/decisions/0029-email-outbox.md).

const hour = z.coerce
  .number({ error: "Choose an hour." })
  .check(z.int("Choose an hour."), z.minimum(0, "Choose an hour."), z.maximum(23, "Choose an hour."));

export const emailPreferencesSchema = z.object({
  deliveries: z.partialRecord(
    z.enum(EMAIL_KINDS),
    z.enum(DELIVERIES, { error: "Choose at once, digest or off." }),
  ),
  digestHour: hour,
  /** Staff's form has it; a client's does not, and their stored hour stays. */
  agendaHour: z.optional(hour),
  timeZone: z
    .string()
    .check(z.trim(), z.maxLength(64, "Choose a time zone."), z.refine(isTimeZone, "Choose a time zone.")),
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
