import { LightLink } from "~/components/light-link";
import { ColumnHeaders } from "~/components/ui/column-headers";
import { type LedgerKindParam, type MonthMoney, monthLabel } from "~/domain/business";
import { formatMoney, parseCurrency } from "~/domain/financing";

// One currency's months as a table beside its chart (docs/decisions/0054-business-at-a-glance.md): each
// figure opens the ledger rows behind it.

type MoneyRow = MonthMoney;

export const cents = (amount: number, currency: string) =>
  formatMoney(amount / 100, parseCurrency(currency) ?? "CAD");

export function ledgerHref(
  period: { month?: string; year?: number },
  currency: string,
  kind: LedgerKindParam | null,
) {
  const params = new URLSearchParams();
  if (period.month) params.set("month", period.month);
  else if (period.year) params.set("year", String(period.year));
  params.set("currency", currency);
  if (kind) params.set("kind", kind);
  return `/admin/business/ledger?${params}`;
}

function Figure({
  amount,
  currency,
  to,
  label,
}: {
  amount: number;
  currency: string;
  to: string;
  label: string;
}) {
  return (
    <LightLink to={to} className="tabular-nums underline underline-offset-2" aria-label={label}>
      {cents(amount, currency)}
    </LightLink>
  );
}

const COLUMNS = ["Month", "Charges", "Gross", "Tax", "Refunds", "Lost disputes", "Net"];

export function MoneyTable({
  currency,
  rows,
  total,
  year,
}: {
  currency: string;
  rows: readonly MoneyRow[];
  total: Omit<MoneyRow, "month">;
  year: number;
}) {
  const line = (row: Omit<MoneyRow, "month">, name: string, period: { month?: string; year?: number }) => {
    const figure = (amount: number, kind: LedgerKindParam | null, what: string) => (
      <Figure
        amount={amount}
        currency={currency}
        to={ledgerHref(period, currency, kind)}
        label={`${what}, ${name}, ${currency}: ${cents(amount, currency)}`}
      />
    );
    return (
      <>
        <td className="px-3 py-2 tabular-nums" data-label="Charges">
          {row.charges}
        </td>
        <td className="px-3 py-2" data-label="Gross">
          {figure(row.gross, "charges", "Gross")}
        </td>
        <td className="px-3 py-2 tabular-nums" data-label="Tax">
          {row.tax === null ? "—" : cents(row.tax, currency)}
        </td>
        <td className="px-3 py-2" data-label="Refunds">
          {figure(row.refunds, "refunds", "Refunds")}
        </td>
        <td className="px-3 py-2" data-label="Lost disputes">
          {figure(row.disputes, "disputes", "Lost disputes")}
        </td>
        <td className="px-3 py-2 font-semibold" data-label="Net">
          {figure(row.net, null, "Net")}
        </td>
      </>
    );
  };
  return (
    <div className="overflow-x-auto rounded-xl border border-border">
      <table className="stacked-table w-full text-sm sm:min-w-[40rem]">
        <caption className="sr-only">{`${currency} by month, ${year}`}</caption>
        <ColumnHeaders
          labels={COLUMNS}
          rowClassName="border-b border-border text-left"
          cellClassName="px-3 py-2"
        />
        <tbody>
          {rows.map((row) => (
            <tr key={row.month} className="border-b border-border" data-month={row.month}>
              <td className="px-3 py-2 font-medium">{monthLabel(row.month)}</td>
              {line(row, monthLabel(row.month), { month: row.month })}
            </tr>
          ))}
          <tr className="bg-muted/50" data-month="total">
            <td className="px-3 py-2 font-semibold">{`${year} total`}</td>
            {line(total, String(year), { year })}
          </tr>
        </tbody>
      </table>
    </div>
  );
}
