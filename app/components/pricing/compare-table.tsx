import { PRICING_INTRO } from "~/content/pricing";
import { isSingleUse, PLAN_LABELS, PLANS } from "~/domain/plans";
import { type ComparisonRow, comparisonRows } from "~/domain/usage";

function Cell({ row, value }: { row: ComparisonRow; value: number }) {
  if (!isSingleUse(row.kind)) return <>{value}</>;
  const included = value >= 1;
  return (
    <>
      <span aria-hidden="true" className={included ? "text-success" : "text-muted-foreground"}>
        {included ? "✓" : "—"}
      </span>
      <span className="sr-only">{included ? "Included" : "Not included"}</span>
    </>
  );
}

/** Generated from the plan allowances, so it always matches the client portal. */
export function CompareTable() {
  return (
    <div className="overflow-hidden rounded-2xl border border-border bg-card">
      <table className="w-full border-collapse text-sm">
        <caption className="px-3 pt-4 pb-2 sm:px-4 text-left text-muted-foreground">
          {PRICING_INTRO.compareCaption}
        </caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="px-3 py-3 text-left font-semibold sm:px-4">
              Included
            </th>
            {PLANS.map((plan) => (
              <th key={plan} scope="col" className="px-2 py-3 text-center font-semibold sm:px-4">
                {PLAN_LABELS[plan]}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {comparisonRows().map((row) => (
            <tr key={row.kind} className="border-b border-border last:border-b-0">
              <th scope="row" className="px-3 py-2.5 text-left font-normal sm:px-4">
                {row.label}
              </th>
              {PLANS.map((plan) => (
                <td key={plan} className="px-2 py-2.5 text-center tabular-nums sm:px-4">
                  <Cell row={row} value={row.values[plan]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
