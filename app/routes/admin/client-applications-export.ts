import { idSchema } from "~/lib/schemas/admin";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { applicationsCsv } from "~/server/job-export.server";
import { applicationsForExport } from "~/server/models/job-import.server";
import { getPerson } from "~/server/models/people.server";
import { refusal } from "~/server/refusal.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/client-applications-export";

// A client's applications as staff download them from the client's page (docs/decisions/0053-job-search.md).
export const access = routeAccess({ loader: staff("job-search.read") });

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = idSchema.safeParse(params.id);
  if (!id.success) throw refusal({ error: "No one with that id." }, { status: 404 });
  const db = await getDb();
  const person = await getPerson(db, permitFor(context, "client.read"), id.data);
  const rows = await applicationsForExport(db, permitFor(context, "job-search.read"), person.id);
  return applicationsCsv(`job-search-${person.id.slice(0, 8)}.csv`, rows);
}
