import { Form, useNavigation } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { cents, MoneyTable } from "~/components/admin/business-money";
import { PlansSection } from "~/components/admin/business-plans";
import { LightLink } from "~/components/light-link";
import { Button } from "~/components/ui/button";
import { SelectField } from "~/components/ui/fields";
import { FilterForm } from "~/components/ui/filter-form";
import { parseYear, yearPeriod } from "~/domain/business";
import { privateMeta } from "~/lib/seo";
import { permitFor } from "~/server/auth/context.server";
import { monthsOf, revenueChart } from "~/server/business/charts.server";
import { ledgerYears, moneyByMonth, totalsByCurrency } from "~/server/business/money.server";
import { planFigures } from "~/server/business/plans.server";
import { getDb } from "~/server/db.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/business";

// The business at a glance, the admin's (docs/decisions/0054-business-at-a-glance.md): a year's money per
// currency with its charts drawn on the server, the plans still paying, and the accountant's files.

export const access = routeAccess({ loader: staff("business.read") });

export async function loader({ request, context }: Route.LoaderArgs) {
  const permit = permitFor(context, "business.read");
  const db = await getDb();
  const now = new Date();
  const years = await ledgerYears(db, permit);
  const year = parseYear(new URL(request.url).searchParams.get("year"), years[0] ?? now.getUTCFullYear());
  const period = yearPeriod(year);
  const [months, plans] = await Promise.all([moneyByMonth(db, permit, period), planFigures(db, permit, now)]);
  const totals = totalsByCurrency(months);
  const all = monthsOf(period.from, period.to);
  const charts = Object.fromEntries(totals.map((t) => [t.currency, revenueChart(t.currency, all, months)]));
  return { year, years: years.includes(year) ? years : [year, ...years], months, totals, charts, plans };
}

export const meta = privateMeta("Business", "The business at a glance.");

/** The accountant's files for the year shown, by what business-export.ts reads from `what`. */
const YEAR_FILES = [
  ["payments", "Payments"],
  ["bookings", "Bookings"],
] as const;
/** The payments file over any days: its two ends. */
const DAY_BOUNDS = [
  ["from", "From"],
  ["to", "To"],
] as const;

export default function Business({ loaderData }: Route.ComponentProps) {
  const { year, years, months, totals, charts, plans } = loaderData;
  const loading = useNavigation().state === "loading";
  return (
    <AdminPage title="Business">
      <FilterForm label="Choose a year" submit="Show" className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField
          name="year"
          label="Tax year"
          defaultValue={String(year)}
          compact
          options={years.map((y) => [String(y), String(y)] as const)}
        />
      </FilterForm>
      <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
        {loading ? "Loading…" : "Months in UTC. Each figure opens the payments behind it."}
      </p>
      <p className="mt-1 text-sm">
        <LightLink to="/admin/capacity" className="underline underline-offset-2">
          Capacity and clients
        </LightLink>
        : sessions and reviews sold, delivered and still to give; the week's bookings; leads and where buyers
        came from.
      </p>

      <section aria-labelledby="money" className="mt-6">
        <h2 id="money" className="text-xl font-semibold">
          Money in {year}
        </h2>
        {totals.length === 0 ? (
          <p className="mt-4 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
            No payments in {year}.
          </p>
        ) : (
          totals.map((total) => (
            <section key={total.currency} aria-labelledby={`money-${total.currency}`} className="mt-6">
              <h3 id={`money-${total.currency}`} className="text-lg font-semibold">
                {total.currency}: net {cents(total.net, total.currency)}
              </h3>
              <p className="mt-1 text-sm text-muted-foreground">
                Bars: charged (up) and returned by refunds and lost disputes (down); line: net.
              </p>
              <div className="mt-3 grid gap-4 lg:grid-cols-2">
                {/* Server-drawn SVG text (app/server/business/charts.server.ts): no chart code in the browser. */}
                {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our SVG, every text in it escaped */}
                <div className="min-w-0" dangerouslySetInnerHTML={{ __html: charts[total.currency] ?? "" }} />
                <MoneyTable
                  currency={total.currency}
                  rows={months.filter((m) => m.currency === total.currency)}
                  total={total}
                  year={year}
                />
              </div>
            </section>
          ))
        )}
      </section>

      <PlansSection plans={plans} />

      <section aria-labelledby="files" className="mt-8">
        <h2 id="files" className="text-xl font-semibold">
          Files for the accountant
        </h2>
        <ul className="mt-2 list-disc pl-6 text-sm">
          {YEAR_FILES.map(([what, label]) => (
            <li key={what}>
              <a
                className="underline underline-offset-2"
                href={`/admin/business/export?what=${what}&year=${year}`}
                download
              >
                {label}, {year} (CSV)
              </a>
            </li>
          ))}
        </ul>
        <Form
          method="get"
          action="/admin/business/export"
          reloadDocument
          className="mt-3 flex flex-wrap items-end gap-3"
          aria-label="Any dates"
        >
          <input type="hidden" name="what" value="payments" />
          {DAY_BOUNDS.map(([name, label]) => (
            <label key={name} className="text-sm">
              {label}{" "}
              <input
                type="date"
                name={name}
                required
                className="ml-1 rounded border border-border bg-background px-2 py-1"
              />
            </label>
          ))}
          <Button type="submit" variant="outline" size="sm">
            Download payments
          </Button>
        </Form>
      </section>
    </AdminPage>
  );
}
