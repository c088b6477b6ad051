import { checkoutLine } from "~/domain/checkout";
import { defineForm } from "../forms";
import { z } from "./zod";

// What may be bought is the pricing source's to say (app/domain/checkout.ts); the form only reads it.

export const checkoutForm = defineForm(
  z
    .object({
      offer: z.string(),
      currency: z.string(),
      option: z.string(),
      // A code is checked on the server (app/server/models/codes.server.ts); here only its length.
      ref: z.optional(z.string().check(z.maxLength(64))),
      code: z.optional(z.string().check(z.maxLength(64))),
    })
    .check(
      z.superRefine((input, context) => {
        const result = checkoutLine(input);
        if ("error" in result) context.addIssue({ code: "custom", message: result.error });
      }),
    ),
  { hidden: ["offer", "currency", "option", "ref", "code"] },
);

export const localPaymentForm = defineForm(z.object({ order: z.uuid({ error: "No such order." }) }), {
  hidden: ["order"],
});

export const rewardChoiceForm = defineForm(
  z.object({ reward: z.enum(["cash", "discount"], { error: "Choose cash or a discount." }) }),
);
