import { JOB_STAGES, type JobStage } from "./job-search";

// The coach's board across clients (issue 44, docs/decisions/0053-job-search.md, "The coach's board"):
// per client, what moved lately and what needs the coach. Pure: the server counts, this decides the flags.

/** A search with no new application and no move for this many days is flagged "stalled" (a coach's setting). */
export const STALLED_AFTER_DAYS = { default: 14, min: 1, max: 90 } as const;
/** "Added lately" counts applications created in these last days. */
export const RECENT_DAYS = 7;
/** An interview this close with no mock interview booked before it is flagged. */
export const INTERVIEW_SOON_HOURS = 72;
/** A mock interview counts as the preparation for an interview when it starts this many days before it, or fewer. */
export const MOCK_PREPARES_DAYS = 7;

const DAY_MS = 24 * 60 * 60 * 1000;

export type ClientSearchCounts = {
  clientId: string;
  fullName: string | null;
  email: string;
  /** Applications per stage; a stage with none is 0. */
  perStage: Record<JobStage, number>;
  total: number;
  addedLately: number;
  /** The latest creation or move of any of the client's applications; null with none. */
  lastActivityAt: Date | null;
  /** The soonest interview in the next 72 hours with no mock interview booked before it; null with none. */
  unpreparedInterviewAt: Date | null;
};

export type ClientSearchRow = ClientSearchCounts & {
  /** Whole days since lastActivityAt; null with no application yet. */
  quietDays: number | null;
  stalled: boolean;
  /** Still looking: no offer accepted. */
  searching: boolean;
  /** An interview within 72 hours and no mock interview booked to prepare it. */
  interviewUnprepared: boolean;
};

export const emptyPerStage = (): Record<JobStage, number> =>
  Object.fromEntries(JOB_STAGES.map((stage) => [stage, 0])) as Record<JobStage, number>;

export function wholeDaysBetween(then: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - then.getTime()) / DAY_MS));
}

/**
 * A search is stalled when it has started, no offer is accepted, and nothing was added or moved for
 * `stalledAfterDays` (every application rejected and none new counts too): a client with no application
 * yet is "not started", a different word, not a flag.
 */
export function searchRow(counts: ClientSearchCounts, now: Date, stalledAfterDays: number): ClientSearchRow {
  const quietDays = counts.lastActivityAt ? wholeDaysBetween(counts.lastActivityAt, now) : null;
  const searching = counts.perStage.accepted === 0;
  return {
    ...counts,
    quietDays,
    searching,
    stalled: searching && quietDays !== null && quietDays >= stalledAfterDays,
    interviewUnprepared: counts.unpreparedInterviewAt !== null,
  };
}

/** An unprepared interview first (the soonest first), then stalled (the longest quiet first), then the rest by
 * the latest activity, not started last. */
export function boardOrder(a: ClientSearchRow, b: ClientSearchRow): number {
  const rank = (row: ClientSearchRow) => (row.interviewUnprepared ? 0 : row.stalled ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (a.interviewUnprepared)
    return (a.unpreparedInterviewAt?.getTime() ?? 0) - (b.unpreparedInterviewAt?.getTime() ?? 0);
  const quiet = (row: ClientSearchRow) => row.quietDays ?? Number.POSITIVE_INFINITY;
  if (a.stalled) return quiet(b) - quiet(a);
  if ((a.quietDays === null) !== (b.quietDays === null)) return a.quietDays === null ? 1 : -1;
  return quiet(a) - quiet(b) || a.email.localeCompare(b.email);
}
