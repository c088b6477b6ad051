import { CODE_SETTINGS } from "~/content/pricing";
import { DISCOUNT_PERCENT_MAX, DISCOUNT_PERCENT_MIN } from "~/domain/checkout";
import { codeDisplay } from "~/domain/codes";
import { OFFER_KEYS } from "~/domain/prices";
import { defineForm, text, values } from "../forms";
import { endOfDayIn, SERVER_TIME_ZONE } from "../local-time";
import { refuse, z } from "./zod";

// The admin's sponsor codes and cash rewards (docs/decisions/0044-discount-codes.md).

const optionalWhole = (message: string) =>
  z.pipe(
    z.string().check(z.trim()),
    z.transform((v: string, payload) => {
      if (v === "") return null;
      const n = Number(v);
      return Number.isInteger(n) && n >= 1 ? n : refuse(payload, message);
    }),
  );

export const sponsorCodeForm = defineForm(
  z.object({
    code: z.string().check(
      z.trim(),
      z.refine((v) => codeDisplay(v) !== null, { error: "A code has 4 to 32 letters or digits." }),
    ),
    percent: z._default(
      z.coerce
        .number({ error: "The discount is a whole percent." })
        .check(
          z.int({ error: "The discount is a whole percent." }),
          z.minimum(DISCOUNT_PERCENT_MIN, { error: "The discount is a whole percent from 1 to 99." }),
          z.maximum(DISCOUNT_PERCENT_MAX, { error: "The discount is a whole percent from 1 to 99." }),
        ),
      CODE_SETTINGS.sponsorDefaultPercent,
    ),
    offers: z.array(z.enum(OFFER_KEYS)),
    maxUses: optionalWhole("Uses is a whole number above zero, or empty for no limit."),
    // A day; it ends at midnight on the coach's clock (SERVER_TIME_ZONE), as the admin's page shows it back.
    expires: z.pipe(
      z.string().check(
        z.trim(),
        z.refine(
          (v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T12:00:00Z`))),
          { error: "Choose a date, or leave it empty." },
        ),
      ),
      z.transform((v: string) => (v === "" ? null : endOfDayIn(v, SERVER_TIME_ZONE))),
    ),
    note: z.string().check(z.trim(), z.maxLength(500)),
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
    amount: z.coerce.number().check(z.int(), z.positive()),
    note: z.string().check(z.trim(), z.maxLength(500)),
  }),
  { hidden: ["referrerId", "currency", "amount"] },
);
