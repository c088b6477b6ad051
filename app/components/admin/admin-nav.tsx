import { useRouteLoaderData } from "react-router";
import { LightNavLink } from "~/components/light-link";
import type { Role } from "~/domain/plans";
import { type Action, can } from "~/domain/policy";

// The admin area's one way around (docs/decisions/0051-finished-screens.md): every page of it, the current
// one marked, wrapping on a phone like the portal's tabs (app/components/portal/portal-page.tsx). Every
// page here is open to coach and admin alike (app/domain/policy.ts) but Business, the admin's alone
// (docs/decisions/0054-business-at-a-glance.md): a link with `needs` shows only to a role that may open it.

export const ADMIN_NAV = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/clients", label: "Leads & Clients", end: false },
  { to: "/admin/lessons/new", label: "Add Lesson", end: true },
  { to: "/admin/homework", label: "Homework", end: true },
  // Its outcomes page (/admin/job-search/outcomes) is linked from the board: one line of links at 1280 px.
  { to: "/admin/job-search", label: "Job search", end: false },
  { to: "/admin/payments", label: "Payments", end: true },
  { to: "/admin/business", label: "Business", end: false, needs: "business.read" },
  { to: "/admin/capacity", label: "Capacity", end: true, needs: "capacity.read" },
  { to: "/admin/codes", label: "Codes", end: true },
  { to: "/admin/emails", label: "Emails", end: false },
  { to: "/admin/intake", label: "Intake", end: true },
  { to: "/admin/agreement", label: "Agreement", end: true },
] as const satisfies readonly { to: string; label: string; end: boolean; needs?: Action }[];

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2.5 py-1 text-sm ${
    isActive ? "bg-accent font-semibold text-accent-foreground" : "text-muted-foreground hover:bg-muted"
  }`;

export function AdminNav() {
  const viewer = (useRouteLoaderData("root") as { viewer?: { role: Role } | null } | undefined)?.viewer;
  const shown = ADMIN_NAV.filter((item) => !("needs" in item) || can(viewer, item.needs));
  return (
    <div className="border-b border-border">
      <nav aria-label="Admin" className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4 py-1.5">
        {shown.map((item) => (
          <LightNavLink key={item.to} to={item.to} end={item.end} className={tabClass}>
            {item.label}
          </LightNavLink>
        ))}
      </nav>
    </div>
  );
}
