import { z } from "zod";
import { normalizeResourceRows } from "~/domain/links";
import { PLANS, ROLES, SERVICE_KINDS } from "~/domain/plans";
import { RESOURCE_KINDS } from "~/domain/resource-kinds";

// The admin area's forms: one schema each, enforced by the actions (the spec's messages where it
// has them), mirrored by the inputs' own limits in the browser.

export const LIMITS = {
  title: 200,
  notes: 10_000,
  details: 5_000,
  url: 2_048,
  label: 200,
  resourceRows: 20,
  tags: 10,
  tag: 40,
} as const;

/** Optional free text: trimmed, blank → null, bounded. */
const optionalText = (max: number, what: string) =>
  z
    .string()
    .trim()
    .max(max, `${what} is too long (at most ${max.toLocaleString("en-US")} characters).`)
    .nullish()
    .transform((v) => v || null);

const requiredTitle = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(LIMITS.title, `Keep the title under ${LIMITS.title} characters.`);

const httpUrl = z
  .string()
  .trim()
  .max(LIMITS.url, "That link is too long.")
  .regex(/^https?:\/\/\S+$/i, "Enter a link that starts with https://");

/** Label/URL rows from repeated `resourceLabel`/`resourceUrl` fields (SPEC §5 rules applied). */
export const linkRowsSchema = z
  .object({ labels: z.array(z.string()), urls: z.array(z.string()) })
  .transform(({ labels, urls }) =>
    normalizeResourceRows(urls.map((url, i) => ({ url, label: labels[i] ?? "" }))),
  )
  .pipe(
    z
      .array(
        z.object({
          label: z.string().max(LIMITS.label, "A link label is too long."),
          url: z.string().max(LIMITS.url, "A link is too long."),
        }),
      )
      .max(LIMITS.resourceRows, `At most ${LIMITS.resourceRows} links.`),
  );

export const lessonSchema = z.object({
  clientId: z.uuid({ error: "Select a client." }),
  title: requiredTitle("Title is required."),
  notes: optionalText(LIMITS.notes, "The notes are"),
  recordingUrl: optionalText(LIMITS.url, "The recording URL is"),
  /** ISO instant from the browser; empty → now (SPEC §5). */
  occurredAt: z
    .string()
    .trim()
    .nullish()
    .transform((v, ctx) => {
      if (!v) return new Date();
      const date = new Date(v);
      if (Number.isNaN(date.getTime()) || date.getFullYear() < 2000 || date.getFullYear() > 2100) {
        ctx.addIssue({ code: "custom", message: "Enter a valid date and time." });
        return z.NEVER;
      }
      return date;
    }),
  resources: linkRowsSchema,
});

export const activitySchema = z.object({
  title: requiredTitle("Activity title is required."),
  details: optionalText(LIMITS.details, "The details are"),
  link: optionalText(LIMITS.url, "The link is"),
});

export const homeworkAssignSchema = z.object({
  title: requiredTitle("Title is required."),
  dueDate: z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || null)
    .refine(
      (v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))),
      "Enter a valid due date.",
    ),
  description: optionalText(LIMITS.details, "The description is"),
  links: linkRowsSchema,
});

export const homeworkReviewSchema = z.object({
  homeworkId: z.uuid({ error: "That homework was not found." }),
  feedback: optionalText(LIMITS.details, "The feedback is"),
});

export const resourceSchema = z.object({
  kind: z.enum(RESOURCE_KINDS, { error: "Choose a kind." }),
  title: requiredTitle("Title is required."),
  url: httpUrl,
  tags: z
    .string()
    .nullish()
    .transform((v) => [
      ...new Set(
        (v ?? "")
          .split(",")
          .map((t) => t.trim().toLowerCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.string().max(LIMITS.tag, `Keep each tag under ${LIMITS.tag} characters.`))
        .max(LIMITS.tags, `At most ${LIMITS.tags} tags.`),
    ),
});

export const roleSchema = z.enum(ROLES, { error: "Choose lead, client, coach or admin." });
export const planSchema = z.enum(PLANS, { error: "Choose Basic, Pro or Premium." });
export const kindSchema = z.enum(SERVICE_KINDS, { error: "Unknown service kind." });
export const amountSchema = z.union([z.literal(1), z.literal(-1)], { error: "Adjust by +1 or -1." });
export const idSchema = z.uuid({ error: "Not found." });

/** The first message of a failed parse: what the person sees. */
export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Check the form.";
}
