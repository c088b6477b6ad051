import { NewTabLink } from "~/components/ui/new-tab-link";
import {
  BEFORE_TAX,
  chargedWithTax,
  chargesToCome,
  DISPUTE_LABELS,
  discountText,
  instalmentsText,
  money,
  nextChargeDate,
  ORDER_STATUS_LABELS,
  type OrderSummary,
  offerTitle,
  type PricedOrder,
  priceText,
  taxText,
} from "~/domain/orders";
import { LocalDateTime } from "../portal/local-date-time";

// The portal's Billing tab and the admin client page show the same list.

export type OrderView = OrderSummary &
  Pick<PricedOrder, "listUnitAmount" | "discountCode" | "discountPercent"> & {
    id: string;
    dispute?: string | null;
    createdAt: string | Date;
    payments: {
      id: string;
      kind: string;
      amount: number;
      currency: string;
      receiptUrl: string | null;
      taxAmount?: number | null;
      occurredAt: string | Date;
    }[];
  };

const KIND_LABELS: Record<string, string> = {
  charge: "Payment",
  refund: "Refund",
  failed: "Failed payment",
  chargeback: "Taken back (dispute lost)",
};

export function DisputeBadge({ dispute }: { dispute: string | null | undefined }) {
  if (!dispute || !DISPUTE_LABELS[dispute]) return null;
  const tone =
    dispute === "won" ? "border-border text-muted-foreground" : "border-destructive text-destructive";
  return (
    <span className={`ml-2 inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${tone}`}>
      {DISPUTE_LABELS[dispute]}
    </span>
  );
}

export function StatusBadge({ status }: { status: string }) {
  const tone =
    status === "past_due"
      ? "border-destructive text-destructive"
      : status === "refunded" || status === "canceled"
        ? "border-border text-muted-foreground"
        : "border-primary/50 text-foreground";
  return (
    <span className={`inline-block rounded-full border px-2 py-0.5 text-xs font-medium ${tone}`}>
      {ORDER_STATUS_LABELS[status] ?? status}
    </span>
  );
}

export function OrderList({ orders, headingLevel = 2 }: { orders: OrderView[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="space-y-4">
      {orders.map((order) => {
        const instalments = instalmentsText(order);
        const priced = { ...order, beforeTax: chargedWithTax(order.payments) };
        return (
          <li key={order.id}>
            <article
              aria-labelledby={`order-${order.id}`}
              className="rounded-xl border border-border bg-card p-5"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                <Heading id={`order-${order.id}`} className="text-lg font-semibold">
                  {offerTitle(order.offer)}
                </Heading>
                <span>
                  <StatusBadge status={order.status} />
                  <DisputeBadge dispute={order.dispute} />
                </span>
              </div>
              <p className="mt-1 text-sm text-muted-foreground">
                {priceText(order)} · bought <LocalDateTime value={order.createdAt} />
              </p>
              {discountText(priced) ? (
                <p className="mt-1 text-sm text-muted-foreground">{discountText(priced)}</p>
              ) : null}
              {instalments ? <p className="mt-1 text-sm">Instalments: {instalments}</p> : null}
              {chargesToCome(order) ? <NextCharge order={order} /> : null}
              {order.payments.length > 0 ? (
                <ul className="mt-3 divide-y divide-border border-t border-border text-sm">
                  {order.payments.map((payment) => (
                    <li key={payment.id} className="flex flex-wrap justify-between gap-x-4 py-2">
                      <span>
                        {KIND_LABELS[payment.kind] ?? payment.kind} ·{" "}
                        <LocalDateTime value={payment.occurredAt} />
                      </span>
                      <span className="flex gap-3">
                        <span
                          className={
                            payment.kind === "failed" || payment.kind === "chargeback"
                              ? "text-destructive"
                              : ""
                          }
                        >
                          {payment.kind === "refund" || payment.kind === "chargeback" ? "−" : ""}
                          {money(payment.amount, payment.currency)}
                          {payment.taxAmount != null
                            ? ` (incl. ${taxText(payment.taxAmount, payment.currency)})`
                            : ""}
                        </span>
                        {payment.receiptUrl?.startsWith("https://") ? (
                          <NewTabLink href={payment.receiptUrl} className="underline underline-offset-2">
                            Receipt
                          </NewTabLink>
                        ) : null}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
            </article>
          </li>
        );
      })}
    </ul>
  );
}

function NextCharge({ order }: { order: OrderView }) {
  const date = nextChargeDate(order, order.payments);
  return (
    <p className="mt-1 text-sm">
      Next charge: {money(order.unitAmount, order.currency)}
      {chargedWithTax(order.payments) ? `${BEFORE_TAX}${date ? "," : ""}` : ""}
      {date ? (
        <>
          {" "}
          on <LocalDateTime value={date} dateOnly />
        </>
      ) : order.status === "past_due" ? (
        ", tried again once your card is updated"
      ) : null}
    </p>
  );
}
