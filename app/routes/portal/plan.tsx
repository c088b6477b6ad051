import { PlanView } from "~/components/portal/plan-view";
import { seo } from "~/lib/seo";
import { currentViewer } from "~/server/auth/context.server";
import { modeFor, planView } from "~/server/models/portal-view.server";
import type { Route } from "./+types/plan";

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = currentViewer(context);
  return planView(viewer, modeFor(viewer, request, false));
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Your plan",
    description: "What your plan includes.",
    path: "/plan",
    noindex: true,
  });
}

export default function Plan({ loaderData }: Route.ComponentProps) {
  return <PlanView data={loaderData} />;
}
