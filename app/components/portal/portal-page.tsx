import { useNavigation } from "react-router";
import { LightLink, LightNavLink } from "~/components/light-link";
import { PLAN_LABELS } from "~/domain/plans";
import type { PortalMode } from "~/domain/portal-mode";
import { LoadingStatus } from "../loading-status";

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `whitespace-nowrap rounded-md px-3 py-1.5 text-sm ${
    isActive ? "bg-accent font-semibold text-accent-foreground" : "text-muted-foreground hover:bg-muted"
  }`;

/** On /demo it stays inside the demo and keeps the chosen plan. */
export function PortalNav({ demoPlan }: { demoPlan?: string }) {
  const tabs = demoPlan
    ? [
        { to: `/demo?plan=${demoPlan}`, label: "Dashboard", end: true },
        { to: `/demo/plan?plan=${demoPlan}`, label: "Plan", end: true },
      ]
    : [
        { to: "/dashboard", label: "Dashboard", end: true },
        { to: "/lessons", label: "Lessons", end: true },
        { to: "/homework", label: "Homework", end: true },
        { to: "/applications", label: "Job search", end: false },
        { to: "/resources", label: "Resources", end: true },
        { to: "/files", label: "Files", end: true },
        { to: "/plan", label: "Plan", end: true },
        { to: "/billing", label: "Billing", end: true },
      ];
  return (
    <nav aria-label="Portal" className="flex flex-wrap gap-1">
      {tabs.map((tab) => (
        <LightNavLink key={tab.to} to={tab.to} end={tab.end} className={tabClass}>
          {tab.label}
        </LightNavLink>
      ))}
    </nav>
  );
}

export function DemoBanner({ mode }: { mode: PortalMode }) {
  if (mode.kind !== "demo") return null;
  return (
    <aside
      aria-label="Demo"
      className="rounded-xl border border-primary/40 bg-accent px-4 py-3 text-sm text-accent-foreground"
    >
      <p>
        <strong>This is a read-only demo</strong> of the {PLAN_LABELS[mode.plan]} plan, with sample data. Your
        own sessions, lessons and homework appear here once you're a client.
      </p>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        <LightLink to="/#contact" className="font-semibold underline underline-offset-2">
          Book a free intro call
        </LightLink>
        <LightLink to="/pricing" className="font-semibold underline underline-offset-2">
          See plans and pricing
        </LightLink>
        <span className="text-accent-foreground/80">
          Other plans:{" "}
          {(["basic", "pro", "premium"] as const)
            .filter((plan) => plan !== mode.plan)
            .map((plan, i) => (
              <span key={plan}>
                {i > 0 && " · "}
                <LightLink to={`?plan=${plan}`} className="underline underline-offset-2">
                  {PLAN_LABELS[plan]}
                </LightLink>
              </span>
            ))}
        </span>
      </p>
    </aside>
  );
}

export function PortalPage({
  title,
  subtitle,
  mode,
  demoNav = false,
  children,
}: {
  title: string;
  subtitle?: React.ReactNode;
  mode: PortalMode;
  demoNav?: boolean;
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading";
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <PortalNav demoPlan={demoNav ? mode.plan : undefined} />
      <div className="mt-6 flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
        {subtitle && <p className="text-muted-foreground">{subtitle}</p>}
      </div>
      <div className="mt-4">
        <DemoBanner mode={mode} />
      </div>
      {loading && <LoadingStatus />}
      <div
        className={`mt-6 space-y-10 transition-opacity ${loading ? "opacity-60" : ""}`}
        aria-busy={loading}
      >
        {children}
      </div>
    </div>
  );
}

export function EmptyState({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-xl border border-dashed border-border px-4 py-8 text-center text-muted-foreground">
      {children}
    </p>
  );
}
