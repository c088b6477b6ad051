import { data } from "react-router";
import type { Role } from "~/domain/plans";
import type { Viewer } from "~/domain/viewer";

// The one table of who may do what (ARCHITECTURE: security model). Every loader and action asks it;
// the route middleware only draws the broad lines (signed in; staff).

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
  // Data rights (docs/decisions/0016-data-rights.md): anyone signed in exports their own data and
  // may ask for deletion; only an admin deletes a person.
  "self.export": ["admin", "coach", "client", "lead"],
  "self.request-deletion": ["admin", "coach", "client", "lead"],
  "profile.delete": ["admin"],
  // Payments (docs/decisions/0022-payments.md): a lead or client buys for themselves; staff see every
  // payment; only an admin changes anything about one.
  "checkout.start": ["lead", "client"],
  "payments.read": ["admin", "coach"],
  "payments.manage": ["admin"],
} as const satisfies Record<string, readonly Role[]>;

export type Action = keyof typeof POLICY;

export function can(viewer: Pick<Viewer, "role"> | null | undefined, action: Action): boolean {
  return viewer != null && (POLICY[action] as readonly Role[]).includes(viewer.role);
}

/** Refuses with 403 (and changes nothing) unless the viewer may perform the action. */
export function assertCan(viewer: Pick<Viewer, "role"> | null | undefined, action: Action): void {
  if (!can(viewer, action)) {
    throw data({ error: "You don't have permission to do that." }, { status: 403 });
  }
}
