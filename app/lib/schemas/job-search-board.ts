import { STALLED_AFTER_DAYS } from "~/domain/job-search-board";
import { defineForm } from "../forms";
import { z } from "./zod";

// The coach's board setting (docs/decisions/0053-job-search.md, "The coach's board"), one definition for the
// browser and the action (docs/decisions/0024-forms.md); the table's check holds the same range.

export const STALLED_DAYS_MESSAGE = `Enter a whole number of days from ${STALLED_AFTER_DAYS.min} to ${STALLED_AFTER_DAYS.max}.`;

export const stalledDaysForm = defineForm(
  z.object({
    stalledAfterDays: z.pipe(
      z.pipe(z.string().check(z.trim(), z.regex(/^\d{1,3}$/, STALLED_DAYS_MESSAGE)), z.transform(Number)),
      z
        .number()
        .check(
          z.refine(
            (days) => days >= STALLED_AFTER_DAYS.min && days <= STALLED_AFTER_DAYS.max,
            STALLED_DAYS_MESSAGE,
          ),
        ),
    ),
  }),
);

export const stalledDaysSaved = (days: number) =>
  `Searches quiet for ${days} ${days === 1 ? "day" : "days"} are now flagged stalled.`;
