import { CardTable } from "~/components/admin/figure-table";
import { LightLink } from "~/components/light-link";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { HeadedSection } from "~/components/ui/headed-section";
import { monthLabel } from "~/domain/business";
import { type OutcomeRow, percent, planLabel } from "~/domain/job-outcomes";
import { privateMeta } from "~/lib/seo";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { outcomesReport } from "~/server/models/job-outcomes.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/outcomes";

// The coach's outcomes (issue 44, docs/decisions/0053-job-search.md, "Outcomes"): offers landed per month,
// the medians, the offer rate per plan, and the outcomes behind them. No pay figure: the client's own pages
// alone show pay.

export const access = routeAccess({ loader: staff("job-search.read") });

export async function loader({ context }: Route.LoaderArgs) {
  return outcomesReport(await getDb(), permitFor(context, "job-search.read"));
}

export const meta = privateMeta("Outcomes", "Offers your clients landed.");

const days = (n: number | null) => (n === null ? "—" : `${n} ${n === 1 ? "day" : "days"}`);
const count = (n: number | null) => (n === null ? "—" : String(n));

export default function Outcomes({ loaderData }: Route.ComponentProps) {
  const { rows, total, perMonth, medianDaysToOffer, timedCount, medianSessions, rates } = loaderData;
  return (
    <section className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <h1 className="text-3xl font-bold tracking-tight">Outcomes</h1>
      {total === 0 ? (
        <p className="mt-2 text-muted-foreground">
          No accepted offers yet. When a client accepts an offer in their portal, it is counted here.
        </p>
      ) : (
        <>
          <p className="mt-1 text-muted-foreground">
            {total} accepted {total === 1 ? "offer" : "offers"}. Every figure is read from{" "}
            <a href="#outcomes-list" className="underline underline-offset-2">
              the outcomes below
            </a>
            .
          </p>
          <dl className="mt-6 grid gap-3 sm:grid-cols-2">
            <Figure term="Median time to offer" value={days(medianDaysToOffer)}>
              From the start of coaching to the offer, over the {timedCount} of {total} outcomes whose start
              is known (paid through the site).
            </Figure>
            <Figure term="Median sessions before an offer" value={count(medianSessions)}>
              Sessions and mock interviews used up to the offer, over all {total}.
            </Figure>
          </dl>
          <div className="mt-6 grid gap-6 md:grid-cols-2">
            <Landed perMonth={perMonth} />
            <Rates rates={rates} />
          </div>
          <OutcomesList rows={rows} />
        </>
      )}
    </section>
  );
}

function Figure({ term, value, children }: { term: string; value: string; children: React.ReactNode }) {
  return (
    <div className="rounded-xl border border-border bg-card p-4">
      <dt className="text-sm text-muted-foreground">{term}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
      <dd className="mt-1 text-sm text-muted-foreground">{children}</dd>
    </div>
  );
}

type Props = Route.ComponentProps["loaderData"];

function Panel({
  id,
  title,
  note,
  children,
}: {
  id: string;
  title: string;
  note: string;
  children: React.ReactNode;
}) {
  return (
    <HeadedSection id={id} title={title}>
      <p className="text-sm text-muted-foreground">{note}</p>
      <ul className="mt-2 divide-y divide-border rounded-xl border border-border">{children}</ul>
    </HeadedSection>
  );
}

function Landed({ perMonth }: Pick<Props, "perMonth">) {
  return (
    <Panel id="landed-heading" title="Offers landed per month" note="By the month the client accepted.">
      {perMonth.map(({ month, count }) => (
        <li key={month} className="flex justify-between gap-3 px-3 py-2">
          <span>{monthLabel(month)}</span>
          <span className="font-semibold tabular-nums">{count}</span>
        </li>
      ))}
    </Panel>
  );
}

function Rates({ rates }: Pick<Props, "rates">) {
  return (
    <Panel
      id="rates-heading"
      title="Offer rate per plan"
      note="Clients on the plan with an accepted offer, out of every client now on that plan."
    >
      {rates.map((rate) => (
        <li key={rate.label} className="flex flex-wrap justify-between gap-x-3 px-3 py-2">
          <span>{rate.label}</span>
          <span className="tabular-nums">
            <span className="font-semibold">{rate.rate === null ? "—" : percent(rate.rate)}</span> (
            {rate.withOutcome} of {rate.clients})
          </span>
        </li>
      ))}
    </Panel>
  );
}

function OutcomesList({ rows }: { rows: OutcomeRow[] }) {
  return (
    <HeadedSection id="outcomes-list" title="Accepted offers" className="mt-8">
      <CardTable
        caption="Every accepted offer, newest first"
        labels={["Client", "Company", "Role", "Plan", "Accepted", "Time to offer", "Sessions"]}
        rows={rows}
        rowKey={(row) => row.id}
        name={(row) => (
          <LightLink
            to={`/admin/clients/${row.clientId}#job-search`}
            className="underline underline-offset-2"
          >
            {row.client}
          </LightLink>
        )}
        cells={(row) => [
          { value: row.company, className: "[overflow-wrap:anywhere]" },
          { value: row.role, className: "[overflow-wrap:anywhere]" },
          { value: planLabel(row.plan) },
          { value: <LocalDateTime value={row.acceptedAt} dateOnly /> },
          {
            value: row.daysToOffer === null ? "not known" : days(row.daysToOffer),
            className: "tabular-nums",
          },
          { value: row.sessionsUsed, className: "tabular-nums" },
        ]}
      />
    </HeadedSection>
  );
}
