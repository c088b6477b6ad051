import type { Role } from "~/domain/plans";
import type { Action } from "~/domain/policy";

// Who may do what, written by hand from docs/product/roles.md and the decision records, NOT from the app's
// POLICY: the authorization matrix expects these answers, so a wrong POLICY row fails it. Keyed by the
// app's action names, so a new POLICY action without a row here is a type error.

const STAFF = ["admin", "coach"] as const;
const ADMIN_ONLY = ["admin"] as const;
const EVERYONE_SIGNED_IN = ["admin", "coach", "client", "lead"] as const;

export const SPEC_ROLES: Readonly<Record<Action, readonly Role[]>> = {
  // docs/product/roles.md, Capabilities (client); a lead sees the demo.
  "portal.read-own": ["client"],
  "homework.submit-own": ["client"],
  // docs/product/screens.md, Admin area guard.
  "admin.enter": STAFF,
  "profiles.list": STAFF,
  // Both staff roles open a client; its changes are admin only (docs/SECURITY.md, threat model).
  "client.read": STAFF,
  // docs/product/roles.md, Capabilities (coach): the lesson editor is the same capability.
  "lesson.create": STAFF,
  "lesson.edit": STAFF,
  // The coach assigns and reviews.
  "homework.assign": STAFF,
  "homework.review": STAFF,
  // docs/decisions/0021-spec-readings.md.
  "resource.manage": STAFF,
  // docs/product/roles.md, Capabilities (admin).
  "lead.convert": ADMIN_ONLY,
  "profile.set-role": ADMIN_ONLY,
  "profile.set-plan": ADMIN_ONLY,
  "usage.adjust": ADMIN_ONLY,
  "special-item.mark": ADMIN_ONLY,
  "activity.create": ADMIN_ONLY,
  // docs/decisions/0028-bookings.md.
  "bookings.read": STAFF,
  "bookings.resolve": ADMIN_ONLY,
  // docs/decisions/0055-no-shows-and-expiry.md: the coach who held the session marks a no-show.
  "bookings.no-show": STAFF,
  // docs/decisions/0016-data-rights.md.
  "self.export": EVERYONE_SIGNED_IN,
  "self.request-deletion": EVERYONE_SIGNED_IN,
  "profile.delete": ADMIN_ONLY,
  // docs/decisions/0027-payments.md: a buyer signs in, staff are refused; coach reads, admin changes.
  "checkout.start": ["lead", "client"],
  "payments.read": STAFF,
  "payments.manage": ADMIN_ONLY,
  // docs/decisions/0029-email-outbox.md: each chooses their own; coach reads the Emails page, admin retries.
  "self.email-preferences": EVERYONE_SIGNED_IN,
  "emails.read": STAFF,
  "emails.retry": ADMIN_ONLY,
  // docs/decisions/0043-file-storage.md: a client hands in their own files; staff hand back to any client.
  "files.own": ["client"],
  "files.manage": STAFF,
  // docs/decisions/0044-discount-codes.md: every client refers with their own code; the admin makes sponsor
  // codes and pays cash rewards, as they change payments.
  "referral.own": ["client"],
  "codes.manage": ADMIN_ONLY,
  // docs/decisions/0047-coaching-agreement.md: the agreement is terms of sale, changed like payments (admin);
  // the coach reads it and the acceptances; each client accepts for themselves.
  "agreement.read": STAFF,
  "agreement.manage": ADMIN_ONLY,
  "agreement.accept-own": ["client"],
  // docs/decisions/0046-intake-questionnaire.md: the coach writes the questions and asks a client again,
  // like the lessons they add; a client answers their own.
  "intake.manage": STAFF,
  "intake.answer-own": ["client"],
  // Issue 44 and docs/decisions/0053-job-search.md: the client's search is theirs to keep; the coach and the
  // admin see it beside them (read only in phase 1).
  "job-search.own": ["client"],
  "job-search.read": STAFF,
  // The coach's board: the stalled flag's number of days is a coaching call, the coach's as much as the admin's.
  "job-search.settings": STAFF,
  // Issue 45 and docs/decisions/0054-business-at-a-glance.md: the business's money and its files are the
  // admin's; the coach reads each client's payments as before (payments.read).
  "business.read": ["admin"],
  "business.export": ["admin"],
  // Issue 44: "read-only except for notes the coach adds (private to staff or shared, chosen per note)".
  "job-search.note": STAFF,
  // 0054: capacity and the funnel are the coach's work to read too (no money on them).
  "capacity.read": STAFF,
  // Issue 45: a no-show's cost and the sessions' expiry are terms of sale, changed like the agreement (admin).
  "practice.settings": ADMIN_ONLY,
};
