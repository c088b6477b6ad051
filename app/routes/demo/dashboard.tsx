import { DashboardView } from "~/components/portal/dashboard-view";
import { DEMO_PERSON } from "~/content/demo";
import { PLAN_LABELS } from "~/domain/plans";
import { hydrateOnIntent } from "~/lib/hydrate-on-intent";
import { seo } from "~/lib/seo";
import { dashboardView, modeFor } from "~/server/models/portal-view.server";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/dashboard";

export const access = routeAccess({ loader: PUBLIC });

export const handle = hydrateOnIntent;

// docs/product/screens.md, Route table: forced demo mode for anyone, ?plan= defaults to pro.
export async function loader({ request }: Route.LoaderArgs) {
  return dashboardView(null, modeFor(null, request, true));
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const plan = loaderData ? PLAN_LABELS[loaderData.mode.plan] : "Pro";
  return seo(matches, {
    title: `Client portal demo (${plan})`,
    description: "A read-only demo of the client portal: sessions, mock interviews, reviews and activity.",
    noindex: true,
  });
}

export default function DemoDashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardView data={loaderData} greeting={`Sample client: ${DEMO_PERSON.name}`} demoNav />;
}
