import { z } from "zod";
import { checkoutLine } from "~/domain/checkout";
import { defineForm } from "../forms";

// Issue #16: the checkout's forms (docs/decisions/0027-payments.md). What may be bought, in which
// currency and how, is the pricing source's to say (app/domain/checkout.ts); the form only reads it.

/** "Continue to payment": the offer, currency and option the checkout page shows, as hidden fields. */
export const checkoutForm = defineForm(
  z.object({ offer: z.string(), currency: z.string(), option: z.string() }).superRefine((input, context) => {
    const result = checkoutLine(input);
    if ("error" in result) context.addIssue({ code: "custom", message: result.error });
  }),
  { hidden: ["offer", "currency", "option"] },
);

/** The local test checkout's "Pay": the buyer's pending order. */
export const localPaymentForm = defineForm(z.object({ order: z.uuid({ error: "No such order." }) }), {
  hidden: ["order"],
});
