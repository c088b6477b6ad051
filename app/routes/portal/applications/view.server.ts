import { DEMO_APPLICATIONS } from "~/content/demo";
import { daysInStage, type JobStage, type ListQuery, listed } from "~/domain/job-search";
import type { PortalMode } from "~/domain/portal-mode";
import { getDb } from "~/server/db.server";
import { type ApplicationCard, ownApplications, todayFor } from "~/server/models/job-search-read.server";
import type { Permit } from "~/server/policy.server";

// The board's and the list's data: two queries whatever the count (the applications, today in the
// client's zone), sorted and filtered here by the domain's rules (docs/decisions/0053-job-search.md).

/** What a card and a row show; `href` null in the demo, whose cards open nothing. */
export type Card = {
  id: string;
  href: string | null;
  company: string;
  role: string;
  stage: JobStage;
  appliedOn: string;
  createdAt: string;
  location: string | null;
  remote: boolean;
  days: number;
};

const DAY_MS = 24 * 60 * 60 * 1000;

function cardOf(row: ApplicationCard, now: Date): Card {
  return {
    id: row.id,
    href: `/applications/${row.id}`,
    company: row.company,
    role: row.role,
    stage: row.stage,
    appliedOn: row.appliedOn,
    createdAt: row.createdAt.toISOString(),
    location: row.location,
    remote: row.remote,
    days: daysInStage(row.stageChangedAt, now),
  };
}

/** Whole days before today (UTC), so the demo reads the same all day long. */
function demoCards(now: Date): Card[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return DEMO_APPLICATIONS.map((a, i) => ({
    id: `demo-${i}`,
    href: null,
    company: a.company,
    role: a.role,
    stage: a.stage,
    appliedOn: new Date(today - a.appliedDaysAgo * DAY_MS).toISOString().slice(0, 10),
    createdAt: new Date(today - a.appliedDaysAgo * DAY_MS).toISOString(),
    location: null,
    remote: false,
    days: a.movedDaysAgo,
  }));
}

export async function jobSearchView(
  permit: Permit<"job-search.own"> | null,
  mode: PortalMode,
  query: ListQuery,
  now = new Date(),
) {
  if (mode.kind === "real" && permit) {
    const db = await getDb();
    const [rows, today] = await Promise.all([
      ownApplications(db, permit),
      todayFor(db, permit.actor.id, now),
    ]);
    return {
      mode,
      query,
      today,
      total: rows.length,
      cards: listed(rows, query).map((row) => cardOf(row, now)),
    };
  }
  const cards = demoCards(now);
  return {
    mode,
    query,
    today: now.toISOString().slice(0, 10),
    total: cards.length,
    cards: listed(cards, query),
  };
}
