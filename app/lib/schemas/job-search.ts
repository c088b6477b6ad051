import { isJobSource, isJobStage, JOB_SOURCES, type JobSource, type JobStage } from "~/domain/job-search";
import { defineForm } from "../forms";
import { isCalendarDate } from "./admin";
import { blankAsNull, optionalText, requiredText } from "./text-fields";
import { z } from "./zod";

// The job search's forms (docs/decisions/0053-job-search.md): one definition checks them in the browser and
// in the action (docs/decisions/0024-forms.md); the model checks its input again with the same schema.

/** The table's check holds them too (app/server/schema-job-search.ts). */
export const APPLICATION_LIMITS = {
  company: 120,
  role: 120,
  url: 2000,
  level: 40,
  location: 120,
  notes: 5000,
} as const;

export const JOB_MESSAGES = {
  notFound: "That application was not found.",
  unknownStage: "Choose a stage from the list.",
  unknownSource: "Choose where it came from: applied directly, a referral or a recruiter.",
  company: "Company is required.",
  role: "Role is required.",
  url: "Enter a link that starts with https:// or http://",
  date: "Enter the date as a calendar date (YYYY-MM-DD).",
} as const;

const applicationId = z.uuid({ error: JOB_MESSAGES.notFound });

const stage = z.pipe(
  z.string({ error: JOB_MESSAGES.unknownStage }).check(z.refine(isJobStage, JOB_MESSAGES.unknownStage)),
  z.transform((v: string) => v as JobStage),
);

export const applicationFieldsSchema = z.object({
  company: requiredText({ name: "the company", max: APPLICATION_LIMITS.company }, JOB_MESSAGES.company),
  role: requiredText({ name: "the role", max: APPLICATION_LIMITS.role }, JOB_MESSAGES.role),
  url: optionalText({ name: "the link", max: APPLICATION_LIMITS.url }).check(
    z.refine((v) => v === null || /^https?:\/\/[^\s]+$/i.test(v), JOB_MESSAGES.url),
  ),
  level: optionalText({ name: "the level", max: APPLICATION_LIMITS.level }),
  location: optionalText({ name: "the location", max: APPLICATION_LIMITS.location }),
  remote: z.boolean(),
  source: z.pipe(
    z.string({ error: JOB_MESSAGES.unknownSource }).check(z.refine(isJobSource, JOB_MESSAGES.unknownSource)),
    z.transform((v: string) => v as JobSource),
  ),
  /** Empty: today, in the client's time zone (the server fills it in). */
  appliedOn: blankAsNull(z.nullish(z.string().check(z.trim()))).check(
    z.refine((v) => v === null || isCalendarDate(v), JOB_MESSAGES.date),
  ),
  notes: optionalText({ name: "the notes", max: APPLICATION_LIMITS.notes, multiline: true }),
});

export type ApplicationFields = z.output<typeof applicationFieldsSchema>;
/** What a caller hands the model: the form's shape before it is checked. */
export type ApplicationInput = z.input<typeof applicationFieldsSchema>;

const readFields = (form: FormData) => ({
  company: form.get("company") ?? "",
  role: form.get("role") ?? "",
  url: form.get("url") ?? "",
  level: form.get("level") ?? "",
  location: form.get("location") ?? "",
  // A checkbox sends "on" when ticked and nothing when not.
  remote: form.get("remote") !== null,
  source: form.get("source") ?? JOB_SOURCES[0],
  appliedOn: form.get("appliedOn") ?? "",
  notes: form.get("notes") ?? "",
});

/** A new application starts in `stage` (the add card's, "Saved" or "Applied"). */
export const addApplicationForm = defineForm(z.extend(applicationFieldsSchema, { stage }), {
  read: (form) => ({ ...readFields(form), stage: form.get("stage") ?? "" }),
});

/** An application's page edits the one its URL names. */
export const editApplicationForm = defineForm(applicationFieldsSchema, { read: readFields });

/** A card's "Move to" on the board and the list names its application. */
export const moveApplicationForm = defineForm(z.object({ applicationId, stage }), {
  hidden: ["applicationId"],
});

/** An application's page moves the one its URL names. */
export const stageForm = defineForm(z.object({ stage }));
