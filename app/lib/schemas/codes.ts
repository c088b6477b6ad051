import { z } from "zod";
import { CODE_SETTINGS } from "~/content/pricing";
import { DISCOUNT_PERCENT_MAX, DISCOUNT_PERCENT_MIN } from "~/domain/checkout";
import { codeDisplay } from "~/domain/codes";
import { OFFER_KEYS } from "~/domain/prices";
import { defineForm, text, values } from "../forms";
import { endOfDayIn, SERVER_TIME_ZONE } from "../local-time";

// The admin's sponsor codes and cash rewards (docs/decisions/0044-discount-codes.md).

const optionalWhole = (message: string) =>
  z
    .string()
    .trim()
    .transform((v, context) => {
      if (v === "") return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1) {
        context.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return n;
    });

export const sponsorCodeForm = defineForm(
  z.object({
    code: z
      .string()
      .trim()
      .refine((v) => codeDisplay(v) !== null, { error: "A code has 4 to 32 letters or digits." }),
    percent: z.coerce
      .number({ error: "The discount is a whole percent." })
      .int({ error: "The discount is a whole percent." })
      .min(DISCOUNT_PERCENT_MIN, { error: "The discount is a whole percent from 1 to 99." })
      .max(DISCOUNT_PERCENT_MAX, { error: "The discount is a whole percent from 1 to 99." })
      .default(CODE_SETTINGS.sponsorDefaultPercent),
    offers: z.array(z.enum(OFFER_KEYS)),
    maxUses: optionalWhole("Uses is a whole number above zero, or empty for no limit."),
    // A day; it ends at midnight on the coach's clock (SERVER_TIME_ZONE), as the admin's page shows it back.
    expires: z
      .string()
      .trim()
      .refine(
        (v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`))),
        {
          error: "Choose a date, or leave it empty.",
        },
      )
      .transform((v) => (v === "" ? null : endOfDayIn(v, SERVER_TIME_ZONE))),
    note: z.string().trim().max(500),
  }),
  {
    read: (form) => ({
      code: text(form, "code"),
      percent: text(form, "percent"),
      offers: values(form, "offers"),
      maxUses: text(form, "maxUses"),
      expires: text(form, "expires"),
      note: text(form, "note"),
    }),
  },
);

export const voidCodeForm = defineForm(z.object({ id: z.uuid({ error: "No such code." }) }), {
  hidden: ["id"],
});

export const markPaidForm = defineForm(
  z.object({
    referrerId: z.uuid({ error: "No such person." }),
    currency: z.enum(["CAD", "USD"]),
    amount: z.coerce.number().int().positive(),
    note: z.string().trim().max(500),
  }),
  { hidden: ["referrerId", "currency", "amount"] },
);
