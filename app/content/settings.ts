import type { CountedEventTypes } from "~/domain/bookings";

// What the coach sets once. Plain data (it ships to the browser), checked by app/server/settings.server.ts
// at start and pre-render, so a wrong value fails loudly rather than shipping a broken page.

export type Settings = {
  operator: { name: string; email: string; siteUrl: string };
  coach: { name: string; jobTitle: string; credentials: string };
  /** docs/product/validation.md: a scheduling embed requires a link. */
  scheduling: { link: string; view: Record<string, string> };
  bookings: BookingSettings;
  /** The form's own page is the fallback link. */
  contactForm: { pageUrl: string; embedUrl: string };
  interestForm: { pageUrl: string; embedUrl: string };
  /** The privacy policy names exactly these, so what it promises is what runs. */
  analytics: readonly AnalyticsTool[];
  payments: PaymentSettings;
};

export type PaymentSettings = {
  /**
   * Stripe Tax (`automatic_tax`) on every Checkout Session and the instalments it starts: prices are before
   * tax and Stripe adds GST/HST by the buyer's address. Needs the Stripe setup in the README's "Taxes".
   */
  automaticTax: boolean;
};

export type BookingSettings = {
  /** Slug, `payload.type` or numeric id; any other event type (the intro call) is ignored. */
  eventTypes: CountedEventTypes;
  schedulerLinks: { session_30m: string; mock_interview: string };
  /** A later change by the client keeps the session used. */
  cancelNoticeHours: number;
  /** Each booked session's reminder emails, in hours before it: `[24, 1]` adds one an hour before. */
  reminderHoursBefore: readonly number[];
  /** Only safe when Cal.com verifies the booker's email; off, such a booking waits for an admin to confirm. */
  trustBookerEmail: boolean;
};

export type AnalyticsTool = {
  name: string;
  scriptSrc: string;
  siteId: string;
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
    reminderHoursBefore: [24],
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
  payments: { automaticTax: false },
};

export function externalOrigins(settings: Settings = SETTINGS): string[] {
  const urls = [
    settings.scheduling.link,
    settings.contactForm.embedUrl,
    settings.interestForm.embedUrl,
    ...settings.analytics.map((tool) => tool.scriptSrc),
  ];
  return [...new Set(urls.filter((u) => u !== "").map((u) => new URL(u).origin))];
}
