import {
  isJobSource,
  isJobStage,
  JOB_SOURCES,
  type JobSource,
  type JobStage,
  SOURCE_LABELS,
  STAGE_LABELS,
} from "./job-search";

// Importing a job search from a CSV (docs/decisions/0053-job-search.md, "Import and export"): which tracker
// wrote the file (by its header), which column holds which of our fields, and how a tracker's status and
// dates read as ours. Pure; the rows are checked with the form's schema in app/lib/job-import-rows.ts.
// No tracker publishes its export's columns: the presets follow the public sources named in
// tests/fixtures/job-import/README.md (and docs/research/2026-11-28-trackers-no-shows-refunds.md).

/** One import: a file of at most 2 MB and 5,000 rows under its header. */
export const IMPORT_LIMITS = { bytes: 2 * 1024 * 1024, rows: 5000 } as const;

/** The import form (app/routes/portal/applications-import.tsx): its file field, and where a confirm posts. */
export const IMPORT_FILE_FIELD = "file";
export const CONFIRM_ACTION = "/applications/import?step=confirm";

/** Our fields a column can fill, in the mapping step's order. */
export const IMPORT_FIELDS = [
  "company",
  "role",
  "url",
  "level",
  "location",
  "remote",
  "source",
  "appliedOn",
  "notes",
  "stage",
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** The form's name for the column chosen for a field: `map.company`. */
export const mapName = (field: ImportField) => `map.${field}`;

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  company: "Company",
  role: "Role",
  url: "Link",
  level: "Level",
  location: "Location",
  remote: "Remote",
  source: "Source",
  appliedOn: "Date",
  notes: "Notes",
  stage: "Stage",
};

/** Each field's columns, tried in order (the first non-empty cell wins); none: the field is left empty. */
export type ColumnMapping = Partial<Record<ImportField, readonly string[]>>;

export const TRACKERS = ["huntr", "teal", "simplify"] as const;
export type Tracker = (typeof TRACKERS)[number];
export const TRACKER_LABELS: Record<Tracker, string> = { huntr: "Huntr", teal: "Teal", simplify: "Simplify" };

/** The columns that name a tracker's export (all must be present) and where our fields are in it. */
const PRESETS: Record<Tracker, { signature: readonly string[]; mapping: ColumnMapping }> = {
  // Huntr's "full data download" (camelCase): companyName, title, listName, location.
  huntr: {
    signature: ["companyName", "title", "listName"],
    mapping: { company: ["companyName"], role: ["title"], stage: ["listName"], location: ["location"] },
  },
  // Teal's "Download Data" (snake_case): statusName, or `status` holding JSON with a `name`.
  teal: {
    signature: ["company_name", "role"],
    mapping: {
      company: ["company_name"],
      role: ["role"],
      url: ["url"],
      location: ["location"],
      source: ["source"],
      appliedOn: ["applied_at", "added_at"],
      stage: ["statusName", "status"],
    },
  },
  // Simplify's tracker export (Title Case); Location is in some files and not others.
  simplify: {
    signature: ["Job Title", "Company Name", "Status"],
    mapping: {
      company: ["Company Name"],
      role: ["Job Title"],
      url: ["Job URL"],
      location: ["Location"],
      appliedOn: ["Applied Date", "Status Date"],
      notes: ["Notes"],
      stage: ["Status"],
    },
  },
};

/** A header as compared: trimmed, lower case, a byte-order mark dropped. */
export const headerKey = (name: string) =>
  name
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase();

/** The tracker whose export this header is, or null (the person maps the columns). */
export function detectTracker(header: readonly string[]): Tracker | null {
  const keys = new Set(header.map(headerKey));
  const found = TRACKERS.find((tracker) =>
    PRESETS[tracker].signature.every((name) => keys.has(headerKey(name))),
  );
  if (found !== "teal") return found ?? null;
  return keys.has("statusname") || keys.has("status") ? "teal" : null;
}

/** A tracker's mapping, in the file's own spelling of each column (columns it lacks are left out). */
export function trackerMapping(tracker: Tracker, header: readonly string[]): ColumnMapping {
  const spelled = new Map(header.map((name) => [headerKey(name), name]));
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const columns = (PRESETS[tracker].mapping[field] ?? []).flatMap(
      (name) => spelled.get(headerKey(name)) ?? [],
    );
    if (columns.length > 0) mapping[field] = columns;
  }
  return mapping;
}

/** A first guess for the mapping step: a column named like the field (or our own export's header). */
export function guessMapping(header: readonly string[]): ColumnMapping {
  const names: Record<ImportField, readonly string[]> = {
    company: ["company", "company name", "employer", "organization"],
    role: ["role", "title", "job title", "position"],
    url: ["link", "url", "job url", "job link", "posting"],
    level: ["level", "seniority"],
    location: ["location", "city"],
    remote: ["remote"],
    source: ["source"],
    appliedOn: ["date", "date applied", "applied", "applied on", "applied date", "date saved"],
    notes: ["notes", "note", "comments"],
    stage: ["stage", "status", "list"],
  };
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const column = header.find((name) => names[field].includes(headerKey(name)));
    if (column) mapping[field] = [column];
  }
  return mapping;
}

export const MAPPING_MESSAGES = {
  company: "Choose the column that holds the company.",
  role: "Choose the column that holds the role.",
  column: "Choose a column from the file, or None.",
} as const;

/** A mapping chosen in the form: one column (or none) per field; company and role are required. */
export function chosenMapping(
  header: readonly string[],
  chosen: Partial<Record<ImportField, string | null>>,
): { ok: true; mapping: ColumnMapping } | { ok: false; field: ImportField; error: string } {
  const mapping: ColumnMapping = {};
  for (const field of IMPORT_FIELDS) {
    const column = chosen[field] ?? "";
    if (column === "") continue;
    if (!header.includes(column)) return { ok: false, field, error: MAPPING_MESSAGES.column };
    mapping[field] = [column];
  }
  if (!mapping.company) return { ok: false, field: "company", error: MAPPING_MESSAGES.company };
  if (!mapping.role) return { ok: false, field: "role", error: MAPPING_MESSAGES.role };
  return { ok: true, mapping };
}

/**
 * A tracker's status as our stage, compared in lower case. Huntr's default lists, Teal's statuses and
 * Simplify's (upper case) statuses, plus our own stages by id and by label (our export reads back in).
 * "Interview"/"Interviewing" is the first interview stage, the recruiter screen: the tracker does not say
 * which round, and the client moves it on. Anything else is a row error, never a guess.
 */
const STATUS_STAGES: Record<string, JobStage> = {
  wishlist: "saved",
  bookmarked: "saved",
  applying: "saved",
  interview: "recruiter_screen",
  interviewing: "recruiter_screen",
  negotiating: "offer",
  "i withdrew": "withdrawn",
  "not selected": "rejected",
  ...Object.fromEntries(Object.entries(STAGE_LABELS).map(([stage, label]) => [label.toLowerCase(), stage])),
};

/** Empty: "Applied" (a row in a tracker is an application unless it says otherwise). */
export function stageOf(status: string): JobStage | null {
  let text = status.trim();
  // Teal may put the status in a JSON object with a `name`.
  if (text.startsWith("{")) {
    try {
      const name = (JSON.parse(text) as { name?: unknown }).name;
      text = typeof name === "string" ? name.trim() : text;
    } catch {
      // Not JSON after all: read as it is.
    }
  }
  if (text === "") return "applied";
  const key = text.toLowerCase();
  if (isJobStage(key)) return key;
  return STATUS_STAGES[key] ?? null;
}

const SOURCE_WORDS: Record<string, JobSource> = {
  ...Object.fromEntries(
    Object.entries(SOURCE_LABELS).map(([source, label]) => [label.toLowerCase(), source]),
  ),
  recruiter: "recruiter",
  referral: "referral",
  referred: "referral",
};

/** Our source, and the file's words when they are not one of ours (kept in the notes: "LinkedIn"). */
export function sourceOf(text: string): { source: JobSource; other: string | null } {
  const key = text.trim().toLowerCase();
  if (key === "") return { source: JOB_SOURCES[0], other: null };
  if (isJobSource(key)) return { source: key, other: null };
  const source = SOURCE_WORDS[key];
  return source ? { source, other: null } : { source: JOB_SOURCES[0], other: text.trim() };
}

const YES = new Set(["yes", "y", "true", "1", "remote"]);
export const isYes = (text: string) => YES.has(text.trim().toLowerCase());

/** Cells that mean nothing (Simplify writes N/A). */
export const isBlank = (text: string) => /^(?:|n\/a|na|none|null|-)$/i.test(text.trim());

export const DATE_FORMATS = "YYYY-MM-DD (an ISO date or timestamp), YYYY/MM/DD or M/D/YYYY";

function calendar(year: number, month: number, day: number): string | null {
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return date.toISOString().slice(0, 10);
}

/**
 * A date as the trackers write it: ISO (`2026-09-03`, or a timestamp `2026-09-03T08:00:00Z` whose date is
 * taken as written), `2026/09/03`, or US order `9/3/2026` (month first, as Huntr's and Simplify's US
 * spreadsheets show it). A blank is no date (today, as a new application). Anything else: null.
 */
export function readDate(text: string): { ok: true; date: string | null } | { ok: false } {
  const value = text.trim();
  if (isBlank(value)) return { ok: true, date: null };
  const iso = /^(\d{4})[-/](\d{1,2})[-/](\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value);
  const date = iso
    ? calendar(Number(iso[1]), Number(iso[2]), Number(iso[3]))
    : us
      ? calendar(Number(us[3]), Number(us[1]), Number(us[2]))
      : null;
  return date ? { ok: true, date } : { ok: false };
}
