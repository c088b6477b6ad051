import * as z from "zod/mini";

// What the coach sets once: who runs the site, where the booking and form embeds point, and analytics.
// Checked with zod when the module loads, so a wrong value stops the build and the server with a clear
// message instead of shipping a page with a broken calendar. zod/mini keeps the check small in the browser
// bundle of the marketing pages (about 6 kB instead of 25 kB gzipped).

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
  analytics: z
    .object({
      /** The page-view script; empty turns analytics off. */
      scriptSrc: z.union([z.literal(""), httpsUrl]),
      siteId: z.string().check(z.trim()),
      /** The attribute the provider reads the site id from (data-website-id, data-domain…). */
      siteIdAttribute: z.string().check(z.regex(/^data-[a-z0-9-]+$/, "must be a data-* attribute name")),
    })
    .check(
      z.refine((a) => (a.scriptSrc === "") === (a.siteId === ""), {
        error: "scriptSrc and siteId must be both set or both empty",
      }),
    ),
});

export type Settings = z.infer<typeof settingsSchema>;

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

// The build's pre-rendering reports a module that fails to load only as a bare "500": print the reason too.
function loadSettings(input: unknown): Settings {
  try {
    return parseSettings(input);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    throw error;
  }
}

export const SETTINGS = loadSettings({
  operator: {
    name: "Alex Morgan",
    email: "hello@next-offer-coaching.example",
    siteUrl: "https://next-offer-coaching.example",
  },
  coach: {
    name: "Alex Morgan",
    jobTitle: "Software engineering career coach",
    credentials: "Former big-tech interviewer and hiring-committee member",
  },
  scheduling: {
    link: "https://cal.com/next-offer-coaching/intro-call",
    view: { layout: "month_view", theme: "dark" },
  },
  contactForm: {
    pageUrl: "https://tally.so/r/next-offer-contact",
    embedUrl: "https://tally.so/embed/next-offer-contact?hideTitle=1&transparentBackground=1",
  },
  interestForm: {
    pageUrl: "https://tally.so/r/next-offer-interest",
    embedUrl: "https://tally.so/embed/next-offer-interest?hideTitle=1&transparentBackground=1",
  },
  analytics: {
    scriptSrc: "",
    siteId: "",
    siteIdAttribute: "data-website-id",
  },
});

/** Origins the embeds and analytics load from, for a Content-Security-Policy (frame-src, connect-src…). */
export function externalOrigins(settings: Settings = SETTINGS): string[] {
  const urls = [
    settings.scheduling.link,
    settings.contactForm.embedUrl,
    settings.interestForm.embedUrl,
    settings.analytics.scriptSrc,
  ];
  return [...new Set(urls.filter((u) => u !== "").map((u) => new URL(u).origin))];
}
