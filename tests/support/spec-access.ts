import type { Role } from "~/domain/plans";
import type { Action } from "~/domain/policy";
import type { Guard } from "~/server/route-access";
import { SPEC_ROLES } from "./spec-roles";

// What each request SHOULD answer, written by hand from the spec (SPEC §2 guards, §6 roles, the
// decision records), for the authorization matrix (tests/system/authorization-matrix.test.ts). It
// reads neither the app's POLICY nor the routes' own `access` declarations: the app answers from
// those, the matrix expects from this, so a wrong POLICY row or a route declaring the wrong guard or
// action fails a cell. Who holds each capability is tests/support/spec-roles.ts. Keyed like the
// matrix's rows: `<route id> <METHOD>[ <intent>]`; a route, action or intent of the build without a
// row here (or a row for one that is gone) fails the matrix's completeness test.

export type Expectation = {
  /** SPEC §2: the guard in front (see Guard in app/server/route-access.ts for what each does). */
  guard: Guard;
  /** The capability it needs (roles from SPEC_ROLES); a signed-in person without it gets 403. */
  needs?: Action;
  /** SPEC §4 dashboard mode: without `needs`, the read-only demo instead of the 403. */
  otherwise?: "demo";
  /** It names a client's own row: another client gets 404, as if it did not exist. */
  owned?: true;
  /** For `none`: the status everyone gets. */
  answers?: 404 | 405;
  /** Success is a redirect to this path (a URL pattern, `:id` for any id) rather than a 200. */
  success?: { redirect: string };
};

const PUBLIC: Expectation = { guard: "public" };
// SPEC §2 portal guard: signed out → /login; admin and coach → /admin (decision 0012); a lead sees the demo.
const PORTAL_PAGE: Expectation = { guard: "portal", needs: "portal.read-own", otherwise: "demo" };
// SPEC §2 admin guard: signed out → /login; a role other than admin or coach → /dashboard.
const admin = (needs: Action, more: Omit<Expectation, "guard" | "needs"> = {}): Expectation => ({
  guard: "staff",
  needs,
  ...more,
});

export const SPEC_ACCESS: Readonly<Record<string, Expectation>> = {
  // SPEC §1 marketing pages: anyone.
  "routes/marketing/home GET": PUBLIC,
  "routes/marketing/about GET": PUBLIC,
  "routes/marketing/faq GET": PUBLIC,
  "routes/marketing/pricing GET": PUBLIC,
  "routes/marketing/next-offer GET": PUBLIC,
  "routes/marketing/workshops GET": PUBLIC,
  "routes/marketing/privacy GET": PUBLIC,

  // SPEC §2 login: someone signed in goes on to the dashboard; signing in is open to anyone.
  "routes/auth/login GET": { guard: "guest" },
  "routes/auth/login POST local": { guard: "public", success: { redirect: "/dashboard" } },
  // To the provider; back to /login saying so when none is configured (the test server's local mode).
  "routes/auth/login POST google": { guard: "public", success: { redirect: "/login" } },
  "routes/auth/logout GET": PUBLIC,
  "routes/auth/logout POST": { guard: "public", success: { redirect: "/" } },
  // Without a valid code and state, back to /login with the reason.
  "routes/auth/callback GET": { guard: "public", success: { redirect: "/login" } },
  "routes/auth/session GET": PUBLIC,
  "routes/auth/sign-out GET": { guard: "none", answers: 405 },
  "routes/auth/sign-out POST": PUBLIC,

  // Decision 0016: anyone signed in sees their data page, downloads their data, asks for deletion.
  "routes/account/index GET": { guard: "signed-in", needs: "self.request-deletion" },
  "routes/account/index POST request-deletion": { guard: "signed-in", needs: "self.request-deletion" },
  // Issue #17: each person chooses their own emails.
  "routes/account/index POST email-preferences": { guard: "signed-in", needs: "self.email-preferences" },
  // Issue #17: the signed unsubscribe link works signed out (docs/SECURITY.md "Unsubscribe links"); a
  // link that is not signed here is refused with 400.
  "routes/email/unsubscribe GET": PUBLIC,
  "routes/email/unsubscribe POST": PUBLIC,
  "routes/account/data GET": { guard: "signed-in-api", needs: "self.export" },

  // Issue #16: a lead or client buys for themselves after signing in; staff are refused. Without Stripe
  // keys on loopback (the test server), a checkout opens the local test checkout; paying it returns to
  // the success page; another person's order is "not found".
  "routes/checkout/index GET": { guard: "signed-in", needs: "checkout.start" },
  "routes/checkout/index POST": {
    guard: "signed-in",
    needs: "checkout.start",
    success: { redirect: "/checkout/local" },
  },
  "routes/checkout/local GET": { guard: "signed-in", needs: "checkout.start" },
  "routes/checkout/local POST": {
    guard: "signed-in",
    needs: "checkout.start",
    owned: true,
    success: { redirect: "/checkout/success" },
  },
  // Only a buyer has orders to come back to.
  "routes/checkout/success GET": { guard: "signed-in", needs: "checkout.start" },

  // SPEC §4: the demo dashboard is public.
  "routes/demo/dashboard GET": PUBLIC,
  "routes/demo/plan GET": PUBLIC,

  // SPEC §6 client: "Dashboard; own lessons, homework, resources and activities".
  "routes/portal/dashboard GET": PORTAL_PAGE,
  "routes/portal/lessons GET": PORTAL_PAGE,
  "routes/portal/homework GET": PORTAL_PAGE,
  // ARCHITECTURE "Homework": the client hands in their own homework.
  "routes/portal/homework POST": { guard: "portal", needs: "homework.submit-own", owned: true },
  "routes/portal/resources GET": PORTAL_PAGE,
  "routes/portal/plan GET": PORTAL_PAGE,
  // Issue #16: Billing is a portal page; "Manage payment method" is the client's own.
  "routes/portal/billing GET": PORTAL_PAGE,
  "routes/portal/billing POST manage-card": { guard: "portal", needs: "portal.read-own" },
  // The local test checkout's next instalment, from Billing: the buyer's own order, as on /checkout/local.
  "routes/portal/billing POST pay-next": {
    guard: "portal",
    needs: "checkout.start",
    owned: true,
    success: { redirect: "/billing" },
  },
  // Issue #18: the client's own sessions as a calendar file; a lead has none (403, no demo).
  "routes/portal/sessions-ics GET": { guard: "portal", needs: "portal.read-own" },

  // SPEC §6 coach: "admin area: add lessons, list leads and clients"; admin: also the rest.
  "routes/admin/index GET": admin("admin.enter"),
  // Issue #18: "only an admin" gives an unmatched Cal.com booking to a person or resolves an over-plan one.
  "routes/admin/index POST assign-booking": admin("bookings.resolve"),
  // A booking with a client's email but not from their portal link, confirmed for them or
  // dismissed, by an admin only (docs/decisions/0036-booking-ownership.md).
  "routes/admin/index POST confirm-booking": admin("bookings.resolve"),
  "routes/admin/index POST dismiss-booking": admin("bookings.resolve"),
  "routes/admin/clients GET": admin("profiles.list"),
  "routes/admin/clients POST": admin("lead.convert"),
  "routes/admin/client GET": admin("client.read"),
  "routes/admin/client POST set-role": admin("profile.set-role"),
  "routes/admin/client POST set-plan": admin("profile.set-plan"),
  "routes/admin/client POST adjust": admin("usage.adjust"),
  "routes/admin/client POST add-activity": admin("activity.create"),
  "routes/admin/client POST assign-homework": admin("homework.assign"),
  "routes/admin/client POST review-homework": admin("homework.review"),
  "routes/admin/client POST add-resource": admin("resource.manage"),
  "routes/admin/client POST remove-resource": admin("resource.manage"),
  "routes/admin/client POST delete-person": admin("profile.delete", {
    success: { redirect: "/admin/clients" },
  }),
  "routes/admin/client POST resolve-booking": admin("bookings.resolve"),
  // Issue #16: "Coach role: sees payments; only admin changes anything".
  "routes/admin/payments GET": admin("payments.read"),
  // Issue #17: "Coach role: can read; admin: can retry".
  "routes/admin/emails GET": admin("emails.read"),
  "routes/admin/emails POST": admin("emails.retry"),
  "routes/admin/email-html GET": admin("emails.read"),
  // ARCHITECTURE "Homework": the coach reviews; the queue of what waits is part of reviewing.
  "routes/admin/homework GET": admin("homework.review"),
  "routes/admin/lesson-new GET": admin("lesson.create"),
  "routes/admin/lesson-new POST": admin("lesson.create"),
  "routes/admin/lesson-edit GET": admin("lesson.edit"),
  "routes/admin/lesson-edit POST save": admin("lesson.edit"),
  "routes/admin/lesson-edit POST delete": admin("lesson.edit", {
    success: { redirect: "/admin/clients/:id" },
  }),

  "routes/resources/healthz GET": PUBLIC,
  // Decision 0014: live updates for anyone signed in (each hears only what concerns them).
  "routes/resources/events GET": { guard: "signed-in-api" },
  "routes/resources/sitemap GET": PUBLIC,
  "routes/resources/robots GET": PUBLIC,
  "routes/not-found GET": { guard: "none", answers: 404 },
};

/** The kinds of people the matrix asks as. "another-client" is a client acting on a different client's row. */
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

/** What a person gets: allowed (`ok`, `done`) or not (everything else). */
export type Outcome =
  /** 200: the page, the data or the change (`demo`: the portal's sample data instead of their own). */
  | { kind: "ok"; demo: boolean }
  /** Allowed, answered with a redirect to `to` (a URL pattern). */
  | { kind: "done"; to: string }
  /** Signed out: redirected to /login, which remembers the page. */
  | { kind: "sign-in" }
  /** A guard sends them to their own area. */
  | { kind: "sent"; to: "/dashboard" | "/admin" }
  | { kind: "refused"; status: 401 | 403 | 404 | 405 };

export function isAllowed(outcome: Outcome): boolean {
  return outcome.kind === "ok" || outcome.kind === "done";
}

const holds = (role: Role | null, capability: Action) =>
  role !== null && SPEC_ROLES[capability].includes(role);

function guardOutcome(expectation: Expectation, role: Role | null): Outcome | null {
  // SPEC §2: the admin area is for admin and coach (SPEC_ROLES "admin.enter"); they have no portal.
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

/** The outcome for one person, from the spec's expectation and the spec's roles. */
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

/** Short text for a cell: `200`, `200 demo`, `302 → /`, `→ /login`, `→ /dashboard`, `403`… */
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
