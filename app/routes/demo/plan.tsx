import { PlanView } from "~/components/portal/plan-view";
import { hydrateOnIntent } from "~/lib/hydrate-on-intent";
import { privateMeta } from "~/lib/seo";
import { modeFor, planView } from "~/server/models/portal-view.server";
import { PUBLIC, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/plan";

export const access = routeAccess({ loader: PUBLIC });

export const handle = hydrateOnIntent;

export async function loader({ request }: Route.LoaderArgs) {
  return planView(null, modeFor(null, request, true));
}

export const meta = privateMeta("Plan demo", "A read-only demo of what each plan includes.");

export default function DemoPlan({ loaderData }: Route.ComponentProps) {
  return <PlanView data={loaderData} demoNav />;
}
