// What the coach sets once: who runs the site, where the booking and form embeds point, and analytics.
// Plain data here (it ships to the browser); app/server/settings.server.ts checks it with zod when the
// server starts and when pages are pre-rendered, so a wrong value stops the build and the server with a
// clear message instead of shipping a page with a broken calendar.

export type Settings = {
  /** The person or business responsible for the site and its data (named on /privacy). */
  operator: { name: string; email: string; siteUrl: string };
  coach: { name: string; jobTitle: string; credentials: string };
  /** The intro-call booking page (SPEC §5: a scheduling embed requires a link) and its look. */
  scheduling: { link: string; view: Record<string, string> };
  /** Sessions booked on Cal.com that count against a client's plan (docs/decisions/0028-bookings.md). */
  bookings: BookingSettings;
  /** Each form's own page (the fallback link) and the address for embedding it. */
  contactForm: { pageUrl: string; embedUrl: string };
  interestForm: { pageUrl: string; embedUrl: string };
  /**
   * The page-view analytics tools the site runs; none turns analytics off. The privacy policy names
   * exactly these (app/content/privacy.ts), so what it promises is what runs.
   */
  analytics: readonly AnalyticsTool[];
};

/** The Cal.com event types that count, where clients book them, and the cancellation notice. */
export type BookingSettings = {
  /**
   * Cal.com event types (their slug, the webhook's `payload.type`, or their numeric id) per counted
   * kind. A booking of any other event type (the intro call) is ignored.
   */
  eventTypes: { session_30m: readonly string[]; mock_interview: readonly string[] };
  /** The booking pages the portal's "Book a session" / "Book a mock interview" buttons open. */
  schedulerLinks: { session_30m: string; mock_interview: string };
  /**
   * A cancellation or reschedule at least this many hours before the start gives the credit back or
   * keeps it free to give back; a later one (by the client) keeps the session used.
   */
  cancelNoticeHours: number;
  /**
   * Whether a booking made with a client's email counts without the signed token of their portal link.
   * Only safe when Cal.com verifies the booker's email (the event type's "Requires booker email
   * verification"); off, such a booking waits on the admin home to be confirmed.
   */
  trustBookerEmail: boolean;
};

/** One page-view analytics script: its name (said on /privacy), where it loads from, and the site's id. */
export type AnalyticsTool = {
  name: string;
  scriptSrc: string;
  siteId: string;
  /** The attribute the provider reads the site id from (data-website-id, data-domain…). */
  siteIdAttribute: string;
};

export const SETTINGS: Settings = {
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
  bookings: {
    eventTypes: { session_30m: ["coaching-session"], mock_interview: ["mock-interview"] },
    schedulerLinks: {
      session_30m: "https://cal.com/next-offer-coaching/coaching-session",
      mock_interview: "https://cal.com/next-offer-coaching/mock-interview",
    },
    cancelNoticeHours: 24,
    trustBookerEmail: false,
  },
  contactForm: {
    pageUrl: "https://tally.so/r/next-offer-contact",
    embedUrl: "https://tally.so/embed/next-offer-contact?hideTitle=1&transparentBackground=1",
  },
  interestForm: {
    pageUrl: "https://tally.so/r/next-offer-interest",
    embedUrl: "https://tally.so/embed/next-offer-interest?alignLeft=1&hideTitle=1&transparentBackground=1",
  },
  // None yet. For example:
  // { name: "Umami", scriptSrc: "https://cloud.umami.is/script.js", siteId: "…", siteIdAttribute: "data-website-id" }
  analytics: [],
};

/** Origins the embeds and analytics load from, for a Content-Security-Policy (frame-src, connect-src…). */
export function externalOrigins(settings: Settings = SETTINGS): string[] {
  const urls = [
    settings.scheduling.link,
    settings.contactForm.embedUrl,
    settings.interestForm.embedUrl,
    ...settings.analytics.map((tool) => tool.scriptSrc),
  ];
  return [...new Set(urls.filter((u) => u !== "").map((u) => new URL(u).origin))];
}
