import * as z from "zod/mini";
import { SETTINGS, type Settings } from "~/content/settings";

const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// URL" });

const requiredText = (message: string) =>
  z.string({ error: message }).check(z.trim(), z.minLength(1, message));

const settingsSchema = z.object({
  operator: z.object({
    /** The person or business responsible for the site and its data (named on /privacy). */
    name: requiredText("must not be blank"),
    /** Where privacy, deletion and access requests go. */
    email: z.email({ error: "must be an email address" }),
    /** The public address of the site, as the privacy policy names it. */
    siteUrl: httpsUrl,
  }),
  coach: z.object({
    name: requiredText("must not be blank"),
    jobTitle: requiredText("must not be blank"),
    /** One line under the name on the home page's coach card. */
    credentials: requiredText("must not be blank"),
  }),
  scheduling: z.object({
    /** The intro-call booking page. SPEC §5: a scheduling embed requires a link. */
    link: z.pipe(requiredText("SPEC §5: a scheduling embed requires a link"), httpsUrl),
    /** Query parameters the provider reads for the calendar's look: month view, dark theme. */
    view: z.record(z.string(), z.string()),
  }),
  /** Which Cal.com event types count against a plan (docs/decisions/0028-bookings.md). */
  bookings: z
    .object({
      eventTypes: z.object({
        session_30m: z.array(requiredText("must not be blank")),
        mock_interview: z.array(requiredText("must not be blank")),
      }),
      schedulerLinks: z.object({ session_30m: httpsUrl, mock_interview: httpsUrl }),
      cancelNoticeHours: z.number().check(z.int(), z.minimum(0), z.maximum(24 * 30)),
      /** On only when Cal.com verifies the booker's email (docs/decisions/0036-booking-ownership.md). */
      trustBookerEmail: z.boolean({ error: "must be true or false" }),
    })
    .check(
      z.refine(
        (b) => !b.eventTypes.session_30m.some((t) => b.eventTypes.mock_interview.includes(t)),
        "an event type can count as one kind only",
      ),
    ),
  contactForm: z.object({
    /** The form's own page: the link people follow when the embed cannot load. */
    pageUrl: httpsUrl,
    /** The address the provider gives for embedding the same form in an iframe. */
    embedUrl: httpsUrl,
  }),
  interestForm: z.object({
    pageUrl: httpsUrl,
    embedUrl: httpsUrl,
  }),
  /** The page-view analytics tools; an empty list turns analytics off. */
  analytics: z.array(
    z.object({
      /** Named on /privacy. */
      name: requiredText("must not be blank"),
      scriptSrc: httpsUrl,
      siteId: requiredText("must not be blank"),
      /** The attribute the provider reads the site id from (data-website-id, data-domain…). */
      siteIdAttribute: z.string().check(z.regex(/^data-[a-z0-9-]+$/, "must be a data-* attribute name")),
    }),
  ),
});

/** Parses settings, or throws one Error naming every wrong field. */
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

/**
 * Checks app/content/settings.ts once per process: at server start and during pre-rendering (the root
 * loader calls it), so a blank scheduling link or a malformed URL fails loudly (SPEC §5).
 */
export function assertValidSettings(settings: Settings = SETTINGS): void {
  if (checked && settings === SETTINGS) return;
  try {
    parseSettings(settings);
  } catch (error) {
    // Pre-rendering reports a failed loader only as a bare "500": print the reason too.
    console.error(error instanceof Error ? error.message : error);
    throw error;
  }
  if (settings === SETTINGS) checked = true;
}
