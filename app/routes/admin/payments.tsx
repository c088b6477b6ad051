import { useNavigation, useSearchParams } from "react-router";
import { AdminPage } from "~/components/admin/admin-page";
import { PersonLink } from "~/components/admin/person-link";
import { LightLink } from "~/components/light-link";
import { DisputeBadge, StatusBadge } from "~/components/payments/order-list";
import { LocalDateTime } from "~/components/portal/local-date-time";
import { ColumnHeaders } from "~/components/ui/column-headers";
import { SelectField } from "~/components/ui/fields";
import { FilterForm } from "~/components/ui/filter-form";
import { CURRENCIES, parseCurrency } from "~/domain/financing";
import {
  discountText,
  money,
  ORDER_FILTER_STATUSES,
  ORDER_STATUS_LABELS,
  offerTitle,
  priceText,
  taxText,
} from "~/domain/orders";
import { privateMeta } from "~/lib/seo";
import { permitFor } from "~/server/auth/context.server";
import { getDb } from "~/server/db.server";
import { listOrders } from "~/server/models/orders.server";
import { routeAccess, staff } from "~/server/route-access";
import type { Route } from "./+types/payments";

export const access = routeAccess({ loader: staff("payments.read") });

// Read-only for coach and admin alike (docs/decisions/0027-payments.md).

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const status = ORDER_FILTER_STATUSES.find((s) => s === params.get("status")) ?? null;
  const currency = parseCurrency(params.get("currency"));
  const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get("page") ?? "1", 10) || 1));
  const result = await listOrders(await getDb(), permitFor(context, "payments.read"), {
    status: status ?? undefined,
    currency: currency ?? undefined,
    page,
  });
  return { ...result, status, currency };
}

export const meta = privateMeta("Payments", "Payments.");

export default function Payments({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageSize, status, currency } = loaderData;
  const [params] = useSearchParams();
  const loading = useNavigation().state === "loading";
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(n));
    return `?${next}`;
  };
  return (
    <AdminPage title="Payments">
      <FilterForm label="Filter payments" submit="Filter" className="mt-4 flex flex-wrap items-end gap-3">
        <SelectField
          name="status"
          label="Status"
          defaultValue={status ?? ""}
          compact
          options={[["", "All"], ...ORDER_FILTER_STATUSES.map((s) => [s, ORDER_STATUS_LABELS[s]] as const)]}
        />
        <SelectField
          name="currency"
          label="Currency"
          defaultValue={currency ?? ""}
          compact
          options={[["", "All"], ...CURRENCIES.map((c) => [c, c] as const)]}
        />
      </FilterForm>
      <p className="mt-4 text-sm text-muted-foreground" aria-live="polite">
        {loading ? "Loading…" : `${total} ${total === 1 ? "payment" : "payments"}, page ${page} of ${pages}`}
      </p>
      {rows.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-border p-6 text-center text-muted-foreground">
          No payments{status || currency ? " match these filters" : " yet"}.
        </p>
      ) : (
        <div className="mt-4 overflow-x-auto rounded-xl border border-border">
          <table className="stacked-table w-full text-sm sm:min-w-[40rem]">
            <ColumnHeaders
              labels={["Person", "Offer", "Amount", "Currency", "Status", "Date"]}
              rowClassName="border-b border-border text-left"
              cellClassName="px-3 py-2"
            />
            <tbody>
              {rows.map(({ order, email, fullName, tax }) => (
                <tr key={order.id} className="border-b border-border last:border-b-0">
                  <td className="px-3 py-2" data-label="Person">
                    <PersonLink id={order.personId} fullName={fullName} email={email} />
                  </td>
                  <td className="px-3 py-2" data-label="Offer">
                    {offerTitle(order.offer)}
                  </td>
                  <td className="px-3 py-2 tabular-nums" title={priceText(order)} data-label="Amount">
                    {money(order.unitAmount, order.currency).replace(` ${order.currency}`, "")}
                    {order.instalments
                      ? ` × ${order.instalments}`
                      : order.mode === "subscription"
                        ? " /month"
                        : ""}
                    {discountText({ ...order, beforeTax: tax != null }) ? (
                      <span className="mt-1 block text-xs text-muted-foreground">
                        {discountText({ ...order, beforeTax: tax != null })}
                      </span>
                    ) : null}
                    {tax != null ? (
                      <span className="mt-1 block text-xs text-muted-foreground">
                        Charged so far incl. {taxText(tax, order.currency)}
                      </span>
                    ) : null}
                  </td>
                  <td className="px-3 py-2" data-label="Currency">
                    {order.currency}
                  </td>
                  <td className="px-3 py-2" data-label="Status">
                    <StatusBadge status={order.status} />
                    <DisputeBadge dispute={order.dispute} />
                  </td>
                  <td className="px-3 py-2" data-label="Date">
                    <LocalDateTime value={order.createdAt} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {pages > 1 ? (
        <nav aria-label="Pages" className="mt-4 flex items-center gap-4 text-sm">
          {page > 1 ? (
            <LightLink to={pageLink(page - 1)} className="underline">
              Previous
            </LightLink>
          ) : null}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? (
            <LightLink to={pageLink(page + 1)} className="underline">
              Next
            </LightLink>
          ) : null}
        </nav>
      ) : null}
    </AdminPage>
  );
}
