import { type Currency, parseCurrency } from "~/domain/financing";
import { type InterviewKind, isInterviewKind, OFFER_AMOUNT_CEILING } from "~/domain/job-offers";
import { defineForm } from "../forms";
import { isCalendarDate } from "./admin";
import { blankAsNull, optionalText } from "./text-fields";
import { refuse, z } from "./zod";

// Interviews, offers and the client's current pay (phase 2 of docs/decisions/0053-job-search.md): checked
// in the browser, in the action and again in the model with the same schema; the tables' checks hold the
// same limits (app/server/schema-job-search.ts).

export const OFFER_LIMITS = { level: 40, location: 120, notes: 5000, interviewNotes: 2000 } as const;

export const OFFER_MESSAGES = {
  interviewNotFound: "That interview was not found.",
  offerNotFound: "That offer was not found.",
  kind: "Choose the kind of interview from the list.",
  when: "Enter the interview's date and time.",
  currency: "Choose CAD or USD.",
  base: "Enter the base salary.",
  deadline: "Enter the deadline as a calendar date (YYYY-MM-DD).",
  alreadyAccepted: "You have already accepted an offer: one accepted offer ends a search.",
  noOutcome: "You have no accepted offer to count.",
} as const;

const ceilingText = OFFER_AMOUNT_CEILING.toLocaleString("en-US");

/**
 * Whole dollars, digits with optional thousands commas or spaces. Negative and absurd amounts are refused
 * with their own message; blank is 0 unless the amount is required (the base).
 */
function amount<B extends 0 | null = 0>(name: string, required: string | null, blank: B = 0 as B) {
  return z.pipe(
    z.union([z.string(), z.number(), z.null()]),
    z.transform((value: string | number | null, payload): number | B => {
      const text = String(value ?? "")
        .trim()
        .replace(/[,\s]/g, "");
      if (text === "") return required ? refuse(payload, required) : blank;
      if (/^[-−]/.test(text)) return refuse(payload, `${name} can't be negative.`);
      if (!/^\d+$/.test(text))
        return refuse(payload, `Enter ${name.toLowerCase()} in whole dollars, digits only.`);
      const n = Number(text);
      if (n > OFFER_AMOUNT_CEILING)
        return refuse(payload, `${name} can be at most ${ceilingText}: check the figure.`);
      return n;
    }),
  );
}

const currency = z.pipe(
  z
    .string({ error: OFFER_MESSAGES.currency })
    .check(z.refine((v) => parseCurrency(v) !== null, OFFER_MESSAGES.currency)),
  z.transform((v: string) => v as Currency),
);

const uuid = (message: string) => z.uuid({ error: message });

export const interviewFieldsSchema = z.object({
  kind: z.pipe(
    z.string({ error: OFFER_MESSAGES.kind }).check(z.refine(isInterviewKind, OFFER_MESSAGES.kind)),
    z.transform((v: string) => v as InterviewKind),
  ),
  /** A `datetime-local` value, read on the client's clock (their time zone in /account). */
  startsAt: z.string({ error: OFFER_MESSAGES.when }).check(
    z.trim(),
    z.refine(
      (v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) && isCalendarDate(v.slice(0, 10)),
      OFFER_MESSAGES.when,
    ),
    z.refine((v) => Number(v.slice(11, 13)) < 24 && Number(v.slice(14, 16)) < 60, OFFER_MESSAGES.when),
  ),
  notes: optionalText({ name: "the notes", max: OFFER_LIMITS.interviewNotes, multiline: true }),
});
export type InterviewInput = z.input<typeof interviewFieldsSchema>;

export const addInterviewForm = defineForm(interviewFieldsSchema);
export const editInterviewForm = defineForm(
  z.extend(interviewFieldsSchema, { interviewId: uuid(OFFER_MESSAGES.interviewNotFound) }),
  { hidden: ["interviewId"] },
);
export const interviewIdForm = defineForm(z.object({ interviewId: uuid(OFFER_MESSAGES.interviewNotFound) }), {
  hidden: ["interviewId"],
});

export const offerFieldsSchema = z.object({
  currency,
  base: amount("The base salary", OFFER_MESSAGES.base),
  bonus: amount("The bonus", null),
  equityPerYear: amount("The equity per year", null),
  signOn: amount("The sign-on bonus", null),
  level: optionalText({ name: "the level", max: OFFER_LIMITS.level }),
  location: optionalText({ name: "the location", max: OFFER_LIMITS.location }),
  deadline: blankAsNull(z.nullish(z.string().check(z.trim()))).check(
    z.refine((v) => v === null || isCalendarDate(v), OFFER_MESSAGES.deadline),
  ),
  notes: optionalText({ name: "the negotiation notes", max: OFFER_LIMITS.notes, multiline: true }),
});
export type OfferInput = z.input<typeof offerFieldsSchema>;

/** An application holds one offer: saving it again revises it. */
export const offerForm = defineForm(offerFieldsSchema);

/** The client's current pay, for the pay change an accepted offer records; a blank base clears it. */
export const currentPaySchema = z.object({
  base: amount("Your current base salary", null, null),
  currency,
});
export type CurrentPayInput = z.input<typeof currentPaySchema>;
export const currentPayForm = defineForm(currentPaySchema);

/** Whether the outcome may count, without a name, in the public figures (unticked sends nothing). */
const consent = z.boolean();
const readConsent = (form: FormData) => form.get("consent") !== null;
export const OUTCOME_CONSENT_LABEL = "Count my outcome, without my name, in the figures on the public site";

export const acceptOfferForm = defineForm(
  z.object({ offerId: uuid(OFFER_MESSAGES.offerNotFound), consent }),
  {
    hidden: ["offerId"],
    read: (form) => ({ offerId: form.get("offerId") ?? "", consent: readConsent(form) }),
  },
);

/** /account: given or taken back at any time (docs/decisions/0053-job-search.md, "Outcomes"). */
export const outcomeConsentForm = defineForm(z.object({ consent }), {
  read: (form) => ({ consent: readConsent(form) }),
});
