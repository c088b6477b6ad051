import type { Role } from "~/domain/plans";
import type { Action } from "./policy.server";

// Who may reach what, route by route (issue #7, authorization matrix): every route in app/routes.ts
// by its id, with its GET (the loader, or just the page) and its action (each intent, where the
// action dispatches on one). A handler names a guard (the broad line the route middleware or the
// loader draws) and, where it asks one, the POLICY action. What each kind of person gets is
// computed by `expectedOutcome` from that and a table of who may do what which the caller gives:
// the matrix gives one written from the spec (tests/support/spec-roles.ts), never POLICY itself, so a
// wrong POLICY row fails it.
// tests/system/authorization-matrix.test.ts sends every request as every person against the built
// server, and fails when a route or an intent has no entry here.

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

/**
 * The guard in front of a handler:
 * - `public`: anyone, signed in or not;
 * - `guest`: the sign-in page; someone signed in is sent on to the dashboard;
 * - `signed-in`: a page; signed out → /login, remembering the page;
 * - `signed-in-api`: a resource (JSON, events); signed out → 401;
 * - `portal`: the client portal; signed out → /login, staff → /admin (leads see the demo, see `otherwise`);
 * - `staff`: the admin area; signed out → /login, everyone without `admin.enter` → /dashboard;
 * - `none`: no one (`answers`: 404 for an unknown path, 405 for a method the route refuses).
 */
export type Guard = "public" | "guest" | "signed-in" | "signed-in-api" | "portal" | "staff" | "none";

export type Handler = {
  access: Guard;
  /** The POLICY action the handler asks; a role without it is refused with 403. */
  policy?: Action;
  /** Instead of the 403: a role without `policy` sees the portal's read-only demo. */
  otherwise?: "demo";
  /** The request names a client's own row: another client gets 404, as if it did not exist. */
  owned?: true;
  /** For `none`: the status everyone gets. */
  answers?: 404 | 405;
  /** Success is a redirect to this path (a URL pattern, `:id` for any id) rather than a 200. */
  success?: { redirect: string };
};

export type ActionAccess = Handler | { intents: Readonly<Record<string, Handler>> };

/** A layout names the guard its children sit behind; a route has its GET and, if it has one, its action. */
export type RouteAccess = { layout: Guard } | { loader: Handler; action?: ActionAccess };

const PUBLIC: Handler = { access: "public" };
const PORTAL_PAGE: Handler = { access: "portal", policy: "portal.read-own", otherwise: "demo" };
const staff = (policy: Action, more: Omit<Handler, "access" | "policy"> = {}): Handler => ({
  access: "staff",
  policy,
  ...more,
});

export const ROUTE_ACCESS = {
  root: { layout: "public" },

  "routes/marketing/home": { loader: PUBLIC },
  "routes/marketing/about": { loader: PUBLIC },
  "routes/marketing/faq": { loader: PUBLIC },
  "routes/marketing/pricing": { loader: PUBLIC },
  "routes/marketing/next-offer": { loader: PUBLIC },
  "routes/marketing/workshops": { loader: PUBLIC },
  "routes/marketing/privacy": { loader: PUBLIC },

  "routes/auth/login": {
    loader: { access: "guest" },
    action: {
      intents: {
        local: { access: "public", success: { redirect: "/dashboard" } },
        // To the provider; back to /login saying so when none is configured (local sign-in mode).
        google: { access: "public", success: { redirect: "/login" } },
      },
    },
  },
  "routes/auth/logout": { loader: PUBLIC, action: { access: "public", success: { redirect: "/" } } },
  // Without a valid code and state, back to /login with the reason.
  "routes/auth/callback": { loader: { access: "public", success: { redirect: "/login" } } },
  "routes/auth/session": { loader: PUBLIC },
  "routes/auth/sign-out": { loader: { access: "none", answers: 405 }, action: PUBLIC },

  "routes/account/index": {
    loader: { access: "signed-in" },
    action: { access: "signed-in", policy: "self.request-deletion" },
  },
  "routes/account/data": { loader: { access: "signed-in-api", policy: "self.export" } },

  // Payments (docs/decisions/0022-payments.md): a lead or client buys; staff are refused with a message.
  // Without Stripe keys on loopback (as in the matrix), a checkout opens the local test checkout.
  "routes/checkout/index": {
    loader: { access: "signed-in", policy: "checkout.start" },
    action: { access: "signed-in", policy: "checkout.start", success: { redirect: "/checkout/local" } },
  },
  "routes/checkout/local": {
    loader: { access: "signed-in", policy: "checkout.start" },
    action: {
      access: "signed-in",
      policy: "checkout.start",
      owned: true,
      success: { redirect: "/checkout/success" },
    },
  },
  "routes/checkout/success": { loader: { access: "signed-in" } },

  "routes/demo/dashboard": { loader: PUBLIC },
  "routes/demo/plan": { loader: PUBLIC },

  "routes/portal/layout": { layout: "portal" },
  "routes/portal/dashboard": { loader: PORTAL_PAGE },
  "routes/portal/lessons": { loader: PORTAL_PAGE },
  "routes/portal/homework": {
    loader: PORTAL_PAGE,
    action: { access: "portal", policy: "homework.submit-own", owned: true },
  },
  "routes/portal/resources": { loader: PORTAL_PAGE },
  "routes/portal/plan": { loader: PORTAL_PAGE },
  // "Manage payment method": Stripe's billing portal for the client's own customer (issue #16).
  "routes/portal/billing": { loader: PORTAL_PAGE, action: { access: "portal", policy: "portal.read-own" } },

  "routes/admin/layout": { layout: "staff" },
  "routes/admin/index": { loader: staff("admin.enter") },
  "routes/admin/clients": { loader: staff("profiles.list"), action: staff("lead.convert") },
  "routes/admin/client": {
    loader: staff("client.read"),
    action: {
      intents: {
        "set-role": staff("profile.set-role"),
        "set-plan": staff("profile.set-plan"),
        adjust: staff("usage.adjust"),
        "add-activity": staff("activity.create"),
        "assign-homework": staff("homework.assign"),
        "review-homework": staff("homework.review"),
        "add-resource": staff("resource.manage"),
        "remove-resource": staff("resource.manage"),
        "delete-person": staff("profile.delete", { success: { redirect: "/admin/clients" } }),
      },
    },
  },
  "routes/admin/payments": { loader: staff("payments.read") },
  "routes/admin/lesson-new": { loader: staff("lesson.create"), action: staff("lesson.create") },
  "routes/admin/lesson-edit": {
    loader: staff("lesson.edit"),
    action: {
      intents: {
        save: staff("lesson.edit"),
        delete: staff("lesson.edit", { success: { redirect: "/admin/clients/:id" } }),
      },
    },
  },

  "routes/resources/healthz": { loader: PUBLIC },
  "routes/resources/events": { loader: { access: "signed-in-api" } },
  "routes/resources/sitemap": { loader: PUBLIC },
  "routes/resources/robots": { loader: PUBLIC },
  "routes/not-found": { loader: { access: "none", answers: 404 } },
} as const satisfies Record<string, RouteAccess>;

/** What a person gets from a handler: allowed (`ok`, `done`) or not (everything else). */
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

/** Who may perform each action: the matrix passes the spec's table, independent of POLICY. */
export type Rules = Readonly<Record<Action, readonly Role[]>>;

function guardOutcome(handler: Handler, role: Role | null, rules: Rules): Outcome | null {
  const viewer = role ? { role } : null;
  const staff = role !== null && rules["admin.enter"].includes(role);
  switch (handler.access) {
    case "public":
      return null;
    case "guest":
      return viewer ? { kind: "sent", to: "/dashboard" } : null;
    case "signed-in":
      return viewer ? null : { kind: "sign-in" };
    case "signed-in-api":
      return viewer ? null : { kind: "refused", status: 401 };
    case "portal":
      if (!viewer) return { kind: "sign-in" };
      return staff ? { kind: "sent", to: "/admin" } : null;
    case "staff":
      if (!viewer) return { kind: "sign-in" };
      return staff ? null : { kind: "sent", to: "/dashboard" };
    case "none":
      return { kind: "refused", status: handler.answers ?? 404 };
  }
}

/** The outcome for one person, from the handler's guard and `rules`. */
export function expectedOutcome(handler: Handler, person: Person, rules: Rules): Outcome {
  const role = PERSON_ROLE[person];
  const guarded = guardOutcome(handler, role, rules);
  if (guarded) return guarded;
  if (handler.policy && !(role !== null && rules[handler.policy].includes(role))) {
    return handler.otherwise === "demo" ? { kind: "ok", demo: true } : { kind: "refused", status: 403 };
  }
  if (handler.owned && person === "another-client") return { kind: "refused", status: 404 };
  return handler.success ? { kind: "done", to: handler.success.redirect } : { kind: "ok", demo: false };
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

/** One row of the matrix: a route's GET, its action, or one intent of its action. */
export type MatrixRow = { routeId: string; method: "GET" | "POST"; intent: string | null; handler: Handler };

export function matrixRows(table: Readonly<Record<string, RouteAccess>> = ROUTE_ACCESS): MatrixRow[] {
  const rows: MatrixRow[] = [];
  for (const [routeId, entry] of Object.entries(table)) {
    if ("layout" in entry) continue;
    rows.push({ routeId, method: "GET", intent: null, handler: entry.loader });
    const action = entry.action;
    if (!action) continue;
    if ("intents" in action) {
      for (const [intent, handler] of Object.entries(action.intents)) {
        rows.push({ routeId, method: "POST", intent, handler });
      }
    } else {
      rows.push({ routeId, method: "POST", intent: null, handler: action });
    }
  }
  return rows;
}
