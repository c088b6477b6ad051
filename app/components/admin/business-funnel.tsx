import { monthLabel } from "~/domain/business";
import {
  CODE_SOURCES,
  type CohortRow,
  FUNNEL_MONTHS,
  SOURCE_LABELS,
  type SourceLine,
  spanText,
} from "~/domain/funnel";
import { FigureTable } from "./figure-table";

// The funnel (docs/decisions/0054-business-at-a-glance.md, "Funnel"): leads per month and who became a
// client, where buyers came from per plan, and homework turnaround; each a table (cards on a phone).

export function FunnelSection({
  cohorts,
  total,
  sources,
  turnaround,
}: {
  cohorts: readonly CohortRow[];
  total: CohortRow;
  sources: readonly SourceLine[];
  turnaround: { reviewed: number; medianHours: number | null };
}) {
  return (
    <section aria-labelledby="funnel" className="mt-8">
      <h2 id="funnel" className="text-xl font-semibold">
        Leads and clients
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        The last {FUNNEL_MONTHS} months, in UTC. A lead is anyone who signed up (staff aside); they became a
        client when a payment or the coach made them one.
      </p>
      <p className="mt-3">
        {total.leads} {total.leads === 1 ? "lead" : "leads"}, {total.converted} became{" "}
        {total.converted === 1 ? "a client" : "clients"}; median {spanText(total.medianDays, "day")} to
        convert.
      </p>
      <FigureTable
        caption={`Leads per month over the last ${FUNNEL_MONTHS} months, and who became a client`}
        head="Month signed up"
        columns={["Leads", "Became clients", "Median days to convert"]}
        rows={cohorts.map((c) => ({
          key: c.month,
          name: monthLabel(c.month),
          cells: [c.leads, c.converted, spanText(c.medianDays, "day")],
        }))}
      />

      <h3 className="mt-6 text-lg font-semibold">Where buyers came from</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Each buyer once, by their first paid order in the last {FUNNEL_MONTHS} months and the code on it.
      </p>
      {sources.length === 0 ? (
        <p className="mt-3 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          No new buyers in the last {FUNNEL_MONTHS} months.
        </p>
      ) : (
        <FigureTable
          caption="New buyers per plan, by where they came from"
          head="Plan"
          columns={[...CODE_SOURCES.map((s) => SOURCE_LABELS[s]), "All"]}
          rows={sources.map((line) => ({
            key: line.offer,
            name: line.label,
            cells: [...CODE_SOURCES.map((s) => line.counts[s]), line.total],
          }))}
        />
      )}

      <h3 className="mt-6 text-lg font-semibold">Homework turnaround</h3>
      <p className="mt-1">
        {turnaround.reviewed === 0
          ? `No homework reviewed in the last ${FUNNEL_MONTHS} months.`
          : `${turnaround.reviewed} homework ${turnaround.reviewed === 1 ? "review" : "reviews"} in the last ${FUNNEL_MONTHS} months: median ${spanText(turnaround.medianHours, "hour")} from hand-in to review.`}
      </p>
    </section>
  );
}
