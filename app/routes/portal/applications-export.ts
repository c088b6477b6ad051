import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { applicationsCsv } from "~/server/job-export.server";
import { ownApplicationsForExport } from "~/server/models/job-import.server";
import { portal, routeAccess } from "~/server/route-access";
import type { Route } from "./+types/applications-export";

// The client's applications as a CSV download (docs/decisions/0053-job-search.md, "Import and export").
export const access = routeAccess({ loader: portal("job-search.own") });

export async function loader({ context }: Route.LoaderArgs) {
  const rows = await ownApplicationsForExport(await getDb(), permitFor(context, "job-search.own"));
  return applicationsCsv("job-search.csv", rows);
}
