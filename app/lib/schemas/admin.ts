import { normalizeResourceRows } from "~/domain/links";
import { PLANS, ROLES, SERVICE_KINDS } from "~/domain/plans";
import { RESOURCE_KINDS } from "~/domain/resource-kinds";
import { defineForm, text, values } from "../forms";
import {
  blankAsNull,
  boundedText,
  controlMessage,
  hasControlCharacters,
  optionalText,
  requiredText,
} from "./text-fields";
import { refuse, z } from "./zod";

// The admin area's forms, one schema each; every field has a limit (the table is in docs/SECURITY.md,
// "Input: limits on every field, hostile input").

export const LIMITS = {
  title: 200,
  notes: 10_000,
  details: 5_000,
  url: 2_048,
  label: 200,
  resourceRows: 20,
  tags: 10,
  tag: 40,
  /** Ten tags of 40 characters with their separators. */
  tagsText: 10 * (40 + 2),
  dateTime: 64,
  email: 254,
} as const;

/** Anything else is a typo, or a value PostgreSQL refuses. */
const YEARS = { min: 2000, max: 2100 } as const;

const title = (required: string) => requiredText({ name: "the title", max: LIMITS.title }, required);

const httpUrl = boundedText({ name: "the link", max: LIMITS.url }).check(
  z.regex(/^https?:\/\/\S+$/i, "Enter a link that starts with https://"),
);

const LINK_LABEL = { name: "link labels", max: LIMITS.label };
const LINK_URL = { name: "links", max: LIMITS.url };
const TOO_MANY_LINKS = `At most ${LIMITS.resourceRows} links.`;

/**
 * At most 20 rows as sent, then docs/product/validation.md's rules. No scheme check: SafeLink shows
 * anything but http(s)/mailto as plain text.
 */
const linkRows = z.object({
  labels: z.array(boundedText(LINK_LABEL)).check(z.maxLength(LIMITS.resourceRows, TOO_MANY_LINKS)),
  urls: z.array(boundedText(LINK_URL)).check(z.maxLength(LIMITS.resourceRows, TOO_MANY_LINKS)),
});

export const linkRowsSchema = z.pipe(
  linkRows,
  z.transform(({ labels, urls }: z.output<typeof linkRows>) =>
    normalizeResourceRows(urls.map((url, i) => ({ url, label: labels[i] ?? "" }))),
  ),
);

/** Empty → now (docs/product/validation.md). */
const occurredAt = z.pipe(
  z.nullish(z.string().check(z.trim(), z.maxLength(LIMITS.dateTime, "Enter a valid date and time."))),
  z.transform((v: string | null | undefined, payload) => {
    if (!v) return new Date();
    const date = new Date(v);
    const year = date.getFullYear();
    if (Number.isNaN(date.getTime()) || year < YEARS.min || year > YEARS.max)
      return refuse(payload, "Enter a valid date and time.");
    return date;
  }),
);

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  const year = date.getUTCFullYear();
  return year >= YEARS.min && year <= YEARS.max;
}

export const lessonSchema = z.object({
  clientId: z.uuid({ error: "Select a client." }),
  title: title("Title is required."),
  notes: optionalText({ name: "the notes", max: LIMITS.notes, multiline: true }),
  recordingUrl: optionalText({ name: "the recording URL", max: LIMITS.url }),
  occurredAt,
  resources: linkRowsSchema,
});

export const activitySchema = z.object({
  title: title("Activity title is required."),
  details: optionalText({ name: "the details", max: LIMITS.details, multiline: true }),
  // docs/product/validation.md: no URL format check; an unsafe scheme is shown as text.
  link: optionalText({ name: "the link", max: LIMITS.url }),
});

export const homeworkAssignSchema = z.object({
  title: title("Title is required."),
  dueDate: blankAsNull(z.nullish(z.string().check(z.trim()))).check(
    z.refine((v) => v === null || isCalendarDate(v), "Enter a valid due date."),
  ),
  description: optionalText({ name: "the description", max: LIMITS.details, multiline: true }),
  links: linkRowsSchema,
});

export const homeworkReviewSchema = z.object({
  homeworkId: z.uuid({ error: "That homework was not found." }),
  feedback: optionalText({ name: "the feedback", max: LIMITS.details, multiline: true }),
});

const TAGS = { name: "the tags", max: LIMITS.tagsText };
const TAGS_RULE = `At most ${LIMITS.tags} tags, each under ${LIMITS.tag} characters.`;

export const resourceSchema = z.object({
  kind: z.enum(RESOURCE_KINDS, { error: "Choose a kind." }),
  title: title("Title is required."),
  url: httpUrl,
  tags: z.pipe(
    z.pipe(
      z.nullish(
        z.string().check(
          z.maxLength(TAGS.max, TAGS_RULE),
          z.refine((v) => !hasControlCharacters(v), controlMessage(TAGS)),
        ),
      ),
      z.transform((v: string | null | undefined) => [
        ...new Set(
          (v ?? "")
            .split(",")
            .map((t) => t.trim().toLowerCase())
            .filter(Boolean),
        ),
      ]),
    ),
    z
      .array(z.string().check(z.maxLength(LIMITS.tag, `Keep each tag under ${LIMITS.tag} characters.`)))
      .check(z.maxLength(LIMITS.tags, `At most ${LIMITS.tags} tags.`)),
  ),
});

export const roleSchema = z.enum(ROLES, { error: "Choose lead, client, coach or admin." });
export const planSchema = z.enum(PLANS, { error: "Choose Basic, Pro or Premium." });
export const kindSchema = z.enum(SERVICE_KINDS, { error: "Unknown service kind." });
export const amountSchema = z.pipe(
  z.enum(["1", "-1"], { error: "Adjust by +1 or -1." }),
  z.transform((v: "1" | "-1") => (v === "1" ? 1 : -1) as 1 | -1),
);
export const idSchema = z.uuid({ error: "Not found." });

export const DELETE_MISMATCH = "The email you typed doesn't match this person's.";
export const confirmEmailSchema = z.pipe(
  z.string({ error: DELETE_MISMATCH }).check(z.trim(), z.maxLength(LIMITS.email, DELETE_MISMATCH)),
  z.transform((v: string) => v.toLowerCase()),
);

export const LESSON_LINK_FIELDS = ["resourceLabel", "resourceUrl"] as const;

export const lessonForm = defineForm(lessonSchema, {
  read: (form) => ({
    clientId: text(form, "clientId"),
    title: text(form, "title"),
    notes: text(form, "notes"),
    recordingUrl: text(form, "recordingUrl"),
    // Without JavaScript only the local value exists, read in the server's time zone.
    occurredAt:
      form.get("clientClock") === "1"
        ? text(form, "occurredAt")
        : text(form, "occurredAtLocal") || text(form, "occurredAt"),
    resources: { labels: values(form, "resourceLabel"), urls: values(form, "resourceUrl") },
  }),
  repeatable: LESSON_LINK_FIELDS,
});

export const HOMEWORK_LINK_FIELDS = ["linkLabel", "linkUrl"] as const;

export const activityForm = defineForm(activitySchema);
export const homeworkAssignForm = defineForm(homeworkAssignSchema, {
  read: (form) => ({
    title: form.get("title"),
    dueDate: form.get("dueDate"),
    description: form.get("description"),
    links: { labels: values(form, "linkLabel"), urls: values(form, "linkUrl") },
  }),
  repeatable: HOMEWORK_LINK_FIELDS,
});
export const homeworkReviewForm = defineForm(homeworkReviewSchema, { hidden: ["homeworkId"] });
export const resourceForm = defineForm(resourceSchema);
export const removeResourceForm = defineForm(
  z.object({ resourceId: z.uuid({ error: "That resource was not found." }) }),
  { hidden: ["resourceId"] },
);
export const roleForm = defineForm(z.object({ role: roleSchema }));
export const planForm = defineForm(z.object({ plan: planSchema }));
export const adjustForm = defineForm(z.object({ kind: kindSchema, amount: amountSchema }), {
  hidden: ["kind", "amount"],
});
/** Compared on the server only, so the browser lets any value through. */
export const deletePersonForm = defineForm(
  z.object({ confirmEmail: z.catch(z.nullable(confirmEmailSchema), null) }),
);
export const convertForm = defineForm(z.object({ id: z.uuid({ error: "That person was not found." }) }), {
  hidden: ["id"],
});
