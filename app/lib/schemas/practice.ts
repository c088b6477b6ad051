import { EXPIRY_MONTHS } from "~/domain/practice";
import { defineForm, text } from "../forms";
import { z } from "./zod";

// The practice's settings (docs/decisions/0055-no-shows-and-expiry.md), one definition for the browser and
// the action (docs/decisions/0024-forms.md); the table's check (practice_settings_expiry_range) holds the
// same range.

export const EXPIRY_MONTHS_MESSAGE = `Enter a whole number of months from ${EXPIRY_MONTHS.min} to ${EXPIRY_MONTHS.max}, or leave it empty for never.`;

const inRange = (months: number) => months >= EXPIRY_MONTHS.min && months <= EXPIRY_MONTHS.max;

export const practiceSettingsForm = defineForm(
  z.object({
    noShowCountsAsUsed: z.boolean(),
    // Empty: sessions never expire (null in the table).
    expiryMonths: z.pipe(
      z.pipe(
        z.string().check(z.trim(), z.regex(/^(\d{1,2})?$/, EXPIRY_MONTHS_MESSAGE)),
        z.transform((value) => (value === "" ? null : Number(value))),
      ),
      z.nullable(z.number().check(z.refine(inRange, EXPIRY_MONTHS_MESSAGE))),
    ),
  }),
  {
    read: (form) => ({
      noShowCountsAsUsed: text(form, "noShowCountsAsUsed") === "on",
      expiryMonths: text(form, "expiryMonths"),
    }),
  },
);

export const PRACTICE_SAVED = "Practice settings saved.";
