import {
  type ColumnMapping,
  chosenMapping,
  detectTracker,
  guessMapping,
  IMPORT_FIELDS,
  IMPORT_FILE_FIELD,
  MAPPING_MESSAGES,
  mapName,
  type Tracker,
  trackerMapping,
} from "~/domain/job-import";
import { type Chosen, type ImportAnswer, readRows } from "~/lib/job-import-rows";
import { invalid } from "~/server/action-result.server";
import { getDb } from "~/server/db.server";
import {
  csvText,
  IMPORT_REFUSALS,
  isPreviewed,
  parseCsv,
  previewToken,
  receiveImport,
} from "~/server/entries/job-import.server";
import { importApplications, importRefused } from "~/server/models/job-import.server";
import { todayFor } from "~/server/models/job-search-read.server";
import type { Permit } from "~/server/policy.server";

// The import page's one action (an upload route has one handler, not intents): the file, read and checked,
// answers with the mapping step (a file no tracker wrote), the preview of every row, or — posted to
// `?step=confirm` with the preview's token — the import itself, all rows or none.

const chosenOf = (mapping: ColumnMapping): Chosen =>
  Object.fromEntries(IMPORT_FIELDS.map((field) => [field, mapping[field]?.[0] ?? ""])) as Chosen;

type Mapped =
  | { kind: "mapped"; tracker: Tracker | null; mapping: ColumnMapping }
  | { kind: "ask"; chosen: Chosen; error: string | null };

/** The tracker's mapping, the one the person chose, or a question (with a first guess). */
function mappingFor(header: string[], fields: FormData): Mapped {
  const given = IMPORT_FIELDS.some((field) => fields.has(mapName(field)));
  if (!given) {
    const tracker = detectTracker(header);
    if (tracker) return { kind: "mapped", tracker, mapping: trackerMapping(tracker, header) };
    return { kind: "ask", chosen: chosenOf(guessMapping(header)), error: null };
  }
  const chosen = Object.fromEntries(
    IMPORT_FIELDS.map((field) => [field, String(fields.get(mapName(field)) ?? "")]),
  ) as Chosen;
  const result = chosenMapping(header, chosen);
  if (result.ok) return { kind: "mapped", tracker: null, mapping: result.mapping };
  // A column the file lacks (another file was chosen): ask again about this one.
  const guess = result.error === MAPPING_MESSAGES.column ? chosenOf(guessMapping(header)) : chosen;
  return { kind: "ask", chosen: guess, error: result.error };
}

export async function runImport(
  request: Request,
  permit: Permit<"job-search.own">,
  confirm: boolean,
): Promise<ImportAnswer> {
  const { fields, file } = await receiveImport(request);
  if (!file) throw invalid(IMPORT_REFUSALS.noFile, IMPORT_FILE_FIELD);
  const csv = parseCsv(await csvText(file));
  const mapped = mappingFor(csv.header, fields);
  if (mapped.kind === "ask") return { step: "mapping", columns: csv.header, ...mapped };
  const { rows, problems } = readRows(csv.records, mapped.mapping);
  const clientId = permit.actor.id;
  const db = await getDb();
  if (confirm) {
    if (!isPreviewed(String(fields.get("token") ?? ""), clientId, file, mapped.mapping))
      throw invalid(IMPORT_REFUSALS.stale);
    if (problems.length > 0) throw invalid(importRefused(problems));
    return { step: "done", ...(await importApplications(db, permit, rows)) };
  }
  const today = await todayFor(db, clientId);
  return {
    step: "preview",
    tracker: mapped.tracker,
    columns: mapped.tracker ? [] : csv.header,
    chosen: chosenOf(mapped.mapping),
    problems,
    token: previewToken(clientId, file, mapped.mapping),
    rows: rows.map(({ row, fields: f, stage }) => ({
      id: `row-${row}`,
      row,
      company: f.company,
      role: f.role,
      stage,
      appliedOn: f.appliedOn ?? today,
      location: f.location,
      remote: f.remote,
      source: f.source,
    })),
  };
}
