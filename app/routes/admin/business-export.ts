import { periodOf, yearPeriod } from "~/domain/business";
import { permitFor } from "~/server/auth/context.server";
import { businessExport } from "~/server/business/export.server";
import { getDb } from "~/server/db.server";
import { refuse } from "~/server/refusal.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/business-export";

// The accountant's CSV files: ?what=payments|bookings and ?year=, ?month= or ?from=&to= (days, both
// included); none: this year. The admin's (docs/decisions/0054-business-at-a-glance.md); every download is audited.

export const access = routeAccess({ loader: staff("business.export") });

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const what = params.get("what") === "bookings" ? "bookings" : "payments";
  // Nothing asked: this year's file.
  const asked = ["year", "month", "from", "to"].some((name) => params.has(name));
  const period = asked ? periodOf(params) : yearPeriod(new Date().getUTCFullYear());
  if (!period) refuse("Choose a year, or a first and a last day (at most ten years).", 400);
  const permits = {
    read: permitFor(context, "business.read"),
    export: permitFor(context, "business.export"),
  };
  return businessExport(await getDb(), permits, what, period);
}
