import { AdminPage } from "~/components/admin/admin-page";
import { CapacitySection } from "~/components/admin/business-capacity";
import { FunnelSection } from "~/components/admin/business-funnel";
import { NoShowsSection } from "~/components/admin/no-shows-table";
import { PracticeSettings } from "~/components/admin/practice-settings";
import { capacityByKind, capacityByPlan } from "~/domain/capacity";
import { cohortMonths, FUNNEL_MONTHS, funnelFrom, sourcesByOffer } from "~/domain/funnel";
import { can } from "~/domain/policy";
import { PRACTICE_SAVED, practiceSettingsForm } from "~/lib/schemas/practice";
import { privateMeta } from "~/lib/seo";
import { currentViewer, permitFor } from "~/server/auth/context.server";
import { bookedWeek, capacityRows } from "~/server/business/capacity.server";
import { buyerSources, homeworkTurnaround, leadCohorts } from "~/server/business/funnel.server";
import { noShowsByKind } from "~/server/business/no-shows.server";
import { getDb } from "~/server/db.server";
import { actionOf } from "~/server/intents.server";
import { practiceRules, setPracticeRules } from "~/server/models/practice-settings.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/capacity";

// Capacity and the funnel (docs/decisions/0054-business-at-a-glance.md): the coach's and the admin's, no
// money on it. Its own page beside Business, so the coach, who may not open Business, has it in the nav.

export const access = routeAccess({ loader: staff("capacity.read") });

// docs/decisions/0055-no-shows-and-expiry.md: the practice's settings sit beside the figures that follow them.
export const action = actionOf("staff", (intent) => ({
  "set-practice": intent({
    permission: "practice.settings",
    form: practiceSettingsForm,
    handler: async (rules, { db, permit }) => {
      await setPracticeRules(db, permit, rules);
      return { message: PRACTICE_SAVED };
    },
  }),
}));

export async function loader({ context }: Route.LoaderArgs) {
  const permit = permitFor(context, "capacity.read");
  const db = await getDb();
  const now = new Date();
  const from = funnelFrom(now);
  // Six grouped queries and the practice's settings row, none per person
  // (docs/decisions/0054-business-at-a-glance.md, "Indexes").
  const [practice, rows, week, cohorts, sources, turnaround, noShows] = await Promise.all([
    practiceRules(db),
    capacityRows(db, permit, now),
    bookedWeek(db, permit, now),
    leadCohorts(db, permit, from),
    buyerSources(db, permit, from),
    homeworkTurnaround(db, permit, from),
    // docs/decisions/0055-no-shows-and-expiry.md: in the funnel's window and all time.
    noShowsByKind(db, permit, from),
  ]);
  const total = cohorts.find((c) => c.month === "all") ?? {
    month: "all",
    leads: 0,
    converted: 0,
    medianDays: null,
  };
  return {
    practice,
    mayEdit: can(currentViewer(context), "practice.settings"),
    capacity: {
      byKind: capacityByKind(rows),
      byPlan: capacityByPlan(rows),
      week,
      expiryMonths: practice.expiryMonths,
    },
    noShows: { rows: noShows, months: FUNNEL_MONTHS },
    funnel: {
      cohorts: cohortMonths(from, FUNNEL_MONTHS, cohorts),
      total,
      sources: sourcesByOffer(sources),
      turnaround,
    },
  };
}

export const meta = privateMeta(
  "Capacity and clients",
  "Sessions and reviews sold, delivered and still to give; leads and where buyers came from.",
);

export default function Capacity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminPage title="Capacity and clients">
      <CapacitySection {...loaderData.capacity} />
      <NoShowsSection {...loaderData.noShows} />
      <PracticeSettings values={loaderData.practice} mayEdit={loaderData.mayEdit} answer={actionData} />
      <FunnelSection {...loaderData.funnel} />
    </AdminPage>
  );
}
