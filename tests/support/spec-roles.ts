import type { Role } from "~/domain/plans";
import type { Action } from "~/domain/policy";

// Who may do what, written by hand from the spec, NOT from the app's POLICY table: the authorization
// matrix (tests/system/authorization-matrix.test.ts) expects these answers from the running server, so a
// wrong row in POLICY (say, coaches allowed to change plans) makes it fail. Read it beside SPEC §6:
//
// | Role    | Capabilities (SPEC §6)                                                                      |
// | lead    | demo data on the dashboard                                                                  |
// | client  | Dashboard; own lessons, homework, resources and activities                                  |
// | coach   | admin area: add lessons, list leads and clients                                             |
// | admin   | the same as coach; also convert leads, set role and plan, adjust quotas, mark special       |
// |         | items, add activities                                                                       |
//
// plus the readings the spec left open, each in a decision record:
// - ARCHITECTURE "Coach vs admin": both open a client; converting, role, plan, quotas, special items and
//   activities are admin only.
// - ARCHITECTURE "Homework": the coach assigns and reviews; the client submits.
// - docs/decisions/0021-spec-readings.md: resources are kept by the coach and admin, like lessons.
// - docs/decisions/0016-data-rights.md: anyone signed in downloads their own data and asks for deletion;
//   only an admin deletes a person.
//
// Keyed by the app's action names so that a new POLICY action without a row here is a type error;
// the roles are this file's own.

const STAFF = ["admin", "coach"] as const;
const ADMIN_ONLY = ["admin"] as const;
const EVERYONE_SIGNED_IN = ["admin", "coach", "client", "lead"] as const;

export const SPEC_ROLES: Readonly<Record<Action, readonly Role[]>> = {
  // §6 client: "Dashboard; own lessons, homework, resources and activities". A lead sees the demo.
  "portal.read-own": ["client"],
  // ARCHITECTURE "Homework": the client submits.
  "homework.submit-own": ["client"],
  // §6 coach: "admin area"; §2 Admin area guard: "Role other than admin or coach: go to /dashboard".
  "admin.enter": STAFF,
  // §6 coach: "list leads and clients".
  "profiles.list": STAFF,
  // ARCHITECTURE "Coach vs admin": both open a client.
  "client.read": STAFF,
  // §6 coach: "add lessons"; the lesson editor is the same capability.
  "lesson.create": STAFF,
  "lesson.edit": STAFF,
  // ARCHITECTURE "Homework": the coach assigns and reviews.
  "homework.assign": STAFF,
  "homework.review": STAFF,
  // docs/decisions/0021: resources are kept by the coach and admin.
  "resource.manage": STAFF,
  // §6 admin: "also convert leads, set role and plan, adjust quotas, mark special items, add activities".
  "lead.convert": ADMIN_ONLY,
  "profile.set-role": ADMIN_ONLY,
  "profile.set-plan": ADMIN_ONLY,
  "usage.adjust": ADMIN_ONLY,
  "special-item.mark": ADMIN_ONLY,
  "activity.create": ADMIN_ONLY,
  // Issue #18: the coach role sees bookings; only an admin assigns an unmatched one or resolves one
  // (docs/decisions/0028-bookings.md).
  "bookings.read": STAFF,
  "bookings.resolve": ADMIN_ONLY,
  // docs/decisions/0016: one's own data, for anyone signed in; deleting a person, admin only.
  "self.export": EVERYONE_SIGNED_IN,
  "self.request-deletion": EVERYONE_SIGNED_IN,
  "profile.delete": ADMIN_ONLY,
  // Issue #16: "every payment belongs to a person" who signed in to buy (a lead or a client; "a buyer
  // who is staff → refused"); "Coach role: sees payments; only admin changes anything".
  "checkout.start": ["lead", "client"],
  "payments.read": STAFF,
  "payments.manage": ADMIN_ONLY,
  // Issue #17: "On /account each person chooses per kind"; the Emails page: "Coach role: can read;
  // admin: can retry".
  "self.email-preferences": EVERYONE_SIGNED_IN,
  "emails.read": STAFF,
  "emails.retry": ADMIN_ONLY,
};
