import { SOURCE_LABELS, STAGE_LABELS } from "~/domain/job-search";
import { type CsvRow, csvResponse } from "./csv.server";
import type { JobApplication } from "./schema-job-search";

// The job search as a CSV (docs/decisions/0053-job-search.md, "Import and export"): every field, the stage and
// its date, in words a spreadsheet reader knows. The header is one the import's mapping step guesses
// (app/domain/job-import.ts, guessMapping), so an export reads back in. Formula text is guarded by csvText.

export const EXPORT_HEADER = [
  "Company",
  "Role",
  "Link",
  "Level",
  "Location",
  "Remote",
  "Source",
  "Date",
  "Stage",
  "Stage changed",
  "Notes",
  "Added",
] as const;

export function exportRow(row: JobApplication): CsvRow {
  return [
    row.company,
    row.role,
    row.url,
    row.level,
    row.location,
    row.remote,
    SOURCE_LABELS[row.source],
    row.appliedOn,
    STAGE_LABELS[row.stage],
    row.stageChangedAt,
    row.notes,
    row.createdAt,
  ];
}

export function applicationsCsv(filename: string, rows: readonly JobApplication[]): Response {
  async function* pages() {
    yield rows.map(exportRow);
  }
  return csvResponse(filename, EXPORT_HEADER, pages());
}
