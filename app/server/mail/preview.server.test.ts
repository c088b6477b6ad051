import { describe, expect, test } from "vitest";
import { EMAIL_KINDS, type OutboxKind } from "~/domain/email";
import { isPreviewKind, PREVIEW_KINDS, previewEmail } from "./preview.server";
import { EMAIL_TEMPLATES } from "./templates/index.server";

// Every kind renders its sample, as the outbox would render it, to an HTML part and a plain-text part that
// both say what that kind is about: words of its subject and of its sample's details.

const CONTEXT = { origin: "https://coach.example", siteName: "Northstar Coaching", secret: "s".repeat(64) };

/** Per kind: words its subject must contain, and words both its parts must contain. */
const EXPECTED: Record<OutboxKind, { subject: string[]; body: string[] }> = {
  welcome: { subject: ["Welcome to Northstar Coaching"], body: ["Open your dashboard", "/dashboard"] },
  "homework-assigned": {
    subject: ["New homework", "Rewrite your resume summary"],
    body: ["Open your homework", "2030-01-15", "Three sentences"],
  },
  "homework-reviewed": {
    subject: ["Homework reviewed", "Rewrite your resume summary"],
    body: ["Lead with the result", "resume-notes.pdf"],
  },
  "lesson-posted": {
    subject: ["Lesson posted", "Telling your career story"],
    body: ["January 10, 2030", "story-outline.pdf", "https://example.com/recordings/career-story"],
  },
  "last-one-left": { subject: ["One left", "Mock interview"], body: ["one mock interview left"] },
  "payment-receipt": { subject: ["Receipt", "Pro"], body: ["FRIEND20", "GST/HST", "/billing"] },
  "payment-failed": { subject: ["Payment failed", "Pro"], body: ["may have declined it", "/billing"] },
  "session-reminder": {
    subject: ["Reminder", "mock interview", "tomorrow"],
    body: ["Mock interview: product manager", "January 16", "Join the session"],
  },
  "staff-new-lead": { subject: ["New lead", "Jordan Lee"], body: ["signed in for the first time"] },
  "staff-homework-submitted": {
    subject: ["Homework handed in", "Rewrite your resume summary"],
    body: ["Jordan Lee", "/admin/clients/"],
  },
  "staff-deletion-request": {
    subject: ["Data-deletion request", "Jordan Lee"],
    body: ["Answer within 30 days", "Please remove my account"],
  },
  "staff-payment-received": { subject: ["Payment received", "Pro"], body: ["Jordan Lee", "FRIEND20"] },
  "staff-payment-failed": { subject: ["Payment failed", "Pro"], body: ["Jordan Lee", "/admin/payments"] },
  "staff-payment-disputed": {
    subject: ["Payment disputed", "Pro"],
    body: ["product not received", "Stripe"],
  },
  "staff-daily-agenda": {
    subject: ["Today: 2 sessions"],
    body: ["America/Toronto", "Mock interview", "Riley Park"],
  },
  "staff-intake-submitted": {
    subject: ["Intake questionnaire answered", "Jordan Lee"],
    body: ["intake questionnaire", "#intake"],
  },
  "testimonial-request": {
    subject: ["Congratulations on Shopify"],
    body: ["reply to this email", "agree to the exact words", "/applications"],
  },
  "staff-offer-accepted": {
    subject: ["Offer accepted", "Jordan Lee", "Shopify"],
    body: ["Staff engineer", "63 days", "7 sessions", "/admin/job-search/outcomes"],
  },
  digest: {
    subject: ["Your daily digest", "2 updates"],
    body: ["New homework: Rewrite your resume summary", "Lesson posted: Telling your career story"],
  },
};

test("the templates are exactly the kinds the product sends, and the digest", () => {
  expect([...PREVIEW_KINDS].sort()).toEqual([...EMAIL_KINDS, "digest"].sort());
  for (const [key, template] of Object.entries(EMAIL_TEMPLATES)) expect(template.kind).toBe(key);
  expect(isPreviewKind("welcome")).toBe(true);
  expect(isPreviewKind("toString")).toBe(false);
});

describe.each(PREVIEW_KINDS)("%s", (kind) => {
  test("renders its sample to HTML and text that say what it is about", async () => {
    const preview = await previewEmail(kind, CONTEXT);
    const { subject, body } = EXPECTED[kind];
    for (const word of subject) expect(preview.subject).toContain(word);
    expect(preview.html).toMatch(/^<!DOCTYPE html/);
    // The HTML escapes what it quotes; the plain-text part is the words as read.
    const html = preview.html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    for (const word of body) {
      expect(html, `${kind} HTML`).toContain(word);
      expect(preview.text, `${kind} text`).toContain(word);
    }
    expect(preview.text).toContain(
      EMAIL_TEMPLATES[kind].audience === "staff" ? "Hi Alex Morgan," : "Hi Jordan Lee,",
    );
    expect(preview.text).toContain(`${CONTEXT.origin}/email/unsubscribe/`);
  });
});
