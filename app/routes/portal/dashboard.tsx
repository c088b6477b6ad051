import { PaymentNotice } from "~/components/payments/payment-notice";
import { DashboardView } from "~/components/portal/dashboard-view";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitIf } from "~/server/auth/context.server";
import { dashboardView, modeFor } from "~/server/models/portal-view.server";
import { PORTAL_PAGE, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/dashboard";

export const access = routeAccess({ loader: PORTAL_PAGE });

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  const mode = modeFor(viewer, request, false);
  const permit = permitIf(context, "portal.read-own");
  // One round trip (docs/decisions/0031-people-benchmark.md).
  const data = await dashboardView(permit, mode);
  return {
    ...data,
    greeting: `Welcome back, ${viewer.fullName?.split(" ")[0] ?? viewer.email}`,
  };
}

export const meta = privateMeta("Dashboard", "Your coaching dashboard.");

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PaymentNotice show={loaderData.paymentFailed} />
      <DashboardView data={loaderData} greeting={loaderData.greeting} />
    </>
  );
}
