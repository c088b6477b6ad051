import { LightLink } from "~/components/light-link";
import { ColumnHeaders } from "~/components/ui/column-headers";
import { monthLabel, type PlanLine } from "~/domain/business";
import { cents } from "./business-money";

// Money still to come (docs/decisions/0054-business-at-a-glance.md): plans paying, plans behind, and
// the forecast of what Stripe will charge.

type Plan = PlanLine;

type Figures = {
  plans: readonly Plan[];
  /** How many are paying; `plans` lists the next to charge. */
  paying: number;
  behind: readonly Plan[];
  forecast: readonly { currency: string; month: string; charges: number; amount: number }[];
  days: number;
};

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : "—");
const cell = "px-3 py-2";

function Client({ plan }: { plan: Plan }) {
  return plan.personId ? (
    <LightLink to={`/admin/clients/${plan.personId}`} className="underline underline-offset-2">
      {plan.client}
    </LightLink>
  ) : (
    <span className="text-muted-foreground">{plan.client}</span>
  );
}

function PlanTable({
  caption,
  plans,
  behind,
}: {
  caption: string;
  plans: readonly Plan[];
  behind?: boolean;
}) {
  const labels = ["Client", "Plan", "Paid", "Each", behind ? "Due since" : "Next charge"];
  return (
    <div className="mt-3 overflow-x-auto rounded-xl border border-border">
      <table className="stacked-table w-full text-sm sm:min-w-[40rem]">
        <caption className="sr-only">{caption}</caption>
        <ColumnHeaders
          labels={behind ? [...labels, "Days overdue", "Emailed"] : labels}
          rowClassName="border-b border-border text-left"
          cellClassName={cell}
        />
        <tbody>
          {plans.map((p) => (
            <tr key={p.orderId} className="border-b border-border last:border-b-0">
              <td className={cell} data-label="Client">
                <Client plan={p} />
              </td>
              <td className={cell} data-label="Plan">
                {p.offer}
              </td>
              <td className={`${cell} tabular-nums`} data-label="Paid">
                {p.of === null ? `${p.paid} months` : `${p.paid} of ${p.of}`}
              </td>
              <td className={`${cell} tabular-nums`} data-label="Each">
                {cents(p.amount, p.currency)} {p.currency}
              </td>
              <td className={`${cell} tabular-nums`} data-label={behind ? "Due since" : "Next charge"}>
                {day(p.nextAt)}
              </td>
              {behind ? (
                <>
                  <td className={`${cell} tabular-nums`} data-label="Days overdue">
                    {p.daysOverdue ?? "—"}
                  </td>
                  <td className={cell} data-label="Emailed">
                    {p.emailed === 0
                      ? "Nothing yet"
                      : `${p.emailed} payment-failed ${p.emailed === 1 ? "email" : "emails"}, last ${day(p.lastEmailedAt)}`}
                  </td>
                </>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function PlansSection({ plans }: { plans: Figures }) {
  return (
    <section aria-labelledby="to-come" className="mt-8">
      <h2 id="to-come" className="text-xl font-semibold">
        Money still to come
      </h2>
      <h3 className="mt-4 text-lg font-semibold">Next {plans.days} days</h3>
      <p className="mt-1 text-sm text-muted-foreground">
        Only active plans Stripe will charge, before tax; never a checkout opened and not paid, nor a plan
        behind.
      </p>
      {plans.forecast.length === 0 ? (
        <p className="mt-3 text-sm text-muted-foreground">No charges to come.</p>
      ) : (
        <div className="mt-3 overflow-x-auto rounded-xl border border-border">
          <table className="stacked-table w-full text-sm" data-testid="forecast">
            <caption className="sr-only">{`Charges to come in the next ${plans.days} days`}</caption>
            <ColumnHeaders
              labels={["Month", "Currency", "Charges", "Amount"]}
              rowClassName="border-b border-border text-left"
              cellClassName={cell}
            />
            <tbody>
              {plans.forecast.map((f) => (
                <tr key={`${f.currency} ${f.month}`} className="border-b border-border last:border-b-0">
                  <td className={cell}>{monthLabel(f.month)}</td>
                  <td className={cell} data-label="Currency">
                    {f.currency}
                  </td>
                  <td className={`${cell} tabular-nums`} data-label="Charges">
                    {f.charges}
                  </td>
                  <td className={`${cell} tabular-nums`} data-label="Amount">
                    {cents(f.amount, f.currency)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <h3 className="mt-6 text-lg font-semibold">Behind ({plans.behind.length})</h3>
      {plans.behind.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No plan is behind.</p>
      ) : (
        <PlanTable caption="Plans behind" plans={plans.behind} behind />
      )}
      <h3 className="mt-6 text-lg font-semibold">Paying ({plans.paying})</h3>
      {plans.paying > plans.plans.length ? (
        <p className="mt-1 text-sm text-muted-foreground">The {plans.plans.length} to charge next.</p>
      ) : null}
      {plans.plans.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No plan is paying now.</p>
      ) : (
        <PlanTable caption="Plans paying" plans={plans.plans} />
      )}
    </section>
  );
}
