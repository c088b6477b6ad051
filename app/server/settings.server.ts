import * as z from "zod/mini";
import { SETTINGS, type Settings } from "~/content/settings";

const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// URL" });

const requiredText = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message));

const settingsSchema = z.object({
  operator: z.object({
    name: requiredText("must not be blank"),
    email: z.email({ error: "must be an email address" }),
    siteUrl: httpsUrl,
  }),
  coach: z.object({
    name: requiredText("must not be blank"),
    jobTitle: requiredText("must not be blank"),
    credentials: requiredText("must not be blank"),
  }),
  scheduling: z.object({
    link: z.pipe(requiredText("a scheduling embed requires a link"), httpsUrl),
    view: z.record(z.string(), z.string()),
  }),
  bookings: z
    .object({
      eventTypes: z.object({
        session_30m: z.array(requiredText("must not be blank")),
        mock_interview: z.array(requiredText("must not be blank")),
      }),
      schedulerLinks: z.object({ session_30m: httpsUrl, mock_interview: httpsUrl }),
      cancelNoticeHours: z.number().check(z.int(), z.minimum(0), z.maximum(24 * 30)),
      reminderHoursBefore: z.array(z.number().check(z.int(), z.minimum(1), z.maximum(24 * 7))).check(
        z.maxLength(2, "at most two reminders"),
        z.refine((hours) => new Set(hours).size === hours.length, "each reminder at a different time"),
      ),
      /** Only when Cal.com verifies the booker's email (docs/decisions/0036-booking-ownership.md). */
      trustBookerEmail: z.boolean({ error: "must be true or false" }),
    })
    .check(
      z.refine(
        (b) => !b.eventTypes.session_30m.some((t) => b.eventTypes.mock_interview.includes(t)),
        "an event type can count as one kind only",
      ),
    ),
  contactForm: z.object({
    /** Followed when the embed cannot load. */
    pageUrl: httpsUrl,
    embedUrl: httpsUrl,
  }),
  interestForm: z.object({
    pageUrl: httpsUrl,
    embedUrl: httpsUrl,
  }),
  /** An empty list turns analytics off. */
  analytics: z.array(
    z.object({
      name: requiredText("must not be blank"),
      scriptSrc: httpsUrl,
      siteId: requiredText("must not be blank"),
      siteIdAttribute: z.string().check(z.regex(/^data-[a-z0-9-]+$/, "must be a data-* attribute name")),
    }),
  ),
  payments: z.object({
    /** Stripe Tax on checkouts (README, "Taxes (Stripe Tax)"). */
    automaticTax: z.boolean({ error: "must be true or false" }),
  }),
});

export function parseSettings(input: unknown): Settings {
  const result = settingsSchema.safeParse(input);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const where = issue.path.map(String).join(".");
    return where === "" ? issue.message : `${where}: ${issue.message}`;
  });
  throw new Error(`Invalid site settings in app/content/settings.ts: ${problems.join("; ")}`);
}

let checked = false;

/** Checked at start and during pre-rendering, so a bad link fails loudly. */
export function assertValidSettings(settings: Settings = SETTINGS): void {
  if (checked && settings === SETTINGS) return;
  try {
    parseSettings(settings);
  } catch (error) {
    // Pre-rendering reports a failed loader only as a bare "500".
    console.error(error instanceof Error ? error.message : error);
    throw error;
  }
  if (settings === SETTINGS) checked = true;
}
