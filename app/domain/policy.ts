import type { Role } from "./plans";

// The one table of who may do what (ARCHITECTURE: security model). Nothing else in the app lists
// roles: the server's access middleware, the permits every model function requires
// (app/server/policy.server.ts) and what the browser shows (the header's Admin link, live updates)
// all ask `can`. Shared with the browser on purpose: it only decides what to show; the server decides.

export const POLICY = {
  // The client portal: one's own plan, usage, activities, lessons, homework and resources.
  "portal.read-own": ["client"],
  "homework.submit-own": ["client"],
  // The admin area (ARCHITECTURE: coach vs admin).
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
  // Bookings from Cal.com (docs/decisions/0028-bookings.md): staff see them; only an admin assigns an
  // unmatched one to a person or marks an over-plan one resolved.
  "bookings.read": ["admin", "coach"],
  "bookings.resolve": ["admin"],
  // Data rights (docs/decisions/0016-data-rights.md): anyone signed in exports their own data and
  // may ask for deletion; only an admin deletes a person.
  "self.export": ["admin", "coach", "client", "lead"],
  "self.request-deletion": ["admin", "coach", "client", "lead"],
  "profile.delete": ["admin"],
  // Payments (docs/decisions/0027-payments.md): a lead or client buys for themselves; staff see every
  // payment; only an admin changes anything about one.
  "checkout.start": ["lead", "client"],
  "payments.read": ["admin", "coach"],
  "payments.manage": ["admin"],
  // Email (docs/decisions/0029-email-outbox.md): each person chooses their own emails; staff read every
  // message the site sent or would send; only an admin sends a failed one again.
  "self.email-preferences": ["admin", "coach", "client", "lead"],
  "emails.read": ["admin", "coach"],
  "emails.retry": ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof POLICY;

export function can(viewer: { role: Role } | null | undefined, action: Action): boolean {
  return viewer != null && (POLICY[action] as readonly Role[]).includes(viewer.role);
}
