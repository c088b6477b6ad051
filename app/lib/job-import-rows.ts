import {
  type ColumnMapping,
  DATE_FORMATS,
  type ImportField,
  isBlank,
  isYes,
  readDate,
  sourceOf,
  stageOf,
  type Tracker,
} from "~/domain/job-import";
import type { JobSource, JobStage } from "~/domain/job-search";
import { problemOf } from "./forms";
import { type ApplicationFields, applicationFieldsSchema } from "./schemas/job-search";

// The file's rows as applications (docs/decisions/0053-job-search.md, "Import and export"): each row read
// through the mapping and checked with the add form's own schema, so an import stores nothing the form would
// refuse. A row that cannot be read is listed with its number and why; the model stores none if any is.

/** A row ready to store: the checked fields and the stage it starts in. */
export type ImportRow = { row: number; fields: ApplicationFields; stage: JobStage };
/** `row`: the line in a spreadsheet, the header being row 1 (so the first application is row 2). */
export type RowProblem = { row: number; message: string };

// What the import page's action answers (app/routes/portal/applications-import.server.ts) and its steps show.

export type Chosen = Record<ImportField, string>;
export type PreviewRow = {
  id: string;
  row: number;
  company: string;
  role: string;
  stage: JobStage;
  appliedOn: string;
  location: string | null;
  remote: boolean;
  source: JobSource;
};

export type ImportAnswer =
  | { step: "mapping"; columns: string[]; chosen: Chosen; error: string | null }
  | {
      step: "preview";
      tracker: Tracker | null;
      columns: string[];
      chosen: Chosen;
      rows: PreviewRow[];
      problems: RowProblem[];
      token: string;
    }
  | { step: "done"; count: number };

export const IMPORT_MESSAGES = {
  date: (text: string) => `date not read: "${text}" (use ${DATE_FORMATS})`,
  stage: (text: string) =>
    `stage not known: "${text}" (use one of our stages, or Huntr's, Teal's or Simplify's)`,
  noRows: "The file has a header but no rows under it.",
} as const;

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** The first non-blank cell of the field's columns, or "". */
function cell(record: Record<string, string>, mapping: ColumnMapping, field: ImportField): string {
  for (const column of mapping[field] ?? []) {
    const value = record[column] ?? "";
    if (!isBlank(value)) return value.trim();
  }
  return "";
}

export function readRow(
  record: Record<string, string>,
  mapping: ColumnMapping,
  row: number,
): { ok: true; value: ImportRow } | { ok: false; problem: RowProblem } {
  const fail = (message: string) => ({ ok: false as const, problem: { row, message } });
  const get = (field: ImportField) => cell(record, mapping, field);
  const stage = stageOf(get("stage"));
  if (!stage) return fail(IMPORT_MESSAGES.stage(clip(get("stage"))));
  const date = readDate(get("appliedOn"));
  if (!date.ok) return fail(IMPORT_MESSAGES.date(clip(get("appliedOn"))));
  const { source, other } = sourceOf(get("source"));
  let location = get("location");
  // "Remote" written as the location is the remote flag, as our form has it.
  const remoteAsLocation = location.toLowerCase() === "remote";
  if (remoteAsLocation) location = "";
  const notes = [get("notes"), other ? `Source: ${other}` : ""].filter(Boolean).join("\n\n");
  const parsed = applicationFieldsSchema.safeParse({
    company: get("company"),
    role: get("role"),
    url: get("url"),
    level: get("level"),
    location,
    remote: remoteAsLocation || isYes(get("remote")),
    source,
    appliedOn: date.date ?? "",
    notes,
  });
  if (!parsed.success) return fail(problemOf(parsed.error).error);
  return { ok: true, value: { row, fields: parsed.data, stage } };
}

/** Every row read; `rows` are stored only if `problems` is empty. */
export function readRows(records: readonly Record<string, string>[], mapping: ColumnMapping) {
  const rows: ImportRow[] = [];
  const problems: RowProblem[] = [];
  records.forEach((record, i) => {
    const read = readRow(record, mapping, i + 2);
    if (read.ok) rows.push(read.value);
    else problems.push(read.problem);
  });
  if (records.length === 0) problems.push({ row: 1, message: IMPORT_MESSAGES.noRows });
  return { rows, problems };
}
