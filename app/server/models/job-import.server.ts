import { asc, eq } from "drizzle-orm";
import { isJobStage } from "~/domain/job-search";
import { problemOf } from "~/lib/forms";
import type { ImportRow, RowProblem } from "~/lib/job-import-rows";
import { applicationFieldsSchema, JOB_MESSAGES } from "~/lib/schemas/job-search";
import { invalid } from "../action-result.server";
import type { Db } from "../db.server";
import { publishChange } from "../live/bus.server";
import type { Permit } from "../policy.server";
import { jobApplicationMoves, jobApplications } from "../schema-job-search";
import { todayFor } from "./job-search-read.server";

// An import stores every row or none (docs/decisions/0053-job-search.md, "Import and export"): one
// transaction, each row checked again with the add form's schema, each application created at the file's
// stage with its first move (from nothing), as createApplication does (models/job-search.server.ts).

/** Rows per insert: 13 columns each, well under PostgreSQL's 65,535 parameters a statement. */
const BATCH = 500;

export const importRefused = (problems: readonly RowProblem[]) => {
  const first = problems[0];
  const count = problems.length === 1 ? "1 row cannot be read" : `${problems.length} rows cannot be read`;
  return `${count}, so nothing was stored${first ? ` (row ${first.row}: ${first.message})` : ""}. Fix the file and preview it again.`;
};

export async function importApplications(
  db: Db,
  permit: Permit<"job-search.own">,
  rows: readonly ImportRow[],
) {
  const problems: RowProblem[] = [];
  const checked = rows.flatMap((row) => {
    const parsed = applicationFieldsSchema.safeParse(row.fields);
    if (!parsed.success) problems.push({ row: row.row, message: problemOf(parsed.error).error });
    else if (!isJobStage(row.stage)) problems.push({ row: row.row, message: JOB_MESSAGES.unknownStage });
    else return [{ fields: parsed.data, stage: row.stage }];
    return [];
  });
  if (problems.length > 0) throw invalid(importRefused(problems));
  if (checked.length === 0) throw invalid(importRefused([{ row: 1, message: "no rows" }]));
  const clientId = permit.actor.id;
  return db.transaction(async (tx) => {
    const today = await todayFor(tx, clientId);
    for (let at = 0; at < checked.length; at += BATCH) {
      const batch = checked.slice(at, at + BATCH);
      const created = await tx
        .insert(jobApplications)
        .values(
          batch.map(({ fields, stage }) => ({
            ...fields,
            appliedOn: fields.appliedOn ?? today,
            clientId,
            stage,
          })),
        )
        .returning({
          id: jobApplications.id,
          stage: jobApplications.stage,
          at: jobApplications.stageChangedAt,
        });
      await tx.insert(jobApplicationMoves).values(
        created.map((row) => ({
          applicationId: row.id,
          fromStage: null,
          toStage: row.stage,
          movedAt: row.at,
          movedBy: clientId,
        })),
      );
    }
    await publishChange(tx, { kind: "application", clientId });
    return { count: checked.length };
  });
}

/** Every field of the client's applications, for the export (oldest first, as a spreadsheet grows). */
export function ownApplicationsForExport(db: Db, permit: Permit<"job-search.own">) {
  return exportRows(db, permit.actor.id);
}

/** A client's, as staff export them from the client's page. */
export function applicationsForExport(db: Db, _permit: Permit<"job-search.read">, clientId: string) {
  return exportRows(db, clientId);
}

function exportRows(db: Db, clientId: string) {
  return db
    .select()
    .from(jobApplications)
    .where(eq(jobApplications.clientId, clientId))
    .orderBy(asc(jobApplications.createdAt), asc(jobApplications.id));
}
