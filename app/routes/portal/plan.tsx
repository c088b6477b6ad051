import { PlanView } from "~/components/portal/plan-view";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitIf } from "~/server/auth/context.server";
import { modeFor, planView } from "~/server/models/portal-view.server";
import { PORTAL_PAGE, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/plan";

export const access = routeAccess({ loader: PORTAL_PAGE });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  return planView(permitIf(context, "portal.read-own"), modeFor(viewer, request, false));
}

export const meta = privateMeta("Your plan", "What your plan includes.");

export default function Plan({ loaderData }: Route.ComponentProps) {
  return <PlanView data={loaderData} />;
}
