// The client's job search (docs/decisions/0053-job-search.md): the stages an application moves through,
// where it came from, and how the board and the list order and group them. Pure: the server stores what
// these say (app/server/models/job-search.server.ts), the browser only shows it.

import { keysOf, oneOf } from "./enums";

/** A column each on the board, in the order a search goes. */
export const PIPELINE_STAGES = [
  "saved",
  "applied",
  "recruiter_screen",
  "technical",
  "onsite",
  "offer",
  "accepted",
] as const;
/** Grouped after the pipeline: the client declined, the company rejected, the client withdrew. */
export const ENDED_STAGES = ["declined", "rejected", "withdrawn"] as const;

/** Every stage: the pipeline's, then the three that end a search without an offer taken. */
export const JOB_STAGES = [...PIPELINE_STAGES, ...ENDED_STAGES] as const;
export type JobStage = (typeof JOB_STAGES)[number];

export const STAGE_LABELS: Record<JobStage, string> = {
  saved: "Saved",
  applied: "Applied",
  recruiter_screen: "Recruiter screen",
  technical: "Technical screen or take-home",
  onsite: "Onsite / loop",
  offer: "Offer",
  accepted: "Accepted",
  declined: "Declined",
  rejected: "Rejected",
  withdrawn: "Withdrawn",
};

export const SOURCE_LABELS = {
  applied: "Applied directly",
  referral: "Referral",
  recruiter: "Recruiter reached out",
};
export const JOB_SOURCES = keysOf(SOURCE_LABELS);
export type JobSource = (typeof JOB_SOURCES)[number];

export const isJobStage = oneOf(JOB_STAGES);
export const isJobSource = oneOf(JOB_SOURCES);

export const isEnded = (stage: JobStage): boolean => (ENDED_STAGES as readonly string[]).includes(stage);

/**
 * Any stage may follow any other (people skip stages, and a rejection is sometimes reopened); moving to the
 * stage it is in changes nothing and is not a move in the history.
 */
export function planMove(
  from: JobStage,
  to: JobStage,
): { kind: "same" } | { kind: "move"; from: JobStage; to: JobStage } {
  return from === to ? { kind: "same" } : { kind: "move", from, to };
}

/** The history is the data: the stage is the last move's `to` (null before any move). */
export function stageAfter(moves: readonly { toStage: JobStage; movedAt: Date | string }[]): JobStage | null {
  let last: { toStage: JobStage; at: number } | null = null;
  for (const move of moves) {
    const at = new Date(move.movedAt).getTime();
    if (!last || at >= last.at) last = { toStage: move.toStage, at };
  }
  return last?.toStage ?? null;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whole days since the last move (0 on the day of it). */
export function daysInStage(stageChangedAt: Date | string, now: Date): number {
  const since = now.getTime() - new Date(stageChangedAt).getTime();
  return Math.max(0, Math.floor(since / DAY_MS));
}

// The board and the list: what the page's URL says (view, sort, stage filter), read leniently — an unknown
// value is the default, never an error, since it is a link someone may have edited.

export const JOB_VIEWS = ["board", "list"] as const;
export type JobView = (typeof JOB_VIEWS)[number];
export const JOB_SORTS = ["date", "company", "stage"] as const;
export type JobSort = (typeof JOB_SORTS)[number];
export const SORT_LABELS: Record<JobSort, string> = { date: "Date", company: "Company", stage: "Stage" };

export type ListQuery = { view: JobView; sort: JobSort; stage: JobStage | null };

export function readListQuery(params: URLSearchParams): ListQuery {
  const view = params.get("view");
  const sort = params.get("sort");
  const stage = params.get("stage");
  return {
    view: view === "list" ? "list" : "board",
    sort: (JOB_SORTS as readonly string[]).includes(sort ?? "") ? (sort as JobSort) : "date",
    stage: isJobStage(stage) ? stage : null,
  };
}

/** The query string of `query`, defaults left out, so the plain /applications stays the board. */
export function listQueryString(query: ListQuery): string {
  const params = new URLSearchParams();
  if (query.view !== "board") params.set("view", query.view);
  if (query.sort !== "date") params.set("sort", query.sort);
  if (query.stage) params.set("stage", query.stage);
  const text = params.toString();
  return text ? `?${text}` : "";
}

type Sortable = { company: string; stage: JobStage; appliedOn: string; createdAt: Date | string };

const newestFirst = (a: Sortable, b: Sortable) =>
  b.appliedOn.localeCompare(a.appliedOn) || new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime();
const byCompany = (a: Sortable, b: Sortable) =>
  a.company.localeCompare(b.company, "en", { sensitivity: "base" }) || newestFirst(a, b);
const byStage = (a: Sortable, b: Sortable) =>
  JOB_STAGES.indexOf(a.stage) - JOB_STAGES.indexOf(b.stage) || newestFirst(a, b);

const SORTERS: Record<JobSort, (a: Sortable, b: Sortable) => number> = {
  date: newestFirst,
  company: byCompany,
  stage: byStage,
};

/** The list: filtered by stage (if one is chosen), then sorted; a new array. */
export function listed<T extends Sortable>(
  rows: readonly T[],
  query: Pick<ListQuery, "sort" | "stage">,
): T[] {
  const kept = query.stage ? rows.filter((row) => row.stage === query.stage) : [...rows];
  return kept.sort(SORTERS[query.sort]);
}

/** The board: every stage's cards, in the order given (the list's); a stage with none has an empty list. */
export function byStageColumns<T extends { stage: JobStage }>(rows: readonly T[]): Record<JobStage, T[]> {
  const columns = Object.fromEntries(JOB_STAGES.map((stage) => [stage, [] as T[]])) as Record<JobStage, T[]>;
  for (const row of rows) columns[row.stage].push(row);
  return columns;
}

/** A staff note on an application: for staff only, or shared with the client (they read it on the application). */
export const NOTE_VISIBILITIES = ["staff", "shared"] as const;
export type NoteVisibility = (typeof NOTE_VISIBILITIES)[number];
