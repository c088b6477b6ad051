import type { Role } from "./plans";

// The one table of who may do what. Shared with the browser on purpose: there it only decides what to
// show; the server's middleware and permits decide (app/server/policy.server.ts).

export const POLICY = {
  "portal.read-own": ["client"],
  "homework.submit-own": ["client"],
  "admin.enter": ["admin", "coach"],
  "profiles.list": ["admin", "coach"],
  "client.read": ["admin", "coach"],
  "lesson.create": ["admin", "coach"],
  "lesson.edit": ["admin", "coach"],
  "homework.assign": ["admin", "coach"],
  "homework.review": ["admin", "coach"],
  "resource.manage": ["admin", "coach"],
  "lead.convert": ["admin"],
  "profile.set-role": ["admin"],
  "profile.set-plan": ["admin"],
  "usage.adjust": ["admin"],
  "special-item.mark": ["admin"],
  "activity.create": ["admin"],
  // docs/decisions/0028-bookings.md.
  "bookings.read": ["admin", "coach"],
  "bookings.resolve": ["admin"],
  // docs/decisions/0055-no-shows-and-expiry.md: whoever held the session marks that the client missed it.
  "bookings.no-show": ["admin", "coach"],
  // docs/decisions/0016-data-rights.md.
  "self.export": ["admin", "coach", "client", "lead"],
  "self.request-deletion": ["admin", "coach", "client", "lead"],
  "profile.delete": ["admin"],
  // docs/decisions/0027-payments.md.
  "checkout.start": ["lead", "client"],
  "payments.read": ["admin", "coach"],
  "payments.manage": ["admin"],
  // docs/decisions/0029-email-outbox.md.
  "self.email-preferences": ["admin", "coach", "client", "lead"],
  "emails.read": ["admin", "coach"],
  "emails.retry": ["admin"],
  // docs/decisions/0043-file-storage.md: a client's own files; staff any client's.
  "files.own": ["client"],
  "files.manage": ["admin", "coach"],
  // docs/decisions/0044-discount-codes.md: a client's own referral code and rewards; sponsor codes and
  // cash rewards paid are the admin's (staff read them through payments.read).
  "referral.own": ["client"],
  "codes.manage": ["admin"],
  // docs/decisions/0047-coaching-agreement.md: the coach reads the agreement and who accepted it; the
  // admin writes it and sets what holds booking back; a client accepts for themselves.
  "agreement.read": ["admin", "coach"],
  "agreement.manage": ["admin"],
  "agreement.accept-own": ["client"],
  // docs/decisions/0046-intake-questionnaire.md: the coach writes the questions and asks again; a client
  // answers their own.
  "intake.manage": ["admin", "coach"],
  "intake.answer-own": ["client"],
  // docs/decisions/0053-job-search.md: a client keeps their own applications; staff read them (phase 1:
  // staff do not edit).
  "job-search.own": ["client"],
  "job-search.read": ["admin", "coach"],
  // The coach's board: after how many quiet days a client's search is flagged stalled.
  "job-search.settings": ["admin", "coach"],
  // docs/decisions/0054-business-at-a-glance.md: the business's money and its files are the admin's.
  "business.read": ["admin"],
  "business.export": ["admin"],
  // Notes on a client's applications, for staff only or shared with the client, chosen per note.
  "job-search.note": ["admin", "coach"],
  // The same record: capacity and the funnel are the coach's work to read too; no money on them.
  "capacity.read": ["admin", "coach"],
  // docs/decisions/0055-no-shows-and-expiry.md: what a no-show costs and when a plan's sessions expire are
  // terms of sale, the admin's to change; the coach reads them on the capacity page (capacity.read).
  "practice.settings": ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof POLICY;

export function can(viewer: { role: Role } | null | undefined, action: Action): boolean {
  return viewer != null && (POLICY[action] as readonly Role[]).includes(viewer.role);
}
