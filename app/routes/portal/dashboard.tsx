import { PaymentNotice } from "~/components/payments/payment-notice";
import { DashboardView } from "~/components/portal/dashboard-view";
import { seo } from "~/lib/seo";
import { currentViewer } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { hasFailedPayment } from "~/server/models/orders.server";
import { dashboardView, modeFor } from "~/server/models/portal-view.server";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  const mode = modeFor(viewer, request, false);
  const [data, paymentFailed] = await Promise.all([
    dashboardView(viewer, mode),
    mode.kind === "real" ? getDb().then((db) => hasFailedPayment(db, viewer)) : false,
  ]);
  return {
    ...data,
    paymentFailed,
    greeting: `Welcome back, ${viewer.fullName?.split(" ")[0] ?? viewer.email}`,
  };
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
  return (
    <>
      <PaymentNotice show={loaderData.paymentFailed} />
      <DashboardView data={loaderData} greeting={loaderData.greeting} />
    </>
  );
}
