import { BackLink } from "~/components/admin/back-link";
import { HeadedSection } from "~/components/ui/headed-section";
import type { Route } from "./+types/route";

export type ClientData = Route.ComponentProps["loaderData"];

/** The action's answer to a form of the page (the parts post to it through their own fetchers). */
export type ClientAnswer = NonNullable<Route.ComponentProps["actionData"]>;

export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <HeadedSection id={id} title={title} titleClassName="scroll-mt-20 text-xl font-semibold">
      <div className="mt-4">{children}</div>
    </HeadedSection>
  );
}

export function BackToClients() {
  return <BackLink to="/admin/clients">Back to Clients</BackLink>;
}

/** The page is long, on a phone most of all. */
const JUMPS = [
  ["quotas", "Quotas"],
  ["activity", "Activity"],
  ["review", "To review"],
  ["specials", "Special items"],
  ["intake", "Intake"],
  ["bookings", "Sessions booked"],
  ["homework", "Homework"],
  ["job-search", "Job search"],
  ["files", "Files"],
  ["lessons", "Lessons"],
  ["resources", "Resources"],
  ["payments", "Payments"],
  ["trail", "Audit trail"],
] as const;

export function JumpLinks() {
  return (
    <nav aria-label="On this page" className="mt-4">
      <ul className="flex flex-wrap gap-1 text-sm">
        {JUMPS.map(([id, label]) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="inline-block rounded-full border border-border px-2 py-1 hover:bg-muted"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
