import { LightNavLink } from "~/components/light-link";

// The admin area's one way around (docs/decisions/0051-finished-screens.md): every page of it, the current
// one marked, wrapping on a phone like the portal's tabs (app/components/portal/portal-page.tsx). Every
// page here is open to coach and admin alike (app/domain/policy.ts), so both see the same links.

export const ADMIN_NAV = [
  { to: "/admin", label: "Overview", end: true },
  { to: "/admin/clients", label: "Leads & Clients", end: false },
  { to: "/admin/lessons/new", label: "Add Lesson", end: true },
  { to: "/admin/homework", label: "Homework", end: true },
  { to: "/admin/job-search", label: "Job search", end: true },
  { to: "/admin/payments", label: "Payments", end: true },
  { to: "/admin/codes", label: "Codes", end: true },
  { to: "/admin/emails", label: "Emails", end: false },
  { to: "/admin/intake", label: "Intake", end: true },
  { to: "/admin/agreement", label: "Agreement", end: true },
] as const;

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-2.5 py-1 text-sm ${
    isActive ? "bg-accent font-semibold text-accent-foreground" : "text-muted-foreground hover:bg-muted"
  }`;

export function AdminNav() {
  return (
    <div className="border-b border-border">
      <nav aria-label="Admin" className="mx-auto flex max-w-6xl flex-wrap gap-1 px-4 py-1.5">
        {ADMIN_NAV.map((item) => (
          <LightNavLink key={item.to} to={item.to} end={item.end} className={tabClass}>
            {item.label}
          </LightNavLink>
        ))}
      </nav>
    </div>
  );
}
