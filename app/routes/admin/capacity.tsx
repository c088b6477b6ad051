import { CapacitySection } from "~/components/admin/business-capacity";
import { capacityByKind, capacityByPlan } from "~/domain/capacity";
import { seo } from "~/lib/seo";
import { permitFor } from "~/server/auth/context.server";
import { bookedWeek, capacityRows } from "~/server/business/capacity.server";
import { getDb } from "~/server/db.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/capacity";

// Capacity and the funnel (docs/decisions/0054-business-at-a-glance.md): the coach's and the admin's, no
// money on it. Its own page beside Business, so the coach, who may not open Business, has it in the nav.

export const access = routeAccess({ loader: staff("capacity.read") });

export async function loader({ context }: Route.LoaderArgs) {
  const permit = permitFor(context, "capacity.read");
  const db = await getDb();
  const now = new Date();
  const [rows, week] = await Promise.all([capacityRows(db, permit, now), bookedWeek(db, permit, now)]);
  return { byKind: capacityByKind(rows), byPlan: capacityByPlan(rows), week };
}

export function meta({ matches }: Route.MetaArgs) {
  return seo(matches, {
    title: "Capacity",
    description: "Sessions and reviews sold, delivered and still to give.",
    path: "/admin/capacity",
    noindex: true,
  });
}

export default function Capacity({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <h1 className="text-3xl font-bold tracking-tight">Capacity</h1>
      <CapacitySection {...loaderData} />
    </div>
  );
}
