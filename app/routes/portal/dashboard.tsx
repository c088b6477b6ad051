import { DashboardView } from "~/components/portal/dashboard-view";
import { seo } from "~/lib/seo";
import { currentViewer, permitIf } from "~/server/auth/context.server";
import { dashboardView, modeFor } from "~/server/models/portal-view.server";
import { PORTAL_PAGE, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/dashboard";

// Who may load this page (and use its action): enforced by app/server/auth/access.server.ts.
export const access = routeAccess({ loader: PORTAL_PAGE });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  const data = await dashboardView(permitIf(context, "portal.read-own"), modeFor(viewer, request, false));
  return { ...data, greeting: `Welcome back, ${viewer.fullName?.split(" ")[0] ?? viewer.email}` };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Dashboard",
    description: "Your coaching dashboard.",
    path: "/dashboard",
    noindex: true,
  });
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return <DashboardView data={loaderData} greeting={loaderData.greeting} />;
}
