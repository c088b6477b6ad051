import type { Role } from "~/domain/plans";
import type { Action } from "~/domain/policy";
import type { Guard } from "~/server/route-access";
import { SPEC_ROLES } from "./spec-roles";

// What each request SHOULD answer, written by hand from docs/product/screens.md (guards), roles.md and the
// decision records, never from POLICY or the routes' `access`: a wrong one of those fails a matrix cell.
// Keyed `<route id> <METHOD>[ <intent>]`; a missing or stale row fails the matrix's completeness test.

export type Expectation = {
  /** See Guard in app/server/route-access.ts for what each does. */
  guard: Guard;
  /** Roles from SPEC_ROLES; a signed-in person without it gets 403. */
  needs?: Action;
  /** docs/product/states.md, Dashboard mode: the read-only demo instead of the 403. */
  otherwise?: "demo";
  /** Another client gets 404, as if it did not exist. */
  owned?: true;
  answers?: 404 | 405;
  /** A URL pattern, `:id` for any id. */
  success?: { redirect: string };
};

const PUBLIC: Expectation = { guard: "public" };
// Admin and coach → /admin (docs/decisions/0012-portal.md); a lead sees the demo.
const PORTAL_PAGE: Expectation = { guard: "portal", needs: "portal.read-own", otherwise: "demo" };
// docs/product/screens.md, Admin area guard.
const behind =
  (guard: Guard) =>
  (needs: Action, more: Omit<Expectation, "guard" | "needs"> = {}): Expectation => ({
    guard,
    needs,
    ...more,
  });
const admin = behind("staff");
const portal = behind("portal");
const signedIn = behind("signed-in");
/** A post about a thing of one's own (another client's is 404, as a missing one) that redirects to `to`. */
const ownedThen = (to: string) => ({ owned: true as const, success: { redirect: to } });

export const SPEC_ACCESS: Readonly<Record<string, Expectation>> = {
  "routes/marketing/home GET": PUBLIC,
  "routes/marketing/about GET": PUBLIC,
  "routes/marketing/faq GET": PUBLIC,
  "routes/marketing/pricing GET": PUBLIC,
  "routes/marketing/next-offer GET": PUBLIC,
  "routes/marketing/workshops GET": PUBLIC,
  "routes/marketing/privacy GET": PUBLIC,

  // docs/product/screens.md, Login.
  "routes/auth/login GET": { guard: "guest" },
  "routes/auth/login POST local": { guard: "public", success: { redirect: "/dashboard" } },
  // To the provider; back to /login saying so when none is configured (the test server's local mode).
  "routes/auth/login POST google": { guard: "public", success: { redirect: "/login" } },
  "routes/auth/logout GET": PUBLIC,
  "routes/auth/logout POST": { guard: "public", success: { redirect: "/" } },
  "routes/auth/callback GET": { guard: "public", success: { redirect: "/login" } },
  "routes/auth/session GET": PUBLIC,
  "routes/auth/sign-out GET": { guard: "none", answers: 405 },
  "routes/auth/sign-out POST": PUBLIC,

  // docs/decisions/0016-data-rights.md.
  "routes/account/index GET": signedIn("self.request-deletion"),
  "routes/account/index POST request-deletion": signedIn("self.request-deletion"),
  // docs/decisions/0029-email-outbox.md.
  "routes/account/index POST email-preferences": signedIn("self.email-preferences"),
  // docs/decisions/0053-job-search.md, "Outcomes": a client's consent that their outcome counts publicly; a
  // client without an outcome (another client here) has nothing to consent for: 404.
  "routes/account/index POST outcome-consent": signedIn("job-search.own", { owned: true }),
  // A link not signed here is refused with 400 (docs/SECURITY.md "Unsubscribe links").
  "routes/email/unsubscribe GET": PUBLIC,
  "routes/email/unsubscribe POST": PUBLIC,
  "routes/account/data GET": { guard: "signed-in-api", needs: "self.export" },

  // docs/decisions/0027-payments.md: staff are refused; the test server opens the local test checkout.
  "routes/checkout/index GET": signedIn("checkout.start"),
  "routes/checkout/index POST": signedIn("checkout.start", { success: { redirect: "/checkout/local" } }),
  "routes/checkout/local GET": signedIn("checkout.start"),
  "routes/checkout/local POST": signedIn("checkout.start", ownedThen("/checkout/success")),
  "routes/checkout/success GET": signedIn("checkout.start"),

  "routes/demo/dashboard GET": PUBLIC,
  "routes/demo/plan GET": PUBLIC,

  // docs/product/roles.md, Capabilities (client).
  "routes/portal/dashboard GET": PORTAL_PAGE,
  "routes/portal/lessons GET": PORTAL_PAGE,
  "routes/portal/homework GET": PORTAL_PAGE,
  // The client hands in their own homework.
  "routes/portal/homework POST": portal("homework.submit-own", { owned: true }),
  "routes/portal/resources GET": PORTAL_PAGE,
  "routes/portal/plan GET": PORTAL_PAGE,
  "routes/portal/billing GET": PORTAL_PAGE,
  "routes/portal/billing POST manage-card": portal("portal.read-own"),
  "routes/portal/billing POST pay-next": portal("checkout.start", ownedThen("/billing")),
  // docs/decisions/0044-discount-codes.md: a client's own referral reward.
  "routes/portal/billing POST reward-choice": portal("referral.own"),
  // docs/decisions/0043-file-storage.md: the page shows a lead the demo; a file and a change are the
  // client's own (another client's file is 404, as a missing one).
  "routes/portal/files GET": PORTAL_PAGE,
  "routes/portal/files POST": portal("files.own"),
  "routes/portal/file GET": portal("files.own", { owned: true }),
  "routes/portal/file POST": portal("files.own", ownedThen("/files")),
  // docs/decisions/0046-intake-questionnaire.md: a client answers their own (another client's request is
  // 404, as a missing one); a lead has nothing to answer: 403, no demo.
  "routes/portal/intake GET": portal("intake.answer-own"),
  "routes/portal/intake POST save-draft": portal("intake.answer-own", { owned: true }),
  "routes/portal/intake POST submit": portal("intake.answer-own", ownedThen("/intake")),
  // A lead has no sessions: 403, no demo.
  "routes/portal/sessions-ics GET": portal("portal.read-own"),
  // docs/decisions/0047-coaching-agreement.md: a lead has no agreement to accept (403, no demo); a client
  // accepts for themselves only: the form names no person.
  "routes/portal/agreement GET": portal("portal.read-own"),
  "routes/portal/agreement POST accept": portal("agreement.accept-own"),
  // Issue 44, docs/decisions/0053-job-search.md: the board shows a lead the demo; an application and every
  // change of one are the client's own (another client's id is 404, as a missing one); a lead has no
  // application to open (403, as /intake).
  "routes/portal/applications GET": PORTAL_PAGE,
  "routes/portal/applications POST add": portal("job-search.own"),
  "routes/portal/applications POST move": portal("job-search.own", { owned: true }),
  "routes/portal/application GET": portal("job-search.own", { owned: true }),
  "routes/portal/application POST edit": portal("job-search.own", { owned: true }),
  "routes/portal/application POST move": portal("job-search.own", { owned: true }),
  "routes/portal/application POST delete": portal("job-search.own", ownedThen("/applications")),
  "routes/admin/job-search GET": admin("job-search.read"),
  "routes/admin/job-search POST set-stalled": admin("job-search.settings"),
  "routes/admin/outcomes GET": admin("job-search.read"),
  // Phase 2: an application's interviews and offer, the client's own like the application; the compare
  // page and its current pay are the client's (a lead has no offers: 403); accepting names an offer of
  // theirs (another client's is 404).
  "routes/portal/application POST add-interview": portal("job-search.own", { owned: true }),
  "routes/portal/application POST edit-interview": portal("job-search.own", { owned: true }),
  "routes/portal/application POST delete-interview": portal("job-search.own", { owned: true }),
  "routes/portal/application POST save-offer": portal("job-search.own", { owned: true }),
  "routes/portal/application POST delete-offer": portal("job-search.own", { owned: true }),
  "routes/portal/offers GET": portal("job-search.own"),
  "routes/portal/offers POST current-pay": portal("job-search.own"),
  "routes/portal/offers POST accept": portal("job-search.own", { owned: true }),
  // The import shows a lead what it does (the demo) and takes a file only from a client; the export is the
  // client's own file (a lead has none: 403).
  "routes/portal/applications-import GET": PORTAL_PAGE,
  "routes/portal/applications-import POST": portal("job-search.own"),
  "routes/portal/applications-export GET": portal("job-search.own"),

  // docs/product/roles.md, Capabilities (coach, admin).
  "routes/admin/index GET": admin("admin.enter"),
  // docs/decisions/0028-bookings.md: admin only.
  "routes/admin/index POST assign-booking": admin("bookings.resolve"),
  // docs/decisions/0036-booking-ownership.md: admin only.
  "routes/admin/index POST confirm-booking": admin("bookings.resolve"),
  "routes/admin/index POST dismiss-booking": admin("bookings.resolve"),
  "routes/admin/clients GET": admin("profiles.list"),
  "routes/admin/clients POST": admin("lead.convert"),
  "routes/admin/client GET": admin("client.read"),
  "routes/admin/client POST set-role": admin("profile.set-role"),
  "routes/admin/client POST set-plan": admin("profile.set-plan"),
  "routes/admin/client POST adjust": admin("usage.adjust"),
  "routes/admin/client POST add-activity": admin("activity.create"),
  "routes/admin/client POST add-job-note": admin("job-search.note"),
  "routes/admin/client POST delete-job-note": admin("job-search.note"),
  "routes/admin/client POST assign-homework": admin("homework.assign"),
  "routes/admin/client POST review-homework": admin("homework.review"),
  // A review with the coach's files streams to its own route (docs/decisions/0043-file-storage.md).
  "routes/admin/client-review GET": admin("homework.review"),
  "routes/admin/client-review POST": admin("homework.review", {
    success: { redirect: "/admin/clients/:id" },
  }),
  "routes/admin/client POST add-resource": admin("resource.manage"),
  "routes/admin/client POST remove-resource": admin("resource.manage"),
  "routes/admin/client POST delete-person": admin("profile.delete", {
    success: { redirect: "/admin/clients" },
  }),
  "routes/admin/client POST resolve-booking": admin("bookings.resolve"),
  // docs/decisions/0055-no-shows-and-expiry.md: coach and admin mark a past session missed, and undo it.
  "routes/admin/client POST mark-no-show": admin("bookings.no-show"),
  "routes/admin/client POST undo-no-show": admin("bookings.no-show"),
  // docs/decisions/0027-payments.md: coach reads; only an admin changes anything.
  "routes/admin/payments GET": admin("payments.read"),
  // docs/decisions/0044-discount-codes.md: coach reads codes and rewards owed; the admin changes them.
  "routes/admin/codes GET": admin("payments.read"),
  // docs/decisions/0054-business-at-a-glance.md: the business's money and its files, the admin's only.
  "routes/admin/business GET": admin("business.read"),
  "routes/admin/business-ledger GET": admin("business.read"),
  "routes/admin/business-export GET": admin("business.export"),
  // The same record: capacity and the funnel, staff's to read.
  "routes/admin/capacity GET": admin("capacity.read"),
  // docs/decisions/0055-no-shows-and-expiry.md: the practice's settings are terms of sale, the admin's alone.
  "routes/admin/capacity POST set-practice": admin("practice.settings"),
  "routes/admin/codes POST create-code": admin("codes.manage"),
  "routes/admin/codes POST void-code": admin("codes.manage"),
  "routes/admin/codes POST mark-paid": admin("codes.manage"),
  // docs/decisions/0046-intake-questionnaire.md: coach and admin write the questions and ask again.
  "routes/admin/intake GET": admin("intake.manage"),
  "routes/admin/intake POST save-questionnaire": admin("intake.manage"),
  "routes/admin/client POST ask-intake": admin("intake.manage"),
  // docs/decisions/0029-email-outbox.md: coach reads; an admin retries.
  "routes/admin/emails GET": admin("emails.read"),
  "routes/admin/emails POST": admin("emails.retry"),
  "routes/admin/email-html GET": admin("emails.read"),
  // Issue 43: each kind with sample data, read as the Emails page is; nothing is sent or stored.
  "routes/admin/email-previews GET": admin("emails.read"),
  "routes/admin/email-preview GET": admin("emails.read"),
  // docs/decisions/0047-coaching-agreement.md: the coach reads; the admin writes versions and sets the gates.
  "routes/admin/agreement GET": admin("agreement.read"),
  "routes/admin/agreement POST save-agreement": admin("agreement.manage"),
  "routes/admin/agreement POST set-gates": admin("agreement.manage"),
  // docs/decisions/0043-file-storage.md: any client's files; a download is audited.
  "routes/admin/file GET": admin("files.manage"),
  "routes/admin/file POST": admin("files.manage", { success: { redirect: "/admin/clients/:id" } }),
  "routes/admin/client-files GET": admin("files.manage"),
  "routes/admin/client-files POST": admin("files.manage"),
  // docs/decisions/0053-job-search.md: staff read a client's job search, so they may download it.
  "routes/admin/client-applications-export GET": admin("job-search.read"),
  // Reviewing includes the queue of what waits.
  "routes/admin/homework GET": admin("homework.review"),
  "routes/admin/lesson-new GET": admin("lesson.create"),
  "routes/admin/lesson-new POST": admin("lesson.create"),
  "routes/admin/lesson-edit GET": admin("lesson.edit"),
  // One handler: the save streams the coach's files (docs/decisions/0043-file-storage.md, "Routes"); the
  // delete, a plain form, is behind the same guard and permission.
  "routes/admin/lesson-edit POST": admin("lesson.edit"),

  "routes/resources/healthz GET": PUBLIC,
  // docs/decisions/0014-live-updates.md: each hears only what concerns them.
  "routes/resources/events GET": { guard: "signed-in-api" },
  "routes/resources/sitemap GET": PUBLIC,
  "routes/resources/robots GET": PUBLIC,
  "routes/not-found GET": { guard: "none", answers: 404 },
};

/** "another-client" is a client acting on a different client's row. */
export const PERSONS = ["visitor", "lead", "client", "another-client", "coach", "admin"] as const;
export type Person = (typeof PERSONS)[number];

export const PERSON_ROLE: Record<Person, Role | null> = {
  visitor: null,
  lead: "lead",
  client: "client",
  "another-client": "client",
  coach: "coach",
  admin: "admin",
};

export type Outcome =
  /** `demo`: the portal's sample data instead of their own. */
  | { kind: "ok"; demo: boolean }
  | { kind: "done"; to: string }
  | { kind: "sign-in" }
  | { kind: "sent"; to: "/dashboard" | "/admin" }
  | { kind: "refused"; status: 401 | 403 | 404 | 405 };

export function isAllowed(outcome: Outcome): boolean {
  return outcome.kind === "ok" || outcome.kind === "done";
}

const holds = (role: Role | null, capability: Action) =>
  role !== null && SPEC_ROLES[capability].includes(role);

function guardOutcome(expectation: Expectation, role: Role | null): Outcome | null {
  // docs/product/screens.md, Admin area guard: staff have no portal.
  const staff = holds(role, "admin.enter");
  switch (expectation.guard) {
    case "public":
      return null;
    case "guest":
      return role ? { kind: "sent", to: "/dashboard" } : null;
    case "signed-in":
      return role ? null : { kind: "sign-in" };
    case "signed-in-api":
      return role ? null : { kind: "refused", status: 401 };
    case "portal":
      if (!role) return { kind: "sign-in" };
      return staff ? { kind: "sent", to: "/admin" } : null;
    case "staff":
      if (!role) return { kind: "sign-in" };
      return staff ? null : { kind: "sent", to: "/dashboard" };
    case "none":
      return { kind: "refused", status: expectation.answers ?? 404 };
  }
}

export function expectedOutcome(expectation: Expectation, person: Person): Outcome {
  const role = PERSON_ROLE[person];
  const guarded = guardOutcome(expectation, role);
  if (guarded) return guarded;
  if (expectation.needs && !holds(role, expectation.needs)) {
    return expectation.otherwise === "demo" ? { kind: "ok", demo: true } : { kind: "refused", status: 403 };
  }
  if (expectation.owned && person === "another-client") return { kind: "refused", status: 404 };
  return expectation.success
    ? { kind: "done", to: expectation.success.redirect }
    : { kind: "ok", demo: false };
}

export function describeOutcome(outcome: Outcome): string {
  switch (outcome.kind) {
    case "ok":
      return outcome.demo ? "200 demo" : "200";
    case "done":
      return `302 → ${outcome.to}`;
    case "sign-in":
      return "→ /login";
    case "sent":
      return `→ ${outcome.to}`;
    case "refused":
      return String(outcome.status);
  }
}
