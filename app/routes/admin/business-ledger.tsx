import { useNavigation } from "react-router";
import { cents } from "~/components/admin/business-money";
import { PersonLink } from "~/components/admin/person-link";
import { LightLink } from "~/components/light-link";
import { ColumnHeaders } from "~/components/ui/column-headers";
import {
  LEDGER_KIND_LABELS,
  LEDGER_KIND_PARAMS,
  type LedgerKind,
  type LedgerKindParam,
  periodName,
  periodOf,
  signedAmount,
  yearPeriod,
} from "~/domain/business";
import { parseCurrency } from "~/domain/financing";
import { offerTitle } from "~/domain/orders";
import { privateMeta } from "~/lib/seo";
import { permitFor } from "~/server/auth/context.server";
import { ledgerPage, moneyByMonth, totalsByCurrency } from "~/server/business/money.server";
import { getDb } from "~/server/db.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/business-ledger";

// The payments behind a figure of the business page: ?month= or ?year=, ?currency=, ?kind=
// (charges, refunds, disputes; none: all, net). Keyset pages of 100 (?after=), the figure on top.

export const access = routeAccess({ loader: staff("business.read") });

const PAGE = 100;
const CURSOR = /^(.+)~([0-9a-f-]{36})$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const permit = permitFor(context, "business.read");
  const params = new URL(request.url).searchParams;
  const period = periodOf(params) ?? yearPeriod(new Date().getUTCFullYear());
  const currency = parseCurrency(params.get("currency")) ?? "CAD";
  const kindParam =
    (Object.keys(LEDGER_KIND_PARAMS) as LedgerKindParam[]).find((k) => k === params.get("kind")) ?? null;
  const kind: LedgerKind | null = kindParam ? LEDGER_KIND_PARAMS[kindParam] : null;
  const after = CURSOR.exec(params.get("after") ?? "");
  const cursor = after?.[1] && after[2] ? { at: after[1], id: after[2] } : null;
  const db = await getDb();
  const [rows, months] = await Promise.all([
    ledgerPage(db, permit, { period, currency, kind }, cursor, PAGE + 1),
    moneyByMonth(db, permit, period),
  ]);
  const total = totalsByCurrency(months).find((t) => t.currency === currency);
  const figure = !total
    ? 0
    : kind === "charge"
      ? total.gross
      : kind === "refund"
        ? total.refunds
        : kind === "chargeback"
          ? total.disputes
          : total.net;
  const shown = rows.slice(0, PAGE);
  const last = shown.at(-1);
  if (rows.length > PAGE && last) params.set("after", `${last.at}~${last.id}`);
  const next = rows.length > PAGE && last ? `?${params}` : null;
  return { name: periodName(period), currency, kindParam, figure, rows: shown, next };
}

export const meta = privateMeta("Payments behind a figure", "Ledger rows.");

const KIND_WORDS: Record<string, string> = {
  charges: "Charges",
  refunds: "Refunds",
  disputes: "Lost disputes",
};

export default function BusinessLedger({ loaderData }: Route.ComponentProps) {
  const { name, currency, kindParam, figure, rows, next } = loaderData;
  const loading = useNavigation().state === "loading";
  const what = kindParam ? KIND_WORDS[kindParam] : "Net";
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:py-8">
      <p className="text-sm">
        <LightLink to="/admin/business" className="underline underline-offset-2">
          Business
        </LightLink>
      </p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight">
        {what}, {name}, {currency}: <span data-testid="figure">{cents(figure, currency)}</span>
      </h1>
      <p className="mt-2 text-sm text-muted-foreground" aria-live="polite">
        {loading ? "Loading…" : "Money returned shows as negative; the rows add up to the figure."}
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          No payments here.
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-border">
          <table className="stacked-table w-full text-sm sm:min-w-[40rem]">
            <ColumnHeaders
              labels={["Date", "Type", "Client", "Plan", "Amount", "Tax", "Code", "Stripe"]}
              rowClassName="border-b border-border text-left"
              cellClassName="px-3 py-2"
            />
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className="border-b border-border last:border-b-0">
                  <td className="px-3 py-2 tabular-nums" data-label="Date">
                    {new Date(r.occurredAt).toISOString().slice(0, 16).replace("T", " ")}
                  </td>
                  <td className="px-3 py-2" data-label="Type">
                    {LEDGER_KIND_LABELS[r.kind as LedgerKind] ?? r.kind}
                  </td>
                  <td className="px-3 py-2" data-label="Client">
                    <PersonLink id={r.personId} fullName={r.fullName} email={r.email} />
                  </td>
                  <td className="px-3 py-2" data-label="Plan">
                    {offerTitle(r.offer)}
                  </td>
                  <td className="px-3 py-2 tabular-nums" data-label="Amount">
                    {cents(signedAmount(r.kind, r.amount), r.currency)}
                  </td>
                  <td className="px-3 py-2 tabular-nums" data-label="Tax">
                    {r.tax === null ? "—" : cents(r.tax, r.currency)}
                  </td>
                  <td className="px-3 py-2" data-label="Code">
                    {r.discountCode ?? "—"}
                  </td>
                  <td className="px-3 py-2 font-mono text-xs" data-label="Stripe">
                    {r.paymentIntent ?? r.reference}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {next ? (
        <nav aria-label="Pages" className="mt-4 text-sm">
          <a href={next} className="underline">
            Next {PAGE}
          </a>
        </nav>
      ) : null}
    </div>
  );
}
